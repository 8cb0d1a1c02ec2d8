import { useState } from 'react';
import { Link } from 'react-router';
import { DISCIPLINE_LABELS } from '../../../shared/events/event-display.ts';
import { formatFees } from '../../../shared/money.ts';
import { PAYMENT_STATUS_LABELS } from '../../../shared/participants/participants.ts';
import { toCents } from '../../../shared/payments/balance.ts';
import { EMAIL_OPTIONAL_HINT, type Told, toldBy } from '../../../shared/registrations/registration.ts';
import {
  TransferAcceptSchema,
  type TransferOffer,
  type TransferTaken,
} from '../../../shared/registrations/transfer.ts';
import { NOTIFY_BY, NOTIFY_BY_LABELS } from '../../../shared/sms/sms-settings.ts';
import { PublicPage } from '../../components/public-page.tsx';
import { ReferenceCard } from '../../components/reference-card.tsx';
import { SubmitButton } from '../../components/ui/button.tsx';
import { errorText, FormAlert, FormSuccess } from '../../components/ui/form-alert.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { Loading } from '../../components/ui/status.tsx';
import { useEvent } from '../../features/events/api/get-event.ts';
import {
  Checkbox,
  EntrantFields,
  isEntrantField,
} from '../../features/registrations/components/entrant-fields.tsx';
import { sentAs } from '../../features/registrations/told-by.ts';
import { useTakeTransfer, useTransferOffer } from '../../features/transfers/api/transfer.ts';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { showFieldErrors } from '../../lib/field-errors.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';

const linkClass = 'font-medium text-brand-700 underline';

/** /Transfer/<token>: a place someone gives, for the new person to take with his own details. */
export function TransferPage({ token }: { token: string }) {
  const offer = useTransferOffer(token);
  const [taken, setTaken] = useState<TransferTaken & Told>();
  return (
    <PublicPage title="A place for you">
      <h1 className="text-3xl font-bold">A place for you</h1>
      {taken ? (
        <div className="mt-6 flex flex-col gap-4">
          <FormSuccess>
            The place {taken.reference} is yours. We have {sentAs(taken.toldBy)} you its private link: keep it
            to yourself.
          </FormSuccess>
          <p>
            <Link to={taken.myLink} className={linkClass}>
              Open my registration
            </Link>{' '}
            to see your entry, pay and get your QR code for race morning.
          </p>
        </div>
      ) : (
        <>
          {offer.isPending && <Loading label="Loading the place…" />}
          {offer.isError &&
            (offer.error instanceof ApiError && [404, 409].includes(offer.error.status) ? (
              <div className="mt-6">
                <FormAlert>{offer.error.message}</FormAlert>
              </div>
            ) : (
              <QueryError query={offer} />
            ))}
          {offer.data && <TakePlace token={token} offer={offer.data} onTaken={setTaken} />}
        </>
      )}
    </PublicPage>
  );
}

