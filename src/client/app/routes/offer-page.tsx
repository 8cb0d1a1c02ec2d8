import { useState } from 'react';
import { Link } from 'react-router';
import { DISCIPLINE_LABELS } from '../../../shared/events/event-display.ts';
import type { WaitlistOffer } from '../../../shared/waitlist/waitlist.ts';
import { PublicPage } from '../../components/public-page.tsx';
import { ReferenceCard } from '../../components/reference-card.tsx';
import { buttonClass, secondaryButtonClass } from '../../components/ui/button.tsx';
import { Dialog, DialogFooter } from '../../components/ui/dialog.tsx';
import { errorText, FormAlert, FormSuccess } from '../../components/ui/form-alert.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { Loading } from '../../components/ui/status.tsx';
import { useAnswerOffer, useOffer } from '../../features/waitlist/api/offer.ts';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/dates.ts';

const linkClass = 'font-medium text-brand-700 underline';

/** /Offer/<token>: a place offered from the waitlist, for its holder to accept or decline. */
export function OfferPage({ token }: { token: string }) {
  const offer = useOffer(token);
  return (
    <PublicPage title="A place for you">
      <h1 className="text-3xl font-bold">A place from the waitlist</h1>
      {offer.isPending && <Loading label="Loading your offer…" />}
      {offer.isError &&
        (offer.error instanceof ApiError && offer.error.status === 404 ? (
          <div className="mt-6">
            <FormAlert>{offer.error.message}</FormAlert>
          </div>
        ) : (
          <QueryError query={offer} />
        ))}
      {offer.data && <Offer token={token} offer={offer.data} />}
    </PublicPage>
  );
}

function Offer({ token, offer }: { token: string; offer: WaitlistOffer }) {
  const accept = useAnswerOffer(token, 'accept');
  const decline = useAnswerOffer(token, 'decline');
  const [declining, setDeclining] = useState(false);
  const race = `${DISCIPLINE_LABELS[offer.discipline]} · ${offer.raceType}`;

  return (
    <div className="mt-6 flex flex-col gap-6">
      <ReferenceCard label="Waitlist reference" reference={offer.reference}>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          <dt className="text-stone-600">Name</dt>
          <dd className="font-medium">
            {offer.firstName} {offer.lastName}
          </dd>
          <dt className="text-stone-600">Race</dt>
          <dd className="font-medium">{race}</dd>
          {offer.status === 'offered' && offer.offerExpiresAt && (
            <>
              <dt className="text-stone-600">Yours until</dt>
              <dd className="font-medium">{formatDateTime(offer.offerExpiresAt)} (Harare time)</dd>
            </>
          )}
        </dl>
      </ReferenceCard>

      {offer.status === 'offered' && (
        <section aria-labelledby="answer-heading" className="flex flex-col gap-4">
          <h2 id="answer-heading" className="text-2xl font-bold">
            Do you want this place?
          </h2>
          <p className="text-stone-700">
            Accepting registers you for the {offer.raceType} race at once, and we email your confirmation with
            how to pay. If you do not answer in time, the place passes to the next person waiting.
          </p>
          {accept.isError && <FormAlert>{errorText(accept.error)}</FormAlert>}
          <div className="flex flex-col gap-3 sm:flex-row">
            <button
              type="button"
              className={buttonClass}
              disabled={accept.isPending}
              onClick={() => accept.mutate()}
            >
              {accept.isPending ? 'Registering…' : 'Accept the place'}
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => setDeclining(true)}>
              I don't need it
            </button>
          </div>
        </section>
      )}

      {offer.status === 'registered' && offer.registration && (
        <FormSuccess>
          <p className="font-semibold">
            You are registered: your reference is {offer.registration.reference}.
          </p>
          <p className="mt-1">
            We have emailed your confirmation with how to pay.{' '}
            {offer.registration.myLink ? (
              <Link to={offer.registration.myLink} className={linkClass}>
                Open your registration page
              </Link>
            ) : (
              'Your registration page’s link is in that email.'
            )}
          </p>
        </FormSuccess>
      )}
      {offer.status === 'expired' && (
        <FormAlert>This offer has expired: the place went to the next person waiting.</FormAlert>
      )}
      {offer.status === 'removed' && (
        <FormAlert>
          This offer was declined or withdrawn: the place went to the next person waiting.
        </FormAlert>
      )}
      {offer.status === 'waiting' && <FormAlert>This offer is no longer open.</FormAlert>}

      <Dialog
        open={declining}
        title="Give up this place?"
        onClose={() => !decline.isPending && setDeclining(false)}
      >
        <p className="text-stone-700">
          The place in {offer.raceType} goes to the next person waiting, and you leave the waitlist. You
          cannot undo this yourself.
        </p>
        <DialogFooter
          failure={decline.error}
          onCancel={() => setDeclining(false)}
          cancelLabel="Keep my offer"
          label="I don't need it"
          onConfirm={() => decline.mutate(undefined, { onSuccess: () => setDeclining(false) })}
          busy={decline.isPending}
          busyLabel="Declining…"
          danger
        />
      </Dialog>
    </div>
  );
}
