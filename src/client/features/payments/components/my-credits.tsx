import { formatShortDate } from '../../../../shared/dates.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { errorText, FormAlert } from '../../../components/ui/form-alert.tsx';
import { moneyText } from '../../../lib/money-text.ts';
import { useMyCredits, useUseMyCredit } from '../api/my-credits.ts';

/**
 * A credit kept from the entrant's earlier entry (a refund he chose to keep for next time), offered on his
 * entry's page while it owes. Nothing shows when he has none.
 */
export function MyCredits({ token }: { token: string }) {
  const credits = useMyCredits(token);
  const use = useUseMyCredit(token);
  if (!credits.data || credits.data.length === 0) return null;
  return (
    <section aria-labelledby="credit-heading" className="rounded-xl border border-brand-200 bg-brand-50 p-5">
      <h2 id="credit-heading" className="mb-2 text-2xl font-bold">
        You have a credit
      </h2>
      {credits.data.map((credit) => {
        const money = moneyText(credit.currency, credit.amount);
        return (
          <div key={credit.id} className="flex flex-col gap-3">
            <p>
              {money} kept from your entry {credit.fromReference} ({credit.fromEdition}), usable until{' '}
              {formatShortDate(credit.expiresOn)}. Use it to pay this entry.
            </p>
            <button
              type="button"
              className={`${buttonClass} self-start`}
              disabled={use.isPending}
              onClick={() => use.mutate(credit.id)}
            >
              {use.isPending ? 'Using your credit…' : `Use my credit of ${money}`}
            </button>
          </div>
        );
      })}
      <div aria-live="polite" className="empty:hidden">
        {use.isError && <FormAlert>{errorText(use.error)}</FormAlert>}
      </div>
    </section>
  );
}
