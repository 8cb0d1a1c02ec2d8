import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { FieldErrors } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { Discipline, PublicEvent } from '../../../../shared/events/event.ts';
import { formatFees } from '../../../../shared/money.ts';
import type { GroupPersonValues } from '../../../../shared/registrations/group-form.ts';
import {
  EMAIL_OPTIONAL_HINT,
  type RegistrationAnswer,
  type RegistrationData,
  RegistrationInputSchema,
  toldBy,
} from '../../../../shared/registrations/registration.ts';
import { NOTIFY_BY, NOTIFY_BY_LABELS } from '../../../../shared/sms/sms-settings.ts';
import { usePageData } from '../../../app/page-data.ts';
import { serversForm, typedBeforeScript } from '../../../app/typed-before-script.ts';
import { PrivacyNoticeLink } from '../../../components/privacy-notice-link.tsx';
import { SubmitButton, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import { ApiError, NETWORK_DOWN } from '../../../lib/api.ts';
import { showFieldErrors } from '../../../lib/field-errors.ts';
import { recallDraft, useDraftSaving } from '../../../lib/session-draft.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { postRegistration, type SubmitRegistration } from '../api/register.ts';
import { rememberReceipt } from '../last-receipt.ts';
import {
  formShowsPending,
  isPendingFlagged,
  PENDING_MESSAGE,
  sendPendingNow,
  usePendingFlag,
} from '../pending-flag.ts';
import {
  Checkbox,
  ENTRANT_FIELDS,
  type EntrantField,
  EntrantFields,
  type GuardianField,
  isEntrantField,
} from './entrant-fields.tsx';
import type { GroupStart } from './group-registration-form.tsx';
import type { Refusal } from './pending-sender.tsx';

/** One person's fields as the group form's blocks hold them, and what the form asks once. */
type FormValues = Omit<GroupPersonValues, 'sameContact'> & {
  /** "Send my confirmation by", while the event's SMS are on; '' (none) otherwise. */
  notifyBy: string;
  consent: boolean;
  /** "Add a gift to <cause>"; '' for none. */
  giftAmount: string;
  giftCurrency: 'USD' | 'ZWG';
};

const OWN_FIELDS = [
  'listedInSearch',
  'showInResults',
  'notifyBy',
  'consent',
  'giftAmount',
  'giftCurrency',
] as const;
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
  /** Where the form posts without JavaScript (or before it has loaded); the server registers and answers a page. */
  action?: string;
  /** A registration kept on the phone that the server refused when it was sent: its values and the reason. */
  refused?: Refusal;
  /** Someone registers another person (a company's manager its staff). */
  onBehalf?: boolean;
  /**
   * The rules the form checks, the public form's by default. The team's (which may leave Email empty) comes
   * from its page, so the public pages never load it.
   */
  schema?: typeof RegistrationInputSchema;
  /** Said under Email: what an empty one means on this form. */
  emailHint?: string;
}

// Its own chunk, loaded when "Add another person" is first pressed: most entrants register alone (issue 36).
const loadGroupForm = () => import('./group-registration-form.tsx');
const GroupRegistrationForm = lazy(loadGroupForm);
// Its own chunk too, asked for only while gifts are open (issue 43): /Register's first load stays in its budget.
const GiftBox = lazy(() =>
  import('../../../components/gift-box.tsx').then(({ GiftBox }) => ({ default: GiftBox })),
);

/** The form's values from what was sent; the consent is given anew, as with a draft. */
function valuesOf(data: RegistrationData, empty: FormValues): FormValues {
  return {
    ...empty,
    ...data,
    age: String(data.age),
    gender: data.gender ?? '',
    guardianName: data.guardianName ?? '',
    guardianMobile: data.guardianMobile ?? '',
    listedInSearch: data.listedInSearch ?? false,
    showInResults: data.showInResults ?? true,
    notifyBy: data.notifyBy ?? empty.notifyBy,
    giftAmount: data.giftAmount ?? '',
    guardianConsent: false,
    consent: false,
  };
}

/** The hidden field that carries the form's Idempotency-Key when the browser posts it. */
export const FORM_KEY_FIELD = 'idempotencyKey';

