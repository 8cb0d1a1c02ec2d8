import { useId, useState } from 'react';
import { DISCIPLINE_LABELS } from '../../../../shared/events/event-display.ts';
import {
  type AdminResult,
  type AdminResults,
  RESULT_STATUS_LABELS,
  RESULT_STATUSES,
  type ResultStatus,
} from '../../../../shared/results/results.ts';
import { rowButtonClass } from '../../../components/ui/button.tsx';
import { Dialog, SaveActions } from '../../../components/ui/dialog.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useCorrectResult } from '../api/results.ts';

/** Each race's results in finishing order, each correctable. */
export function ResultsTables({ results }: { results: AdminResults }) {
  const [correcting, setCorrecting] = useState<AdminResult>();
  const races = results.races.filter((race) => race.results.length > 0);
  if (races.length === 0)
    return <p className="text-stone-700">No results yet: import the timer’s file above.</p>;
  return (
    <>
      {races.map((race) => (
        <RaceResults
          key={race.id}
          title={`${DISCIPLINE_LABELS[race.discipline]} ${race.label}`}
          rows={race.results}
          onCorrect={setCorrecting}
        />
      ))}
      {correcting && <CorrectionDialog result={correcting} onClose={() => setCorrecting(undefined)} />}
    </>
  );
}

function RaceResults({
  title,
  rows,
  onCorrect,
}: {
  title: string;
  rows: AdminResult[];
  onCorrect: (result: AdminResult) => void;
}) {
  const headingId = useId();
  const finishers = rows.filter((row) => row.status === 'finished').length;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-lg font-semibold">
        {title}: {finishers} {finishers === 1 ? 'finisher' : 'finishers'}
      </h3>
      <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
        <table className="min-w-full text-left text-sm">
          <thead className="bg-stone-100">
            <tr>
              <th scope="col" className="px-3 py-2">
                Place
              </th>
              <th scope="col" className="px-3 py-2">
                Bib
              </th>
              <th scope="col" className="px-3 py-2">
                Name
              </th>
              <th scope="col" className="px-3 py-2">
                Time
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.registrationId} className="border-t border-stone-200">
                <td className="px-3 py-2 tabular-nums">{row.place ?? '—'}</td>
                <td className="px-3 py-2 tabular-nums">{row.bib ?? '—'}</td>
                <td className="px-3 py-2">
                  {row.firstName} {row.lastName}
                </td>
                <td className="px-3 py-2 tabular-nums">{row.time ?? RESULT_STATUS_LABELS[row.status]}</td>
                <td className="px-3 py-2 text-right">
                  <button
                    type="button"
                    className={rowButtonClass}
                    aria-label={`Correct the result of bib ${row.bib ?? row.reference}`}
                    onClick={() => onCorrect(row)}
                  >
                    Correct
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function CorrectionDialog({ result, onClose }: { result: AdminResult; onClose: () => void }) {
  const [status, setStatus] = useState<ResultStatus>(result.status);
  const [time, setTime] = useState(result.time ?? '');
  const correct = useCorrectResult();
  const timeError =
    correct.error instanceof ApiError
      ? correct.error.errors.find((error) => error.path === 'time')?.message
      : undefined;
  return (
    <Dialog open title={`Correct bib ${result.bib ?? result.reference}`} onClose={onClose}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          correct.mutate(
            { id: result.registrationId, correction: { status, ...(status === 'finished' ? { time } : {}) } },
            { onSuccess: onClose },
          );
        }}
      >
        <p className="text-stone-700">
          {result.firstName} {result.lastName}, {result.reference}. The change is kept in the entry’s history.
        </p>
        <SelectField
          label="Result"
          value={status}
          onChange={(event) => setStatus(event.target.value as ResultStatus)}
        >
          {RESULT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {RESULT_STATUS_LABELS[value]}
            </option>
          ))}
        </SelectField>
        {status === 'finished' && (
          <TextField
            label="Time"
            hint="h:mm:ss, mm:ss or seconds"
            inputMode="decimal"
            autoComplete="off"
            value={time}
            error={timeError}
            onChange={(event) => setTime(event.target.value)}
          />
        )}
        <SaveActions
          failure={timeError ? undefined : correct.error}
          onCancel={onClose}
          busy={correct.isPending}
        />
      </form>
    </Dialog>
  );
}
