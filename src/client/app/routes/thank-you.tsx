import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { DISCIPLINE_LABELS, displayPhone } from '../../../shared/events/event-display.ts';
import { quotedFees } from '../../../shared/events/zwg-rate.ts';
import { feeToBeConfirmed, priceText } from '../../../shared/money.ts';
import { fromCents, toCents } from '../../../shared/payments/balance.ts';
import type { GroupReceipt } from '../../../shared/registrations/group.ts';
import type { Told } from '../../../shared/registrations/registration.ts';
import { answerFromSearch, type LinkedAnswer } from '../../../shared/registrations/thank-you-link.ts';
import type { NotifyBy } from '../../../shared/sms/sms-settings.ts';
import { PublicPage } from '../../components/public-page.tsx';
import { ReferenceCard } from '../../components/reference-card.tsx';
import { useEvent } from '../../features/events/api/get-event.ts';
import { PaymentOptions } from '../../features/events/components/payment-options.tsx';
import { RaceDay } from '../../features/events/components/race-day.tsx';
import { CheckInQr } from '../../features/my-registration/components/check-in-qr.tsx';
import { SendPayLink } from '../../features/pay-links/components/send-pay-link.tsx';
import {
  recallReceipt,
  useNoReceiptFromBackForwardCache,
} from '../../features/registrations/last-receipt.ts';
import { reachedBy, sentAs } from '../../features/registrations/told-by.ts';
import { useHydrated, usePageData } from '../page-data.ts';
import { GroupThankYou } from './group-thank-you.tsx';

// Its own chunk: only entries with online payment on need it.
const PayOnline = lazy(() => import('../../features/payments/components/pay-online.tsx'));