function TakePlace({
  token,
  offer,
  onTaken,
}: {
  token: string;
  offer: TransferOffer;
  onTaken: (taken: TransferTaken & Told) => void;
}) {
  const take = useTakeTransfer(token);
  const smsOn = useEvent().data?.smsOn ?? false;
  const [failed, setFailed] = useState<unknown>();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useZodForm(TransferAcceptSchema, {
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      mobile: '',
      age: '',
      gender: '',
      raceType: offer.raceType,
      tshirtSize: '',
      nextOfKinMobile: '',
      guardianName: '',
      guardianMobile: '',
      guardianConsent: false,
      // As on the registration form: listed unless unticked, confirmations by both while texts go.
      listedInSearch: true,
      notifyBy: smsOn ? 'both' : '',
      consent: false,
    },
  });
  const race = `${DISCIPLINE_LABELS[offer.discipline]} · ${offer.raceType}`;
  const fee = formatFees(offer.fees.USD, offer.fees.ZWG);
  const transferFee =
    toCents(offer.transferFee.USD) > 0 || toCents(offer.transferFee.ZWG) > 0
      ? formatFees(offer.transferFee.USD, offer.transferFee.ZWG)
      : null;

  const onSubmit = handleSubmit(async (data) => {
    setFailed(undefined);
    try {
      onTaken(toldBy(await take.mutateAsync(data), smsOn ? data.notifyBy : undefined));
    } catch (failure) {
      setFailed(failure);
      showFieldErrors(failure, setError, isEntrantField);
    }
  });
  const failure = failed instanceof ApiError ? (failed.errors.length === 0 ? failed : undefined) : failed;

  return (
    <div className="mt-6 flex flex-col gap-6">
      <ReferenceCard label="Entry reference" reference={offer.reference}>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          {offer.giver && (
            <>
              <dt className="text-stone-600">From</dt>
              <dd className="font-medium">{offer.giver}</dd>
            </>
          )}
          <dt className="text-stone-600">Fun run</dt>
          <dd className="font-medium">
            {offer.eventTitle} {offer.year}
          </dd>
          <dt className="text-stone-600">Race</dt>
          <dd className="font-medium">{race}</dd>
          <dt className="text-stone-600">Payment</dt>
          <dd className="font-medium">
            {PAYMENT_STATUS_LABELS[offer.paymentStatus]}
            {fee && offer.paymentStatus !== 'waived' ? ` (fee ${fee})` : ''}
          </dd>
          <dt className="text-stone-600">Take it by</dt>
          <dd className="font-medium">{formatDateTime(offer.expiresAt)} (Harare time)</dd>
        </dl>
      </ReferenceCard>
      <p className="text-stone-700">
        Fill in <strong>your own</strong> details: the entry becomes yours, with its reference, race and
        payment, and a new private link and QR code for you.
        {transferFee ? ` Taking it adds a transfer fee of ${transferFee} to what it owes.` : ''}
      </p>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <EntrantFields
          register={register}
          errors={errors}
          races={[{ label: offer.raceType, full: false }]}
          sizes={offer.tshirtSizes}
          age={String(watch('age') ?? '')}
          emailHint={smsOn ? EMAIL_OPTIONAL_HINT : undefined}
          emailRequired={smsOn ? watch('notifyBy') !== 'sms' : undefined}
        />
        {smsOn && (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 font-medium text-stone-800">Send my confirmation by</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-1">
              {NOTIFY_BY.map((way) => (
                <label key={way} className="flex min-h-11 items-center gap-2 text-stone-800">
                  <input
                    type="radio"
                    value={way}
                    {...register('notifyBy')}
                    className="size-5 accent-brand-700"
                  />
                  {NOTIFY_BY_LABELS[way]}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <div className="flex items-start gap-3">
          <input
            id="listedInSearch"
            type="checkbox"
            {...register('listedInSearch')}
            aria-describedby="listedInSearch-hint"
            className="mt-1 size-5 shrink-0 accent-brand-700"
          />
          <div>
            <label htmlFor="listedInSearch" className="text-stone-800">
              List my name in the public entrant search
            </label>
            <p id="listedInSearch-hint" className="text-sm text-stone-600">
              Only your name and race are shown, and never for an entrant under 18.
            </p>
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <Checkbox
            {...register('consent')}
            error={errors.consent?.message}
            label={
              <>
                I agree to the{' '}
                <Link to="/Terms" target="_blank" className={linkClass}>
                  Terms and Conditions
                </Link>{' '}
                and the{' '}
                <Link to="/Privacy" target="_blank" className={linkClass}>
                  privacy notice
                </Link>
              </>
            }
          />
        </div>
        {failure !== undefined && <FormAlert>{errorText(failure)}</FormAlert>}
        <SubmitButton busy={isSubmitting} busyLabel="Taking the place…">
          Take this place
        </SubmitButton>
      </form>
    </div>
  );
}
