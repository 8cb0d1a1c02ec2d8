import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatShortDate } from '../../../shared/dates.ts';
import { DISCIPLINE_LABELS, displayPhone } from '../../../shared/events/event-display.ts';
import { quotedFees, quoteText } from '../../../shared/events/zwg-rate.ts';
import { feeToBeConfirmed, formatFees, priceText } from '../../../shared/money.ts';
import { PAYMENT_STATUS_LABELS } from '../../../shared/participants/participants.ts';
import { amountDue, fromCents, owes, toCents } from '../../../shared/payments/balance.ts';
import { formatPhone } from '../../../shared/phone.ts';
import type { MyEntry } from '../../../shared/registrations/my-registration.ts';
import { MyLinksLink } from '../../components/my-links-link.tsx';
import { PublicPage } from '../../components/public-page.tsx';
import { ReferenceCard } from '../../components/reference-card.tsx';
import { buttonClass, dangerButtonClass, secondaryButtonClass } from '../../components/ui/button.tsx';
import { errorText, FormAlert, FormSuccess } from '../../components/ui/form-alert.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { Loading } from '../../components/ui/status.tsx';
import { AskErasure } from '../../features/erasure/components/ask-erasure.tsx';
import { useEvent } from '../../features/events/api/get-event.ts';
import { PaymentOptions } from '../../features/events/components/payment-options.tsx';
import { RaceDay } from '../../features/events/components/race-day.tsx';
import {
  useCancelMyEntry,
  useChangeMyEntry,
  useMyEntry,
  useResendMyConfirmation,
  useSetMySmsReminders,
} from '../../features/my-registration/api/my-entry.ts';
import { CheckInQr } from '../../features/my-registration/components/check-in-qr.tsx';
import { ConfirmMobile } from '../../features/my-registration/components/confirm-mobile.tsx';
import { MyCertificate } from '../../features/my-registration/components/my-certificate.tsx';
import { MyGift } from '../../features/my-registration/components/my-gift.tsx';
import { MyGiftWithoutScript } from '../../features/my-registration/components/my-gift-without-script.tsx';
import { SendPayLink } from '../../features/pay-links/components/send-pay-link.tsx';
import { MyCredits } from '../../features/payments/components/my-credits.tsx';
import { CancelEntryDialog } from '../../features/registrations/components/cancel-entry-dialog.tsx';
import { EntryEditForm } from '../../features/registrations/components/entry-edit-form.tsx';
import { MyResult } from '../../features/results/index.ts';
import { GivePlace } from '../../features/transfers/components/give-place.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useHydrated, usePageData } from '../page-data.ts';

const linkClass = 'font-medium text-brand-700 underline';

// Its own chunk: only entries with online payment on need it.
const PayOnline = lazy(() => import('../../features/payments/components/pay-online.tsx'));

/**
 * /My/<token>: the entry its private link opens, for its holder to see, change or cancel. The server renders it
 * with the entry (or its refusal); it can be read without JavaScript, and changed once the script runs.
 */
export function MyEntryPage({ token }: { token: string }) {
  const entry = useMyEntry(token);
  const served = usePageData()?.linkRefused;
  // The server's refusal, until the browser's own request answers.
  const refused =
    entry.isError && entry.error instanceof ApiError && entry.error.status === 404
      ? entry.error.message
      : entry.isPending && served?.token === token
        ? served.message
        : undefined;
  return (
    <PublicPage title="My registration">
      <h1 className="text-3xl font-bold">My registration</h1>
      {refused !== undefined ? (
        <div className="mt-6 flex flex-col gap-4">
          <FormAlert>{refused}</FormAlert>
          <MyLinksLink />
        </div>
      ) : (
        <>
          {entry.isPending && <Loading label="Loading your entry…" />}
          {entry.isError && <QueryError query={entry} />}
        </>
      )}
      {entry.data && <Entry token={token} entry={entry.data} />}
    </PublicPage>
  );
}

