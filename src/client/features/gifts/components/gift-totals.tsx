import type { GiftTotals } from '../../../../shared/gifts/gifts.ts';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { moneyText } from '../../../lib/money-text.ts';
import { useGiftTotals } from '../api/admin-gifts.ts';

/** Paid gifts by currency, how many, and how far towards the goal (USD gifts). */
export function GiftTotalsFigures({ totals }: { totals: GiftTotals }) {
  const goal = Number(totals.goalUsd);
  const share = goal > 0 ? Math.round((Number(totals.paid.USD) / goal) * 100) : null;
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <li className="rounded-xl border border-stone-200 bg-white p-4">
        <p className="text-sm text-stone-600">Gifts received</p>
        <p className="flex flex-col text-xl font-bold sm:text-2xl">
          <span className="whitespace-nowrap">{moneyText('USD', totals.paid.USD)}</span>
          <span className="whitespace-nowrap">{moneyText('ZWG', totals.paid.ZWG)}</span>
        </p>
      </li>
      <li className="rounded-xl border border-stone-200 bg-white p-4">
        <p className="text-sm text-stone-600">Paid gifts</p>
        <p className="text-2xl font-bold">{totals.paidCount}</p>
        <p className="text-sm text-stone-700">{totals.unpaidCount} waiting for money</p>
      </li>
      <li className="rounded-xl border border-stone-200 bg-white p-4">
        <p className="text-sm text-stone-600">To the goal</p>
        <p className="text-2xl font-bold">{share === null ? 'No goal' : `${share}%`}</p>
        {share !== null && <p className="text-sm text-stone-700">of {moneyText('USD', totals.goalUsd)}</p>}
      </li>
    </ul>
  );
}

/** The dashboard's "Gifts to the cause": shown once the cause has gifts open or any gift was made. */
export function DashboardGifts() {
  const totals = useGiftTotals();
  const data = totals.data;
  if (totals.isError) return <QueryError query={totals} />;
  if (!data || (data.paidCount === 0 && data.unpaidCount === 0)) return null;
  return (
    <section aria-labelledby="gifts-heading" className="mb-8">
      <h2 id="gifts-heading" className="mb-3 text-xl font-bold">
        <a href="/Gifts" className="underline decoration-stone-300 underline-offset-4 hover:text-brand-700">
          Gifts to the cause
        </a>
      </h2>
      <GiftTotalsFigures totals={data} />
    </section>
  );
}
