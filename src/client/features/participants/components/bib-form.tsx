import { type FormEvent, useState } from 'react';
import { BibInputSchema, formatBibRange } from '../../../../shared/participants/bibs.ts';
import type { ParticipantDetail } from '../../../../shared/participants/participants.ts';
import { rowButtonClass } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { errorText } from '../../../components/ui/form-alert.tsx';
import { useSetBib } from '../api/bibs.ts';

/** An entry's bib: what it is, and a field to set it by hand or clear it (empty). */
export function BibForm({ entry, onSaved }: { entry: ParticipantDetail; onSaved: (text: string) => void }) {
  const save = useSetBib();
  const [value, setValue] = useState(entry.bib === null ? '' : String(entry.bib));
  const [error, setError] = useState<string>();
  const range = entry.raceBibs;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const typed = value.trim();
    const parsed = BibInputSchema.safeParse({
      bib: typed === '' ? null : /^\d+$/.test(typed) ? Number(typed) : typed,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter the bib as a whole number');
      return;
    }
    setError(undefined);
    try {
      const saved = await save.mutateAsync({ id: entry.id, body: parsed.data });
      onSaved(saved.bib === null ? 'The bib was cleared.' : `Bib ${saved.bib} saved.`);
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 rounded-lg bg-stone-50 p-4">
      <TextField
        label="Bib number"
        hint={
          range.bibFrom === null
            ? 'The race has no bib numbers yet (Event settings → Races). Leave empty for none.'
            : `One of ${formatBibRange(range)} that no other entry has. Leave empty to clear it.`
        }
        error={error}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        inputMode="numeric"
        autoComplete="off"
        className="sm:max-w-48"
      />
      <button type="submit" className={`${rowButtonClass} self-start`} disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save bib'}
      </button>
    </form>
  );
}