function Entry({ token, entry }: { token: string; entry: MyEntry }) {
  const { data: event } = useEvent();
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [saved, setSaved] = useState<string>();
  // Whether the last save texted a code to a new mobile, for what its message says.
  const codeSent = useRef(false);
  const change = useChangeMyEntry(token);
  const cancel = useCancelMyEntry(token);
  const resend = useResendMyConfirmation(token);
  // The server's page is read-only: its buttons work only once the script has taken it over.
  const interactive = useHydrated();
  // After the race the entry is kept to read, until retention deletes its details: nothing to change or pay.
  const over = entry.raceOver;
  const active = entry.status === 'active' && !over;
  // What is still due: the fee, or what a part payment left.
  const feeOwed = owes(entry.paymentStatus);
  const fee = feeOwed
    ? { usd: amountDue(entry, 'USD'), zwg: amountDue(entry, 'ZWG') }
    : { usd: null, zwg: null };
  // An unpaid gift (issue 43) is due with the fee, in its own currency, under the same reference.
  const gift = entry.gift?.status === 'unpaid' ? entry.gift : null;
  const withGift = (currency: 'USD' | 'ZWG', amount: string | null) => {
    if (!gift || gift.currency !== currency) return amount;
    if (amount === null) return feeOwed ? null : gift.amount;
    return fromCents(toCents(amount) + toCents(gift.amount));
  };
  const due = { usd: withGift('USD', fee.usd), zwg: withGift('ZWG', fee.zwg) };
  const owing = feeOwed || gift !== null;
  const giftFee = gift ? fee[gift.currency === 'USD' ? 'usd' : 'zwg'] : null;
  // A whole fee in ZWG says the official rate it follows (issue 42 §1); a balance is just an amount.
  const zwgRate = entry.paymentStatus === 'unpaid' ? entry.zwg : null;
  const fees = quotedFees({
    feeUsd: due.usd,
    feeZwg: due.zwg,
    zwgRate: zwgRate?.rate,
    zwgRateDate: zwgRate?.rateDate,
  });
  const races = event?.races.filter((race) => race.discipline === entry.discipline) ?? [];

  return (
    <div className="mt-6 flex flex-col gap-8">
      <ReferenceCard label="Your registration reference" reference={entry.reference}>
        {entry.status !== 'active' && (
          <p className="mt-3 text-xl font-bold text-red-800">This entry was cancelled.</p>
        )}
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          <dt className="text-stone-600">Name</dt>
          <dd className="font-medium">
            {entry.firstName} {entry.lastName}
          </dd>
          {entry.bib !== null && (
            <>
              <dt className="text-stone-600">Bib</dt>
              <dd className="font-mono text-lg font-bold">{entry.bib}</dd>
            </>
          )}
          <dt className="text-stone-600">Race</dt>
          <dd className="font-medium">
            {DISCIPLINE_LABELS[entry.discipline]} · {entry.raceType}
          </dd>
          <dt className="text-stone-600">Mobile</dt>
          <dd className="font-medium">{formatPhone(entry.mobile)}</dd>
          <dt className="text-stone-600">T-shirt</dt>
          <dd className="font-medium">{entry.tshirtSize}</dd>
          <dt className="text-stone-600">Payment</dt>
          <dd className="font-medium">
            {PAYMENT_STATUS_LABELS[entry.paymentStatus]}
            {entry.paymentStatus === 'part_paid' &&
              entry.payment.amount &&
              entry.payment.currency &&
              ` (${priceText(entry.payment.currency, entry.payment.amount)} received)`}
            {owing &&
              active &&
              fees &&
              ` · ${entry.paymentStatus === 'unpaid' ? 'Total due' : 'Still due'}: ${fees}`}
          </dd>
        </dl>
        {active && gift && (
          <p className="mt-3 text-stone-800">
            {giftFee && toCents(giftFee) > 0
              ? `Entry ${priceText(gift.currency, giftFee)} and your gift ${priceText(gift.currency, gift.amount)}, paid together under this reference.`
              : `Your gift ${priceText(gift.currency, gift.amount)}, paid under this reference.`}
          </p>
        )}
        {owing && active && !fees && event && (
          <p className="mt-3 text-stone-800">{feeToBeConfirmed(displayPhone(event, event.contactPhone))}</p>
        )}
        {owing && active && due.zwg !== null && <ZwgQuoteNote zwg={entry.zwg} />}
      </ReferenceCard>

      {entry.result && <MyResult result={entry.result} />}

      {over && (
        <p className="rounded-lg border border-stone-300 bg-stone-50 p-4 text-stone-800">
          The fun run is over, so this entry can no longer be changed or cancelled: this page shows it as we
          keep it. Questions?{' '}
          {event ? (
            <>
              Call{' '}
              <a href={`tel:${event.contactPhone}`} className={linkClass}>
                {displayPhone(event, event.contactPhone)}
              </a>
              .
            </>
          ) : (
            'Call the organisers.'
          )}
        </p>
      )}

      <MyCertificate token={token} active={entry.status === 'active'} />

      {active && entry.emailPending && (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          Your new email address is waiting for confirmation at{' '}
          <strong className="break-all">{entry.emailPending.email}</strong>: open the link we sent there by{' '}
          {formatDateTime(entry.emailPending.until)}.{' '}
          {entry.email ? (
            <>
              Until then we keep writing to <span className="break-all">{entry.email}</span>.
            </>
          ) : (
            'Until then we keep texting you.'
          )}
        </p>
      )}

      {active && entry.mobilePending && (
        <ConfirmMobile
          token={token}
          pending={entry.mobilePending}
          interactive={interactive}
          onConfirmed={(mobile) => setSaved(`Your mobile is now ${formatPhone(mobile)}.`)}
        />
      )}

      {active && event && <RaceDay event={event} discipline={entry.discipline} raceType={entry.raceType} />}

      {active && <CheckInQr token={token} sentIn={entry.email ? 'email' : 'text'} />}

      {saved && <FormSuccess>{saved}</FormSuccess>}

      {active && (
        <section aria-labelledby="change-heading" className="flex flex-col gap-4">
          <h2 id="change-heading" className="text-2xl font-bold">
            Change your entry
          </h2>
          <p className="text-stone-700">
            {entry.raceChangeable
              ? 'You can move to another race while it has room.'
              : 'Registration has closed: to change your race, call the organisers.'}{' '}
            {entry.tshirtChangeable
              ? entry.tshirtChangesUntil
                ? `T-shirt sizes can be changed until ${formatShortDate(entry.tshirtChangesUntil)}.`
                : ''
              : `T-shirt sizes could be changed until ${formatShortDate(entry.tshirtChangesUntil ?? '')}.`}
          </p>
          {!interactive ? (
            <p className="rounded-lg border border-stone-300 bg-stone-50 p-4 text-stone-800">
              Changing or cancelling your entry needs JavaScript. If it is turned off in your browser, turn it
              on and open this page again.
            </p>
          ) : editing && event ? (
            <EntryEditForm
              entry={entry}
              races={races
                // Once registration has closed, only the entry's own race is offered.
                .filter((race) => entry.raceChangeable || race.label === entry.raceType)
                .map((race) => ({
                  label: race.label,
                  // The entry's own race has its place already, however full it is.
                  full: race.full && race.label !== entry.raceType,
                  fee: formatFees(race.feeUsd, race.feeZwg, ' / '),
                }))}
              sizes={entry.tshirtChangeable ? event.tshirtSizes[entry.discipline] : [entry.tshirtSize]}
              save={async (body) => {
                const after = await change.mutateAsync(body);
                codeSent.current =
                  Boolean(after.mobilePending) && after.mobilePending?.until !== entry.mobilePending?.until;
                return true;
              }}
              onCancel={() => setEditing(false)}
              onSaved={() => {
                setEditing(false);
                setSaved(
                  codeSent.current
                    ? 'Saved. Your new mobile changes once you enter the code we texted to it.'
                    : 'Your changes were saved. The organisers see them now.',
                );
              }}
            />
          ) : (
            // Stacked full width on a phone, a row beside each other on a wide screen.
            <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <button
                type="button"
                className={buttonClass}
                onClick={() => {
                  setSaved(undefined);
                  setEditing(true);
                }}
              >
                Change my entry
              </button>
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={resend.isPending}
                onClick={() => resend.mutate()}
              >
                {resend.isPending ? 'Sending…' : 'Email my confirmation again'}
              </button>
              <button type="button" className={dangerButtonClass} onClick={() => setCancelling(true)}>
                Cancel my entry
              </button>
            </div>
          )}
          {resend.isSuccess && <FormSuccess>{resend.data.message}</FormSuccess>}
          {resend.isError && <FormAlert>{errorText(resend.error)}</FormAlert>}
        </section>
      )}

      {active && interactive && !entry.raceOver && <GivePlace token={token} smsOn={event?.smsOn ?? false} />}

      {active &&
        (interactive ? (
          <MyGift token={token} entry={entry} />
        ) : (
          <MyGiftWithoutScript token={token} gift={entry.gift} cause={entry.giftsTo} />
        ))}

      {active && entry.smsReminders !== 'none' && (
        <SmsReminders token={token} stopped={entry.smsReminders === 'stopped'} />
      )}

      {active && owing && interactive && <MyCredits token={token} />}

      {active && (
        <Suspense fallback={null}>
          <PayOnline token={token} />
        </Suspense>
      )}

      {active && owing && interactive && (
        <SendPayLink myToken={token} groupReference={entry.group ?? undefined} />
      )}

      {active && owing && event && (
        <section aria-labelledby="pay-heading">
          <h2 id="pay-heading" className="mb-4 text-2xl font-bold">
            How to pay
          </h2>
          <PaymentOptions event={event} reference={entry.reference} fees={due} />
        </section>
      )}

      <AskErasure
        path={`/api/my/${encodeURIComponent(token)}/erasure-request`}
        whatHappens="We can erase your name, contacts and next of kin from this entry. Other entries under your email are erased from their own pages (have their links emailed to you). The figures (race, age group, T-shirt size, payment) stay, without your name."
      />

      <p className="text-sm text-stone-600">
        {over
          ? 'Keep the link to this page to yourself: whoever has it can read your entry.'
          : 'Keep the link to this page to yourself: whoever has it can change your entry.'}{' '}
        Lost it?{' '}
        <Link to="/My" className={linkClass}>
          Have your links emailed again
        </Link>
        .
      </p>

      <CancelEntryDialog
        entry={entry}
        open={cancelling}
        cancel={() => cancel.mutateAsync(null)}
        onClose={() => setCancelling(false)}
        onCancelled={() => {
          setCancelling(false);
          setSaved('Your entry is cancelled and its place is free for someone else.');
        }}
        description={
          <>
            You give up your place in the {entry.raceType} race, and someone else can take it.
            {entry.paymentStatus !== 'unpaid' &&
              entry.paymentStatus !== 'waived' &&
              ' To ask about your payment, call the organisers.'}{' '}
            You cannot undo this yourself.
          </>
        }
      />
    </div>
  );
}