export default function ThankYou() {
  const { search } = useLocation();
  // The form sent without JavaScript is answered with this page and its receipt (and the tab keeps it once the
  // script runs: main.tsx); the one sent by script, in the tab's keeping (last-receipt.ts), which only the
  // browser has (read once the server's page is hydrated). An older link says it in its query.
  const hydrated = useHydrated();
  const { data: event } = useEvent();
  const served = usePageData()?.receipt;
  const kept = hydrated ? recallReceipt() : served;
  const shown: ((LinkedAnswer | GroupReceipt) & Told) | undefined = answerFromSearch(search, event) ?? kept;
  // How the form's entrant chose to be told (none from a link): someone who chose SMS may have no mailbox.
  const told = shown?.toldBy;
  const texted = told === 'sms';
  useNoReceiptFromBackForwardCache(kept !== undefined);
  // A group's receipt (issue 36): one reference for everyone, listed with the total due.
  const group = shown && 'groupReference' in shown ? shown : undefined;
  const answer = group ? undefined : (shown as LinkedAnswer | undefined);
  if (answer && 'onWaitlist' in answer) return <OnTheWaitlist receipt={answer} told={told} />;
  const receipt = answer;
  // Someone who registered before gets his entry back, as a found order: the same reference and way to pay.
  const found = receipt && 'alreadyRegistered' in receipt ? receipt : undefined;
  const fees = receipt && quotedFees(receipt);
  // Told only to whoever just registered the entry, never to someone who found an existing one.
  const myLink = receipt && !found && 'myLink' in receipt ? receipt.myLink : undefined;
  const title = found ? 'You are already registered' : 'Thank You!';
  // A gift added with the entry (issue 43) is due with its fee, under the same reference.
  const gift = receipt && 'gift' in receipt ? receipt.gift : undefined;
  const withGift = (currency: 'USD' | 'ZWG', fee: string | null | undefined) =>
    gift && fee && gift.currency === currency
      ? fromCents(toCents(fee) + toCents(gift.amount))
      : (fee ?? null);
  const due = { usd: withGift('USD', receipt?.feeUsd), zwg: withGift('ZWG', receipt?.feeZwg) };
  const giftFee = gift && (gift.currency === 'USD' ? receipt?.feeUsd : receipt?.feeZwg);

  return (
    <PublicPage title={title}>
      <div className="text-center">
        <h1 className="text-4xl font-extrabold text-brand-800">{title}</h1>
        <p className="mt-2 text-xl text-stone-800">
          {found ? 'Here is your entry. Nothing new was registered.' : 'We appreciate your support.'}
        </p>
        {event && (
          <p className="mt-2 text-stone-700">
            For any questions call{' '}
            <a href={`tel:${event.contactPhone}`} className="font-semibold text-brand-700 underline">
              {displayPhone(event, event.contactPhone)}
            </a>
          </p>
        )}
      </div>

      {group ? (
        <GroupThankYou receipt={group} event={event} told={told} />
      ) : receipt ? (
        <>
          <ReferenceCard
            label="Your registration reference"
            reference={receipt.reference}
            className="mt-8 text-center"
          >
            {found?.nothingDue ? (
              <p className="mt-3 text-xl font-bold text-stone-900">Nothing to pay: your entry is settled.</p>
            ) : gift && giftFee ? (
              <>
                <p className="mt-3 text-xl font-bold text-stone-900">
                  Total due: {priceText(gift.currency, gift.currency === 'USD' ? due.usd : due.zwg)}
                </p>
                <p className="mt-1 text-stone-800">
                  Entry {priceText(gift.currency, giftFee)} and your gift{' '}
                  {priceText(gift.currency, gift.amount)}, paid together under this reference. Thank you for
                  giving.
                </p>
              </>
            ) : fees ? (
              <p className="mt-3 text-xl font-bold text-stone-900">Total due: {fees}</p>
            ) : (
              event && (
                <p className="mt-3 font-semibold text-stone-900">
                  {feeToBeConfirmed(displayPhone(event, event.contactPhone))}
                </p>
              )
            )}
            <RaceOf answer={receipt} />
            <p className="mt-2 text-sm text-stone-600">
              {!found
                ? `We have ${sentAs(told)} you a copy.`
                : found.confirmationResent
                  ? `We have sent your confirmation${texted ? '' : ' email'} again.`
                  : texted
                    ? 'Your confirmation was sent a short while ago.'
                    : 'Your confirmation email was sent a short while ago: please check your inbox.'}
              {!found?.nothingDue && ' Quote this reference when you pay.'}
            </p>
          </ReferenceCard>
          {event && receipt.discipline && receipt.raceType && (
            <div className="mt-8">
              <RaceDay event={event} discipline={receipt.discipline} raceType={receipt.raceType} />
            </div>
          )}
          {myLink && (
            <p className="mt-6 text-center text-stone-800">
              To change your race, T-shirt size or contact details, or to cancel, open{' '}
              <Link to={myLink} className="font-semibold text-brand-700 underline">
                your registration page
              </Link>
              . Its link is in your {texted ? 'text' : 'email'} too: keep it to yourself.
            </p>
          )}
          {myLink && (
            <div className="mt-8">
              <CheckInQr token={myLink.replace(/^\/My\//, '')} sentIn={texted ? 'text' : 'email'} />
            </div>
          )}
          {myLink && (
            <div className="mt-8 empty:hidden">
              <Suspense fallback={null}>
                <PayOnline token={myLink.replace(/^\/My\//, '')} phoneExample="the one you registered with" />
              </Suspense>
            </div>
          )}
          {myLink && fees && hydrated && (
            <div className="mt-8">
              <SendPayLink myToken={myLink.replace(/^\/My\//, '')} />
            </div>
          )}
          {event && !found?.nothingDue && (
            <section aria-labelledby="pay-heading" className="mt-8">
              <h2 id="pay-heading" className="mb-4 text-2xl font-bold">
                How to pay
              </h2>
              <PaymentOptions event={event} reference={receipt.reference} fees={due} />
            </section>
          )}
        </>
      ) : (
        <HomeLink />
      )}
    </PublicPage>
  );
}

/** Someone who asked for a place in a full race: his waitlist reference and place in the queue. */
function OnTheWaitlist({
  receipt,
  told,
}: {
  receipt: Extract<LinkedAnswer, { onWaitlist: true }>;
  told: NotifyBy | undefined;
}) {
  const title = 'You are on the waitlist';
  return (
    <PublicPage title={title}>
      <div className="text-center">
        <h1 className="text-4xl font-extrabold text-brand-800">{title}</h1>
        <p className="mt-2 text-xl text-stone-800">
          You are number {receipt.position} on the waitlist{receipt.raceType && ` for ${receipt.raceType}`}.
        </p>
      </div>
      <ReferenceCard
        label="Your waitlist reference"
        reference={receipt.reference}
        className="mt-8 text-center"
      >
        <RaceOf answer={receipt} />
        <p className="mt-2 text-sm text-stone-600">
          We have {sentAs(told)} you a copy. When a place frees, the first person waiting is offered it by{' '}
          {reachedBy(told)}, with a link to accept it. There is nothing to pay until then.
        </p>
      </ReferenceCard>
      <HomeLink />
    </PublicPage>
  );
}

/** The race entered, when known: a link naming a race the event does not have shows none. */
function RaceOf({ answer }: { answer: LinkedAnswer }) {
  if (!answer.discipline || !answer.raceType) return null;
  return (
    <p className="mt-2 text-stone-800">
      {DISCIPLINE_LABELS[answer.discipline]} · {answer.raceType}
    </p>
  );
}

function HomeLink() {
  return (
    <p className="mt-8 text-center">
      <Link to="/" className="font-medium text-brand-700 underline">
        Back to the home page
      </Link>
    </p>
  );
}
