import { useState } from 'react';
import { owes } from '../../../../shared/payments/balance.ts';
import { PAYMENT_STATUS_LABELS } from '../../../../shared/registrations/team.ts';
import type { StatementLine } from '../../../../shared/statements/statements.ts';
import { rowButtonClass } from '../../../components/ui/button.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { SearchBox } from '../../../components/ui/search-box.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import { useEntrySearch } from '../api/statements.ts';

/** An entry the line may be assigned to: one it names, or one the admin found. */
interface Pickable {
  id: string;
  label: string;
  /** Paid, waived or cancelled: nothing to pay. */
  closed: boolean;
}

const named = (line: StatementLine): Pickable[] =>
  line.entries.map((entry) => ({
    id: entry.id,
    label: `${entry.name} ${entry.reference} (${
      entry.cancelled
        ? 'cancelled'
        : !owes(entry.paymentStatus)
          ? `already ${entry.paymentStatus}`
          : `fee ${entry.fee === null ? 'none' : `${line.currency} ${entry.fee}`}`
    })`,
    closed: entry.cancelled || !owes(entry.paymentStatus),
  }));

/**
 * The entries a line pays when confirmed, ticked by the admin in the order they are to be paid: those it names
 * (or its payer's number found), and any other found by name or reference.
 */
export function AssignEntries({
  line,
  legend,
  value,
  onChange,
}: {
  line: StatementLine;
  legend: string;
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const [found, setFound] = useState<Pickable[]>([]);
  const options = [...named(line), ...found.filter((entry) => !line.entries.some((e) => e.id === entry.id))];
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...value.filter((each) => each !== id), id] : value.filter((each) => each !== id));
  return (
    <fieldset className="mt-2">
      <legend className="font-medium">{legend}</legend>
      {value.length > 1 && (
        <p className="text-sm text-stone-700">
          Paid in the order ticked: whole fees first, the rest a part payment.
        </p>
      )}
      <div className="mt-1 flex flex-col gap-1">
        {options.map((entry) => (
          <label key={entry.id} className="flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              className="size-5 shrink-0 accent-brand-700"
              checked={value.includes(entry.id)}
              disabled={entry.closed}
              onChange={(event) => toggle(entry.id, event.target.checked)}
            />
            {entry.label}
          </label>
        ))}
      </div>
      <FindEntry
        exclude={options.map((entry) => entry.id)}
        onPick={(entry) => {
          setFound((now) => [...now, entry]);
          toggle(entry.id, true);
        }}
      />
    </fieldset>
  );
}

/** A search by name or reference; each entry found can be added to the line. */
function FindEntry({ exclude, onPick }: { exclude: string[]; onPick: (entry: Pickable) => void }) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const search = useEntrySearch(q);
  const rows = search.data?.rows.filter((row) => !exclude.includes(row.id)) ?? [];
  return (
    <div className="mt-2 flex flex-col gap-2">
      <SearchBox
        label="Assign to another entry"
        hint="A name or a reference, e.g. Moyo or CFR25-0042"
        value={text}
        onChange={setText}
        onSearch={() => setQ(text.trim())}
        submitLabel="Find"
      />
      {q.length > 0 && q.length < 2 && <p className="text-sm text-stone-700">Type at least two letters.</p>}
      {search.isFetching && <Loading label="Finding entries…" />}
      <QueryError query={search} />
      {search.data && rows.length === 0 && (
        <p className="text-sm text-stone-700">No other entry matches “{q}”.</p>
      )}
      {rows.length > 0 && (
        <ul className="flex flex-col gap-1" aria-label="Entries found">
          {rows.map((row) => {
            const label = `${row.firstName} ${row.lastName} ${row.reference}`;
            return (
              <li key={row.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {label} · {row.raceType} · {PAYMENT_STATUS_LABELS[row.paymentStatus]}
                </span>
                <button
                  type="button"
                  className={rowButtonClass}
                  aria-label={`Add ${label}`}
                  onClick={() => {
                    setText('');
                    setQ('');
                    onPick({
                      id: row.id,
                      label: `${label} (${row.raceType}, ${PAYMENT_STATUS_LABELS[row.paymentStatus].toLowerCase()})`,
                      closed: !owes(row.paymentStatus),
                    });
                  }}
                >
                  Add
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
