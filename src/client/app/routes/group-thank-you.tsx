import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { PublicEvent } from '../../../shared/events/event.ts';
import { DISCIPLINE_LABELS, displayPhone } from '../../../shared/events/event-display.ts';
import { quotedFees } from '../../../shared/events/zwg-rate.ts';
import { feeToBeConfirmed, formatFees, priceText } from '../../../shared/money.ts';
import type { GroupReceipt } from '../../../shared/registrations/group.ts';
import type { NotifyBy } from '../../../shared/sms/sms-settings.ts';
import { ReferenceCard } from '../../components/reference-card.tsx';
import { PaymentOptions } from '../../features/events/components/payment-options.tsx';
import { CheckInQr } from '../../features/my-registration/components/check-in-qr.tsx';
import { SendPayLink } from '../../features/pay-links/components/send-pay-link.tsx';
import { reachedBy, sentAs } from '../../features/registrations/told-by.ts';
import { useHydrated } from '../page-data.ts';

const PayOnline = lazy(() => import('../../features/payments/components/pay-online.tsx'));

/**
 * A group's thank-you (issue 36): the one reference that pays for everyone and the total due, each person's
 * own reference, race and fee with his private link and QR code, and how to pay with the group reference.
 */
export function GroupThankYou({
  receipt,
  event,
  told,
}: {
  receipt: GroupReceipt;
  event?: PublicEvent;
  /** How the contact chose to be told (a form's, none from a link). */
  told?: NotifyBy;
}) {
  // A currency no one's fee (nor the gift) is in is not offered: no "or ZWG 0.00" beside a USD-only race.
  const inCurrency = (currency: 'USD' | 'ZWG') =>
    receipt.gift?.currency === currency ||
    receipt.members.some((member) => (currency === 'USD' ? member.feeUsd : member.feeZwg) !== null);
  const total = quotedFees({
    feeUsd: inCurrency('USD') ? receipt.due.usd : null,
    feeZwg: inCurrency('ZWG') ? receipt.due.zwg : null,
    zwgRate: receipt.zwgRate,
    zwgRateDate: receipt.zwgRateDate,
  });
  // A race without a fee set has its fee confirmed by the organisers: nothing is due only when every fee is known.
  const feeUnknown = receipt.members.some((member) => member.feeUsd === null && member.feeZwg === null);
  const nothingDue = !feeUnknown && Number(receipt.due.usd) === 0 && Number(receipt.due.zwg) === 0;
  const zero = Number(receipt.due.usd) === 0 && Number(receipt.due.zwg) === 0;
  // A member's private link makes a pay link for the group's total (told only to whoever registered it).
  const payLinkToken = receipt.members.find((member) => member.myLink)?.myLink?.replace(/^\/My\//, '');
  const hydrated = useHydrated();
  return (
    <>
      <ReferenceCard
        label="Your group reference"
        reference={receipt.groupReference}
        className="mt-8 text-center"
      >
        {nothingDue ? (
          <p className="mt-3 text-xl font-bold text-stone-900">Nothing to pay.</p>
        ) : (
          <>
            {!zero && <p className="mt-3 text-xl font-bold text-stone-900">Total due: {total}</p>}
            {receipt.gift && (
              <p className="mt-1 text-stone-800">
                The fees and your gift {priceText(receipt.gift.currency, receipt.gift.amount)} to the cause,
                paid together under this reference. Thank you for giving.
              </p>
            )}
            {feeUnknown && event && (
              <p className="mt-3 font-semibold text-stone-900">
                {feeToBeConfirmed(displayPhone(event, event.contactPhone))}
              </p>
            )}
          </>
        )}
        <p className="mt-2 text-sm text-stone-600">
          We have {sentAs(told)} the contact a copy.
          {!nothingDue && ' Quote this reference when you pay: one payment pays for everyone below.'}
        </p>
      </ReferenceCard>

      <section aria-labelledby="group-people-heading" className="mt-8">
        <h2 id="group-people-heading" className="mb-4 text-2xl font-bold">
          Who is registered
        </h2>
        <ul className="flex flex-col gap-6">
          {receipt.members.map((member, index) => {
            const name = `${member.firstName} ${member.lastName}`;
            const fee = formatFees(member.feeUsd, member.feeZwg);
            return (
              <li
                key={member.reference}
                className="rounded-xl border border-stone-300 bg-white p-4 shadow-sm"
              >
                <p className="text-lg font-semibold text-stone-900">{name}</p>
                <p className="font-mono text-stone-900">{member.reference}</p>
                <p className="text-stone-800">
                  {DISCIPLINE_LABELS[member.discipline]} · {member.raceType}
                  {fee && ` · ${fee}`}
                </p>
                {member.myLink && (
                  <>
                    <p className="mt-2 text-stone-800">
                      To change or cancel this entry, open{' '}
                      <Link to={member.myLink} className="font-semibold text-brand-700 underline">
                        {member.firstName}'s registration page
                      </Link>
                      . Keep its link private.
                    </p>
                    <div className="mt-4">
                      <CheckInQr
                        token={member.myLink.replace(/^\/My\//, '')}
                        of={member.firstName}
                        sentIn={told !== 'sms' ? 'email' : index === 0 ? 'text' : 'nowhere'}
                      />
                    </div>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      {receipt.waitlisted.length > 0 && (
        <section aria-labelledby="group-waitlist-heading" className="mt-8">
          <h2 id="group-waitlist-heading" className="mb-2 text-2xl font-bold">
            On the waitlist
          </h2>
          <p className="mb-2 text-stone-700">
            Their race was full. When a place frees, they are offered it by {reachedBy(told)}, and each pays
            alone then.
          </p>
          <ul className="list-disc pl-6 text-stone-900">
            {receipt.waitlisted.map((person) => (
              <li key={`${person.firstName} ${person.lastName}`}>
                {person.firstName} {person.lastName} · {person.raceType}
              </li>
            ))}
          </ul>
        </section>
      )}

      {payLinkToken && !nothingDue && !zero && (
        <div className="mt-8 empty:hidden">
          <Suspense fallback={null}>
            <PayOnline token={payLinkToken} groupOnly phoneExample="the one you registered with" />
          </Suspense>
        </div>
      )}

      {payLinkToken && !nothingDue && !zero && hydrated && (
        <div className="mt-8">
          <SendPayLink myToken={payLinkToken} groupReference={receipt.groupReference} groupOnly />
        </div>
      )}

      {event && !nothingDue && (
        <section aria-labelledby="pay-heading" className="mt-8">
          <h2 id="pay-heading" className="mb-4 text-2xl font-bold">
            How to pay
          </h2>
          <PaymentOptions
            event={event}
            reference={receipt.groupReference}
            fees={{ usd: owed(receipt.due.usd), zwg: owed(receipt.due.zwg) }}
          />
        </section>
      )}
    </>
  );
}

/** An amount the mobile-money codes are filled with: none when nothing is known to be owed in it. */
const owed = (amount: string) => (Number(amount) > 0 ? amount : null);
