import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Discipline, PublicEvent } from '../../../../shared/events/event.ts';
import { formatFees } from '../../../../shared/money.ts';
import {
  type RegistrationAnswer,
  type RegistrationData,
  RegistrationInputSchema,
} from '../../../../shared/registrations/registration.ts';
import { PrivacyNoticeLink } from '../../../components/privacy-notice-link.tsx';
import { SubmitButton } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api.ts';
import { showFieldErrors } from '../../../lib/field-errors.ts';
import { recallDraft, useDraftSaving } from '../../../lib/session-draft.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { postRegistration, type SubmitRegistration } from '../api/register.ts';
import { rememberReceipt } from '../last-receipt.ts';
import {
  Checkbox,
  ENTRANT_FIELDS,
  type EntrantField,
  EntrantFields,
  type GuardianField,
  isEntrantField,
} from './entrant-fields.tsx';

type FormValues = {
  discipline: Discipline;
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  age: string;
  gender: string;
  raceType: string;
  nextOfKinMobile: string;
  tshirtSize: string;
  guardianName: string;
  guardianMobile: string;
  guardianConsent: boolean;
  listedInSearch: boolean;
  consent: boolean;
};

const OWN_FIELDS = ['listedInSearch', 'consent'] as const;
/** What a draft keeps: not the consents, which are given anew each time the form is sent. */
const DRAFT_FIELDS = [...ENTRANT_FIELDS, 'guardianName', 'guardianMobile', 'listedInSearch'] as const;
const isField = (path: string): path is EntrantField | GuardianField | (typeof OWN_FIELDS)[number] =>
  isEntrantField(path) || (OWN_FIELDS as readonly string[]).includes(path);

interface RegistrationFormProps {
  event: PublicEvent;
  discipline: Discipline;
  /** Where the entry is sent; the public registration by default. */
  submit?: SubmitRegistration;
  /** Called after a successful registration, instead of going to the thank-you page; the form clears. */
  onRegistered?: (receipt: RegistrationAnswer, data: RegistrationData) => void;
  /** Keeps what is typed for this tab under this name, for coming Back to the form; forgotten once sent. */
  draft?: string;
  /** Someone registers another person (a company's manager its staff). */
  onBehalf?: boolean;
}

export function RegistrationForm({
  event,
  discipline,
  submit = postRegistration,
  onRegistered,
  draft,
  onBehalf,
}: RegistrationFormProps) {
  const navigate = useNavigate();
  // Plain state rather than a mutation hook: the public pages then download none of that machinery.
  const [failure, setFailure] = useState<ApiError>();
  const sending = useRef(false);
  // One key per registration attempt: a retry after a dropped connection is recognised by the server.
  const idempotencyKey = useRef<string>(crypto.randomUUID());
  const empty: FormValues = {
    discipline,
    firstName: '',
    lastName: '',
    email: '',
    mobile: '',
    age: '',
    gender: '',
    raceType: '',
    nextOfKinMobile: '',
    tshirtSize: '',
    guardianName: '',
    guardianMobile: '',
    guardianConsent: false,
    listedInSearch: true,
    consent: false,
  };
  const races = event.races.filter((race) => race.discipline === discipline);
  // The public form lets a full race be chosen, to join its waitlist; a team's entries need a place.
  const waitlisted = new Set(onRegistered ? [] : races.filter((race) => race.full).map((race) => race.label));
  const sizes = event.tshirtSizes[discipline];
  const [initial] = useState(() => {
    const values = draft ? recallDraft(draft, empty) : empty;
    // A race or size kept from before comes back only while the form still offers it.
    if (!races.some((race) => !race.full && race.label === values.raceType)) values.raceType = '';
    if (!sizes.includes(values.tshirtSize)) values.tshirtSize = '';
    return values;
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useZodForm(RegistrationInputSchema, {
    // A field is checked when left, then on every change: an error shown above the button clears while the
    // value is corrected, so the button does not jump away from the pointer when it is clicked (onBlur did).
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: initial,
  });
  const forgetDraft = useDraftSaving(draft, DRAFT_FIELDS, watch);
  const joining = waitlisted.has(watch('raceType'));

  // A form whose discipline can be switched keeps what was typed, but not a race or size of the other one.
  useEffect(() => {
    if (getValues('discipline') === discipline) return;
    setValue('discipline', discipline);
    if (!races.some((race) => race.label === getValues('raceType'))) setValue('raceType', '');
    if (!sizes.includes(getValues('tshirtSize'))) setValue('tshirtSize', '');
  }, [discipline, races, sizes, getValues, setValue]);

  const onSubmit = handleSubmit(async (data) => {
    if (sending.current) return;
    sending.current = true;
    setFailure(undefined);
    try {
      const receipt = await submit(data, idempotencyKey.current, waitlisted.has(data.raceType));
      idempotencyKey.current = crypto.randomUUID();
      reset(empty);
      forgetDraft();
      // A team's form never asks for the waitlist, so its answer is an entry.
      if (onRegistered) return onRegistered(receipt as RegistrationAnswer, data);
      rememberReceipt(receipt);
      navigate('/Thankyou', { state: { receipt } });
    } catch (error) {
      if (error instanceof ApiError) setFailure(error);
      showFieldErrors(error, setError, isField);
    } finally {
      sending.current = false;
    }
  });

  if (!event.registrationOpen) {
    return (
      <div role="status" className="rounded-xl border border-stone-300 bg-white p-6 text-lg">
        <p className="font-semibold">Registration has closed</p>
        <p className="mt-1 text-stone-700">
          Thank you for your interest.{' '}
          <Link to="/Search" className="text-brand-700 underline">
            Find a registered entrant
          </Link>
        </p>
      </div>
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5 rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <EntrantFields
        register={register}
        errors={errors}
        races={races.map((race) =>
          waitlisted.has(race.label)
            ? { ...race, full: false, fee: 'Full — join the waitlist' }
            : { ...race, fee: formatFees(race.feeUsd, race.feeZwg, ' / ') },
        )}
        sizes={sizes}
        age={watch('age')}
        onBehalf={onBehalf}
      />
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
              <Link to="/Terms" target="_blank" className="font-medium text-brand-700 underline">
                Terms and Conditions
              </Link>
            </>
          }
        />
        <PrivacyNoticeLink />
      </div>
      {/* Not FormAlert: that module is the account pages', and would be one more download for /Register. */}
      {failure && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-900">
          {failure.message}
        </p>
      )}
      <SubmitButton
        busy={isSubmitting}
        busyLabel={joining ? 'Joining…' : 'Registering…'}
        className="w-full sm:w-auto sm:self-start"
      >
        {joining ? 'Join the waitlist' : 'Register'}
      </SubmitButton>
    </form>
  );
}
