import { formatShortDate } from '../../../../shared/dates.ts';
import type { MoneyBack as MoneyBackRows } from '../../../../shared/payments/refunds.ts';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { moneyText } from '../../../lib/money-text.ts';
import { useMoneyBack, useOpenCredits } from '../api/refunds.ts';

type Row = MoneyBackRows[number];

const REASONS: Record<Row['reason'], string> = {
  cancelled: 'cancelled after paying',
  over: 'paid more than the fee',
};

/**
 * The entries with money to give back or keep as credit, in one short list above the participants (a
 * cancelled entry is no longer in the list itself). Nothing shows when there are none.
 */
export function MoneyBack({ onOpen }: { onOpen: (entry: Row) => void }) {
  const rows = useMoneyBack();
  if (rows.isError) return <QueryError query={rows} />;
  if (!rows.data || rows.data.length === 0) return null;
  const count = rows.data.length;
  return (
    <details className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <summary className="cursor-pointer font-semibold text-stone-900">
        Money to give back: {count} {count === 1 ? 'entry' : 'entries'}
      </summary>
      <p className="mt-2 text-stone-800">
        Open an entry to record a refund, or to keep the money as a credit for the person’s next entry.
      </p>
      <ul className="mt-2 flex flex-col gap-1">
        {rows.data.map((row) => (
          <li key={row.id}>
            <button
              type="button"
              className="text-left font-medium text-brand-800 underline"
              onClick={() => onOpen(row)}
            >
              {row.firstName} {row.lastName} ({row.reference}): {REASONS[row.reason]},{' '}
              {moneyText(row.currency, row.amount)} to give back
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Credits kept for people's next entries, not yet used nor expired. Nothing shows when there are none. */
export function OpenCredits() {
  const credits = useOpenCredits();
  if (credits.isError) return <QueryError query={credits} />;
  if (!credits.data || credits.data.length === 0) return null;
  const count = credits.data.length;
  return (
    <details className="mb-4 rounded-xl border border-stone-200 bg-white p-4">
      <summary className="cursor-pointer font-semibold text-stone-900">
        Credits kept for next entries: {count}
      </summary>
      <p className="mt-2 text-stone-800">
        Each is offered when the same person (same email, or same mobile and names) registers again, until its
        last day.
      </p>
      <ul className="mt-2 flex flex-col gap-1">
        {credits.data.map((credit) => (
          <li key={credit.id}>
            {credit.name} ({credit.reference}, {credit.edition}): {moneyText(credit.currency, credit.amount)},
            credit note {credit.creditNoteNumber}, usable until {formatShortDate(credit.expiresOn)}
          </li>
        ))}
      </ul>
    </details>
  );
}