export function RegistrationForm({
  event,
  discipline,
  submit = postRegistration,
  onRegistered,
  draft,
  refused,
  action,
  onBehalf,
  schema = RegistrationInputSchema,
  emailHint,
}: RegistrationFormProps) {
  const navigate = useNavigate();
  // A page the server rendered: its form's key, and what it was sent back with when posted without JavaScript.
  const pageData = usePageData();
  const [served] = useState(() => (action && pageData ? { ...pageData } : undefined));
  // Plain state rather than a mutation hook: the public pages then download none of that machinery.
  const [failure, setFailure] = useState(refused?.message ?? served?.form?.failure);
  // Several people on the form (issue 36): the server's form posted with a second person, or "Add another person".
  const [group, setGroup] = useState<GroupStart | undefined>(() =>
    served?.form && 'people.1.firstName' in served.form.values ? { served: served.form.values } : undefined,
  );
  // Sent without a connection and kept on the phone (pending-registration.ts) until it can be sent.
  const [kept, setKept] = useState(false);
  const sending = useRef(false);
  // One key per registration attempt: a retry after a dropped connection is recognised by the server.
  const idempotencyKey = useRef<string>(served?.formKey ?? crypto.randomUUID());
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
    listedInSearch: false,
    showInResults: true,
    notifyBy: event.smsOn ? 'both' : '',
    consent: false,
    giftAmount: '',
    giftCurrency: 'USD',
  };
  const races = event.races.filter((race) => race.discipline === discipline);
  // The public form lets a full race be chosen, to join its waitlist; a team's entries need a place.
  const waitlisted = new Set(onRegistered ? [] : races.filter((race) => race.full).map((race) => race.label));
  const sizes = event.tshirtSizes[discipline];
  const recalled = () => {
    const values = draft ? recallDraft(draft, empty) : { ...empty };
    // A race or size kept from before comes back only while the form still offers it.
    if (!races.some((race) => !race.full && race.label === values.raceType)) values.raceType = '';
    if (!sizes.includes(values.tshirtSize)) values.tshirtSize = '';
    return values;
  };
  // A form the server rendered starts from what it shows, and from what was typed into it before the script
  // arrived (react-hook-form would set its inputs back); the tab's draft only once hydrated (see below).
  const [initial] = useState<FormValues>(() => {
    if (refused) {
      const values = valuesOf(refused.entry.data, empty);
      // A race that became full is still offered: its waitlist.
      if (!races.some((race) => race.label === values.raceType)) values.raceType = '';
      return values;
    }
    return onServersPage(action)
      ? { ...empty, ...served?.form?.values, ...typedInto(action, empty) }
      : recalled();
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    reset,
    watch,
    trigger,
    formState: { errors, isSubmitting },
  } = useZodForm(schema, {
    // A field is checked when left, then on every change: an error shown above the button clears while the
    // value is corrected, so the button does not jump away from the pointer when it is clicked (onBlur did).
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: initial,
  });
  const forgetDraft = useDraftSaving(draft, DRAFT_FIELDS, watch);
  const joining = waitlisted.has(watch('raceType'));
  // A team's form says what its empty Email means (emailHint); the public form, while texts are sent, that
  // SMS alone needs none.
  const emailOptional = event.smsOn && !emailHint;
  const smsAlone = watch('notifyBy') === 'sms';
  // An empty Email's "Enter an email address" goes as soon as SMS alone is chosen, not at the next Register.
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the choice changes
  useEffect(() => {
    if (errors.email) void trigger('email');
  }, [smsAlone]);
  // The server's messages show until the form knows them (below), so the hydrated form matches the server's.
  const [serverErrors, setServerErrors] = useState(() => fieldErrorsOf(served?.form?.errors));
  const shownErrors = serverErrors ?? errors;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the page the server rendered
  useEffect(() => {
    if (!served) return;
    if (served.form) {
      for (const [name, message] of Object.entries(served.form.errors)) {
        if (isField(name)) setError(name, { message });
      }
    } else if (draft && (Object.keys(empty) as (keyof FormValues)[]).every((k) => initial[k] === empty[k])) {
      // Only when the tab has a draft: setting the same values again would render the whole form again.
      const kept = recalled();
      if ((Object.keys(kept) as (keyof FormValues)[]).some((k) => kept[k] !== initial[k])) reset(kept);
    }
    setServerErrors(undefined);
    // Used once: coming back to the form later, by the site's own links, starts it anew with a new key.
    if (pageData) {
      delete pageData.form;
      delete pageData.formKey;
    }
  }, []);

  /** A field with its value in the HTML too, so the server's page shows it (react-hook-form sets it only by script). */
  const field = <Name extends keyof FormValues>(name: Name) => {
    const value: unknown = initial[name];
    return {
      ...register(name),
      ...(typeof value === 'boolean' ? { defaultChecked: value } : { defaultValue: String(value) }),
    };
  };

  // A form whose discipline can be switched keeps what was typed, but not a race or size of the other one.
  useEffect(() => {
    if (getValues('discipline') === discipline) return;
    setValue('discipline', discipline);
    if (!races.some((race) => race.label === getValues('raceType'))) setValue('raceType', '');
    if (!sizes.includes(getValues('tshirtSize'))) setValue('tshirtSize', '');
  }, [discipline, races, sizes, getValues, setValue]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the refusal's field errors are shown once, on arrival
  useEffect(() => {
    if (refused)
      showFieldErrors(new ApiError(refused.status, refused.message, refused.errors), setError, isField);
  }, []);

  const stillKept = usePendingFlag() && kept;
  // Before the page is painted, so the page-wide banner never shows beside the form's own message.
  useLayoutEffect(() => {
    if (stillKept) return formShowsPending();
  }, [stillKept]);
  // Sent from the phone's keeping while the form is still open (the page-wide notice says so, with the
  // reference): whoever holds the phone next finds an empty form, not the entrant's details.
  const shownKept = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the kept entry stops waiting
  useEffect(() => {
    if (stillKept) shownKept.current = true;
    else if (shownKept.current) {
      shownKept.current = false;
      setKept(false);
      idempotencyKey.current = crypto.randomUUID();
      reset(empty);
      forgetDraft();
      window.scrollTo(0, 0);
    }
  }, [stillKept]);

  const onSubmit = handleSubmit(async (data) => {
    if (sending.current) return;
    sending.current = true;
    setFailure(undefined);
    setServerErrors(undefined);
    const key = idempotencyKey.current;
    const waitlist = waitlisted.has(data.raceType);
    try {
      const receipt = await submit(data, key, waitlist);
      // Sent after all: a copy kept by an earlier try without signal must not be sent again.
      if (isPendingFlagged())
        void import('../pending-registration.ts').then((kept) => kept.forgetRegistration(key));
      idempotencyKey.current = crypto.randomUUID();
      reset(empty);
      forgetDraft();
      // A team's form never asks for the waitlist, so its answer is an entry.
      if (onRegistered) return onRegistered(receipt as RegistrationAnswer, data);
      rememberReceipt(toldBy(receipt, event.smsOn ? data.notifyBy : undefined));
      navigate('/Thankyou');
    } catch (error) {
      // No connection (not a refusal): the public form keeps the entry on the phone and sends it later.
      if (error instanceof ApiError && error.status === 0 && submit === postRegistration) {
        // The form says it is kept from the moment it is: the banner, told by keeping it, stays away meanwhile.
        const release = formShowsPending();
        try {
          const { keepRegistration } = await import('../pending-registration.ts');
          await keepRegistration({ idempotencyKey: key, data, waitlist });
          flushSync(() => setKept(true));
          return;
        } catch {
          // IndexedDB refused (private mode, storage full): say the connection failed, as before.
        } finally {
          release();
        }
      }
      setKept(false);
      if (error instanceof ApiError) setFailure(error.message);
      showFieldErrors(error, setError, isField);
    } finally {
      sending.current = false;
    }
  });

  /** "Add another person": the group form, starting with this form's person and an empty one. */
  const addPerson = async () => {
    try {
      await loadGroupForm();
    } catch {
      return setFailure(NETWORK_DOWN);
    }
    setFailure(undefined);
    setGroup({ single: getValues() });
  };

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

  if (group) {
    return (
      <Suspense fallback={<Loading label="Loading the form…" />}>
        <GroupRegistrationForm
          event={event}
          discipline={discipline}
          start={group}
          action={action}
          formKey={served?.form && served.formKey}
          served={served?.form}
          onOne={(values) => {
            reset({ ...empty, ...values });
            setGroup(undefined);
          }}
        />
      </Suspense>
    );
  }

  return (
    <form
      method={action && 'post'}
      action={action}
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5 rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      {action && <input type="hidden" name={FORM_KEY_FIELD} value={idempotencyKey.current} />}
      <EntrantFields
        register={field}
        errors={shownErrors}
        races={races.map((race) =>
          waitlisted.has(race.label)
            ? { ...race, full: false, fee: 'Full — join the waitlist' }
            : { ...race, fee: formatFees(race.feeUsd, race.feeZwg, ' / ') },
        )}
        sizes={sizes}
        age={watch('age')}
        onBehalf={onBehalf}
        emailHint={emailOptional ? EMAIL_OPTIONAL_HINT : emailHint}
        emailRequired={emailOptional ? !smsAlone : undefined}
      />
      {event.smsOn && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 font-medium text-stone-800">Send my confirmation by</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-1">
            {NOTIFY_BY.map((way) => (
              <label key={way} className="flex min-h-11 items-center gap-2 text-stone-800">
                <input
                  type="radio"
                  value={way}
                  {...register('notifyBy')}
                  defaultChecked={initial.notifyBy === way}
                  className="size-5 accent-brand-700"
                />
                {NOTIFY_BY_LABELS[way]}
              </label>
            ))}
          </div>
          <p aria-live="polite" className="text-sm font-medium text-red-700 empty:hidden">
            {shownErrors.notifyBy?.message}
          </p>
        </fieldset>
      )}
      <div className="flex items-start gap-3">
        <input
          id="listedInSearch"
          type="checkbox"
          {...field('listedInSearch')}
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
      <div className="flex items-start gap-3">
        <input
          id="showInResults"
          type="checkbox"
          {...field('showInResults')}
          aria-describedby="showInResults-hint"
          className="mt-1 size-5 shrink-0 accent-brand-700"
        />
        <div>
          <label htmlFor="showInResults" className="text-stone-800">
            Show my name in published results
          </label>
          <p id="showInResults-hint" className="text-sm text-stone-600">
            Unticked, the results show your bib number instead.
          </p>
        </div>
      </div>
      {event.giftsTo && !onBehalf && (
        // Its own boundary: while the chunk loads, only the gift waits (unhydrated, the server's HTML kept).
        <Suspense>
          <GiftBox
            cause={event.giftsTo}
            currency={watch('giftCurrency') === 'ZWG' ? 'ZWG' : 'USD'}
            amount={watch('giftAmount')}
            onPreset={(amount) => setValue('giftAmount', amount)}
            input={{ id: 'giftAmount', ...field('giftAmount') }}
            error={shownErrors.giftAmount?.message}
            currencyChoice={{
              name: 'giftCurrency',
              onChange: (currency) => setValue('giftCurrency', currency),
            }}
          />
        </Suspense>
      )}
      <div className="flex flex-col gap-1">
        <Checkbox
          {...field('consent')}
          error={shownErrors.consent?.message}
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
      {stillKept && (
        <div className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950">
          <p role="status" className="font-medium">
            {PENDING_MESSAGE}
          </p>
          <button type="button" onClick={sendPendingNow} className={`mt-2 ${secondaryButtonClass}`}>
            Send now
          </button>
        </div>
      )}
      {/* Not FormAlert: that module is the account pages', and would be one more download for /Register. */}
      {failure && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-900">
          {failure}
        </p>
      )}
      <SubmitButton
        busy={isSubmitting}
        busyLabel={joining ? 'Joining…' : 'Registering…'}
        className="w-full sm:w-auto sm:self-start"
      >
        {joining ? 'Join the waitlist' : 'Register'}
      </SubmitButton>
      {action && (
        // After Register: the button Enter presses is the form's first. Posted without JavaScript, the server
        // answers the form with one more person.
        <button
          type="submit"
          name="addPerson"
          value="1"
          formNoValidate
          onClick={(click) => {
            click.preventDefault();
            void addPerson();
          }}
          className={`w-full sm:w-auto sm:self-start ${secondaryButtonClass}`}
        >
          Add another person
        </button>
      )}
    </form>
  );
}

/** The server's messages by field name, as react-hook-form holds a form's errors. */
function fieldErrorsOf(messages: Record<string, string> | undefined): FieldErrors<FormValues> | undefined {
  if (!messages) return undefined;
  return Object.fromEntries(
    Object.entries(messages).map(([name, message]) => [name, { type: 'server', message }]),
  ) as FieldErrors<FormValues>;
}

/**
 * Whether the form is rendered on the server, or hydrated from the server's: then it starts from what the
 * server's shows. Read from the page rather than with a hook that changes after hydration (`useHydrated`):
 * that would render the whole form again at once, a long task on a phone.
 */
const onServersPage = (action: string | undefined) =>
  typeof document === 'undefined' || serversForm(action) !== undefined;

/** What was typed into the server's form at `action` before the script came, of this form's fields only. */
const typedInto = (action: string | undefined, fields: FormValues) =>
  Object.fromEntries(
    Object.entries((action && typedBeforeScript(action)) || {}).filter(([name]) => name in fields),
  );
