import { lazy, Suspense } from 'react';
import { DISCIPLINE_LABELS } from '../../../shared/events/event-display.ts';
import { formatFees, priceText } from '../../../shared/money.ts';
import { fromCents, toCents } from '../../../shared/payments/balance.ts';
import type { PayLink } from '../../../shared/payments/pay-link.ts';
import { PublicPage } from '../../components/public-page.tsx';
import { ReferenceCard } from '../../components/reference-card.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { Loading } from '../../components/ui/status.tsx';
import { useEvent } from '../../features/events/api/get-event.ts';
import { PaymentOptions } from '../../features/events/components/payment-options.tsx';
import { usePayLink } from '../../features/pay-links/api/pay-link.ts';
import { ApiError } from '../../lib/api.ts';
import { usePageData } from '../page-data.ts';

// Its own chunk: only events with online payment on need it.
const PayOnline = lazy(() => import('../../features/payments/components/pay-online.tsx'));

/**
 * /PayFor/<token>, a "pay for me" link (issue 36): someone else sees first names, races and what is due, and
 * pays it. The server renders it with the bank details, so it can be read and paid by bank without JavaScript.
 */
export function PayForPage({ token }: { token: string }) {
  const payLink = usePayLink(token);
  const served = usePageData()?.linkRefused;
  const refused =
    payLink.isError && payLink.error instanceof ApiError && payLink.error.status === 404
      ? payLink.error.message
      : payLink.isPending && served?.token === token
        ? served.message
        : undefined;
  return (
    <PublicPage title="Pay for a fun run entry">
      <h1 className="text-3xl font-bold">Pay for a fun run entry</h1>
      {refused !== undefined ? (
        <div className="mt-6">
          <FormAlert>{refused}</FormAlert>
        </div>
      ) : (
        <>
          {payLink.isPending && <Loading label="Loading what is due…" />}
          {payLink.isError && <QueryError query={payLink} />}
        </>
      )}
      {payLink.data && <PayFor token={token} payLink={payLink.data} />}
    </PublicPage>
  );
}

function PayFor({ token, payLink }: { token: string; payLink: PayLink }) {
  const { data: event } = useEvent();
  const total = formatFees(payLink.due.usd, payLink.due.zwg);
  // An unpaid gift to the cause (issue 43) is in the due of its currency, with the entry's fee.
  const gift = payLink.gift ?? null;
  const dueWithGift = gift ? payLink.due[gift.currency === 'USD' ? 'usd' : 'zwg'] : null;
  const fee = gift && dueWithGift ? toCents(dueWithGift) - toCents(gift.amount) : 0;
  return (
    <div className="mt-6 flex flex-col gap-8">
      <p className="text-lg text-stone-800">
        You were sent this link to pay for {payLink.people.length > 1 ? 'these entries' : 'this entry'} in the
        Celebration Fun Run.
      </p>
      <section aria-labelledby="who-heading">
        <h2 id="who-heading" className="mb-3 text-2xl font-bold">
          Who it pays for
        </h2>
        <ul className="flex flex-col gap-2">
          {payLink.people.map((person, index) => (
            <li
              // First names may repeat, and may be hidden: their order is the form's.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the page's life.
              key={index}
              className="rounded-lg border border-stone-300 bg-white p-3"
            >
              <span className="font-semibold text-stone-900">{person.firstName ?? 'An entrant'}</span>
              <span className="text-stone-700">
                {' '}
                · {DISCIPLINE_LABELS[person.discipline]} · {person.raceType}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <ReferenceCard label="Payment reference" reference={payLink.reference}>
        {payLink.paid ? (
          <p className="mt-3 text-xl font-bold text-green-800">Paid — nothing is due. Thank you!</p>
        ) : total ? (
          <>
            <p className="mt-3 text-xl font-bold text-stone-900">Total due: {total}</p>
            {gift && (
              <p className="mt-1 text-stone-800">
                {fee > 0
                  ? `${payLink.people.length > 1 ? 'Entries' : 'Entry'} ${priceText(gift.currency, fromCents(fee))} and a gift of ${priceText(gift.currency, gift.amount)} to the cause, paid together under this reference.`
                  : `A gift of ${priceText(gift.currency, gift.amount)} to the cause, paid under this reference.`}
              </p>
            )}
          </>
        ) : (
          <p className="mt-3 font-semibold text-stone-900">The organisers confirm the fee.</p>
        )}
        {!payLink.paid && <p className="mt-2 text-sm text-stone-600">Quote this reference when you pay.</p>}
      </ReferenceCard>

      {!payLink.paid && (
        <div className="empty:hidden">
          <Suspense fallback={null}>
            <PayOnline token={token} via="pay-link" />
          </Suspense>
        </div>
      )}

      {!payLink.paid && event && (
        <section aria-labelledby="pay-heading">
          <h2 id="pay-heading" className="mb-4 text-2xl font-bold">
            How to pay
          </h2>
          <PaymentOptions event={event} reference={payLink.reference} fees={payLink.due} />
        </section>
      )}
    </div>
  );
}
