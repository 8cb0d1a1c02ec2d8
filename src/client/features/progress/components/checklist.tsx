import type { ManProgress } from '../../../../shared/progress/progress.ts';

type Entry = ManProgress['checklist'][number];

function Mark({ done }: { done: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold ${done ? 'border-green-700 bg-green-700 text-white' : 'border-stone-400 bg-white text-transparent'}`}
    >
      ✓
    </span>
  );
}

/** A bar under an automatic item (2 of 5 sessions attended); its words say the same. */
function ProgressBar({ count, of }: { count: number; of: number }) {
  const percent = of > 0 ? Math.min(100, Math.round((count / of) * 100)) : 0;
  return (
    <span
      aria-hidden="true"
      className="mt-1.5 block h-2 w-full max-w-56 overflow-hidden rounded-full bg-stone-200"
    >
      <span className="block h-full rounded-full bg-green-700" style={{ width: `${percent}%` }} />
    </span>
  );
}

/**
 * The Welcome checklist as he sees it: automatic items with their live progress, the others ticked
 * (or not yet) by his facilitator or an admin.
 */
export function Checklist({ items }: { items: Entry[] }) {
  if (items.length === 0) return <p className="text-stone-700">The checklist is empty.</p>;
  return (
    <ul className="flex flex-col gap-3">
      {items.map((item) => (
        <ChecklistLine key={item.id} item={item} />
      ))}
    </ul>
  );
}

function ChecklistLine({ item }: { item: Entry }) {
  // Said in words too: the mark is only a picture.
  const state =
    item.kind === 'manual'
      ? item.done
        ? 'Ticked by your facilitator'
        : 'Not yet ticked by your facilitator'
      : item.done
        ? 'Done'
        : 'Not done yet';
  return (
    <li className="flex gap-3">
      <Mark done={item.done} />
      <div className="min-w-0">
        <p className="text-stone-900">{item.text}</p>
        {item.progress ? (
          <>
            <p className="text-sm font-semibold text-stone-800">{item.progress.label}</p>
            <ProgressBar count={item.progress.count} of={item.progress.of} />
          </>
        ) : null}
        <p className={item.kind === 'manual' ? 'text-sm text-stone-600' : 'sr-only'}>{state}</p>
      </div>
    </li>
  );
}
