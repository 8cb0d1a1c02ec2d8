import { type FormEvent, useRef, useState } from 'react';
import { Button, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { NumberField } from '../../../components/ui/field.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import { bibQueue } from '../finish-queue.ts';

/** The bib phone: each finisher's bib, typed (or scanned by a hand-held scanner) in the order they cross. */
export function EnterBibs({ raceId }: { raceId: string }) {
  const log = bibQueue.useLog();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  if (!log) return <Loading label="Reading this phone’s bibs…" />;
  const bibs = log.items.filter((item) => 'raceId' in item && item.raceId === raceId && !item.undone) as {
    bib: number;
    seq: number;
  }[];

  function add(event: FormEvent) {
    event.preventDefault();
    const bib = Number(text.trim());
    if (!/^\d{1,5}$/.test(text.trim()) || bib < 1) {
      setError('Enter the bib number');
      return;
    }
    setError(undefined);
    setText('');
    void bibQueue.add({ raceId, bib, at: new Date().toISOString() });
    input.current?.focus();
  }

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={add} className="flex items-end gap-2" noValidate>
        <NumberField
          ref={input}
          label="Bib number"
          hint="In the order they cross; Enter adds it."
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={error}
          fieldClassName="grow"
          className="text-2xl"
          autoComplete="off"
        />
        <Button type="submit" className="mb-[1px]">
          Add
        </Button>
      </form>
      <div role="status" className="rounded-lg border border-stone-300 bg-white p-3">
        {bibs.length === 0 ? (
          <p className="text-lg">No bib entered yet.</p>
        ) : (
          <>
            <p className="text-lg">
              <strong>{bibs.length}</strong> {bibs.length === 1 ? 'bib' : 'bibs'} entered · last{' '}
              <strong>{bibs.at(-1)?.bib}</strong>
            </p>
            <p className="text-sm text-stone-700">
              Before:{' '}
              {bibs
                .slice(-6, -1)
                .reverse()
                .map((item) => item.bib)
                .join(', ') || 'none'}
            </p>
          </>
        )}
      </div>
      {bibs.length > 0 && (
        <button
          type="button"
          onClick={() => void bibQueue.undoLast((item) => 'raceId' in item && item.raceId === raceId)}
          className={secondaryButtonClass}
        >
          Undo last bib
        </button>
      )}
    </div>
  );
}
