import type { FinishLineMerge } from '../../../../shared/results/finish-line.ts';
import { rowButtonClass } from '../../../components/ui/button.tsx';
import { clockTime } from '../clock.ts';

/** The taps beside the bibs, line by line: a line with one side missing is a gap. */
export function MergeRows({
  merge,
  busy,
  onDelete,
}: {
  merge: FinishLineMerge;
  busy: boolean;
  onDelete: (kind: 'taps' | 'bibs', id: string, what: string) => void;
}) {
  if (merge.rows.length === 0) return <p>Nothing was recorded for this race yet.</p>;
  return (
    <ol className="flex flex-col gap-2">
      {merge.rows.map((row) => {
        const gap = !row.tap || !row.bib || row.bib.problem;
        return (
          <li
            key={row.position}
            aria-label={`Line ${row.position}`}
            className={`grid grid-cols-[2.5rem_1fr_1fr] items-start gap-2 rounded-xl border bg-white p-3 shadow-sm ${gap ? 'border-amber-500 bg-amber-50' : 'border-stone-200'}`}
          >
            <span className="text-lg font-bold">{row.position}</span>
            <div className="flex flex-col gap-1">
              {row.tap ? (
                <>
                  <span className="text-lg font-bold">{row.tap.time ?? 'before the start'}</span>
                  <span className="text-sm text-stone-700">tapped {clockTime(row.tap.at)}</span>
                  <button
                    type="button"
                    disabled={busy}
                    className={rowButtonClass}
                    onClick={() =>
                      row.tap &&
                      onDelete(
                        'taps',
                        row.tap.id,
                        `Deleted the tap of line ${row.position}${row.tap.time ? ` (${row.tap.time}): to put it back, insert a tap of ${row.tap.time}` : ''}.`,
                      )
                    }
                  >
                    Delete tap {row.position}
                  </button>
                </>
              ) : (
                <span className="font-semibold text-amber-900">No tap</span>
              )}
            </div>
            <div className="flex flex-col gap-1">
              {row.bib ? (
                <>
                  <span className="text-lg font-bold">Bib {row.bib.bib}</span>
                  <span className="text-sm text-stone-800">{row.bib.name ?? ''}</span>
                  <span className="text-sm text-stone-700">entered {clockTime(row.bib.at)}</span>
                  {row.bib.problem && (
                    <span className="text-sm font-semibold text-red-800">{row.bib.problem}</span>
                  )}
                  <button
                    type="button"
                    disabled={busy}
                    className={rowButtonClass}
                    onClick={() =>
                      row.bib &&
                      onDelete(
                        'bibs',
                        row.bib.id,
                        `Deleted bib ${row.bib.bib}: to put it back, insert it again.`,
                      )
                    }
                  >
                    Delete bib {row.bib.bib}
                  </button>
                </>
              ) : (
                <span className="font-semibold text-amber-900">No bib</span>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
