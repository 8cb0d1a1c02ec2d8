import { type FormEvent, useState } from 'react';
import type { FinishLineMerge } from '../../../../shared/results/finish-line.ts';
import { SubmitButton } from '../../../components/ui/button.tsx';
import { NumberField, SelectField, TextField } from '../../../components/ui/field.tsx';
import { errorText } from '../../../components/ui/form-alert.tsx';
import { useInsertBib, useInsertTap } from '../api/finish-line.ts';

/** Puts in a missed tap (by its time off a watch or a video) or a missed bib (after the line chosen). */
export function FixGaps({ raceId, merge }: { raceId: string; merge: FinishLineMerge }) {
  const insertTap = useInsertTap(raceId);
  const insertBib = useInsertBib(raceId);
  const [time, setTime] = useState('');
  const [bib, setBib] = useState('');
  const [after, setAfter] = useState('');
  const bibRows = merge.rows.filter((row) => row.bib);

  function addTap(event: FormEvent) {
    event.preventDefault();
    insertTap.mutate(time, { onSuccess: () => setTime('') });
  }
  function addBib(event: FormEvent) {
    event.preventDefault();
    insertBib.mutate(
      { bib: Number(bib), after: after === '' ? null : after },
      { onSuccess: () => setBib('') },
    );
  }
  const fieldError = (error: unknown, path: string) =>
    error
      ? (((error as { errors?: { path: string; message: string }[] }).errors ?? []).find(
          (one) => one.path === path,
        )?.message ?? errorText(error))
      : undefined;

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <form
        onSubmit={addTap}
        noValidate
        className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4"
      >
        <h3 className="font-bold">A missed tap</h3>
        <TextField
          label="Finish time"
          hint="As h:mm:ss or mm:ss, e.g. from a watch or a video; it takes its place by time."
          value={time}
          onChange={(event) => setTime(event.target.value)}
          error={fieldError(insertTap.error, 'time')}
          inputMode="decimal"
          autoComplete="off"
        />
        <SubmitButton busy={insertTap.isPending} busyLabel="Inserting…">
          Insert tap
        </SubmitButton>
      </form>
      <form
        onSubmit={addBib}
        noValidate
        className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4"
      >
        <h3 className="font-bold">A missed bib</h3>
        <NumberField
          label="Missed bib number"
          value={bib}
          onChange={(event) => setBib(event.target.value)}
          error={fieldError(insertBib.error, 'bib')}
          autoComplete="off"
        />
        <SelectField label="Put it after" value={after} onChange={(event) => setAfter(event.target.value)}>
          <option value="">At the top (first)</option>
          {bibRows.map((row) => (
            <option key={row.bib?.id} value={row.bib?.id}>
              Line {row.position}: bib {row.bib?.bib}
            </option>
          ))}
        </SelectField>
        <SubmitButton busy={insertBib.isPending} busyLabel="Inserting…">
          Insert bib
        </SubmitButton>
      </form>
    </div>
  );
}