/**
 * Reminders by SMS, stopped or sent again: a form that posts to the page itself without JavaScript (the server
 * answers with the page again), and calls the API once the script runs.
 */
function SmsReminders({ token, stopped }: { token: string; stopped: boolean }) {
  const reminders = useSetMySmsReminders(token);
  return (
    <form
      method="post"
      action={`/My/${encodeURIComponent(token)}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!reminders.isPending) reminders.mutate(!stopped);
      }}
      aria-labelledby="sms-heading"
      className="flex flex-col gap-3"
    >
      <h2 id="sms-heading" className="text-2xl font-bold">
        Text messages
      </h2>
      <input type="hidden" name="smsReminders" value={stopped ? 'resume' : 'stop'} />
      <p role="status" className="text-stone-700">
        {stopped
          ? 'Reminders by SMS are stopped.'
          : 'We also send reminders (to pay, and before the race) by SMS.'}
      </p>
      <button
        type="submit"
        disabled={reminders.isPending}
        className={`${secondaryButtonClass} w-full sm:w-auto sm:self-start`}
      >
        {stopped ? 'Send reminders by SMS again' : 'Stop reminders by SMS'}
      </button>
      {reminders.isError && <FormAlert>{errorText(reminders.error)}</FormAlert>}
    </form>
  );
}

/** Why the ZWG amount is what it is: the quote held until its last day, or the quote lapsed and the rate moved. */
function ZwgQuoteNote({ zwg }: { zwg: MyEntry['zwg'] }) {
  const quote = zwg?.quote;
  if (!quote) return null;
  if (zwg.honoured) {
    return (
      <p className="mt-3 text-stone-800">
        Your ZWG amount is held until {formatShortDate(quote.heldUntil)}, even if the official rate changes.
      </p>
    );
  }
  return (
    <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
      You were quoted {quoteText(quote)}, held until {formatShortDate(quote.heldUntil)}. That time has passed,
      so the ZWG amount now follows the current official rate. The USD fee is unchanged.
    </p>
  );
}
