import { useEffect, useId, useRef, useState } from 'react';
import { type FieldErrors, get, set, type UseFormReturn } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { DISCIPLINES, type Discipline, type PublicEvent } from '../../../../shared/events/event.ts';
import { DISCIPLINE_LABELS } from '../../../../shared/events/event-display.ts';
import { formatFees } from '../../../../shared/money.ts';
import { GroupRegistrationInputSchema, MAX_GROUP } from '../../../../shared/registrations/group.ts';
import {
  emptyPerson,
  type GroupFormValues,
  type GroupPersonValues,
  giftCurrencyOf,
  groupFormOf,
  groupInputOf,
} from '../../../../shared/registrations/group-form.ts';
import { EMAIL_OPTIONAL_HINT, toldBy } from '../../../../shared/registrations/registration.ts';
import { NOTIFY_BY, NOTIFY_BY_LABELS } from '../../../../shared/sms/sms-settings.ts';
import { GiftBox } from '../../../components/gift-box.tsx';
import { PrivacyNoticeLink } from '../../../components/privacy-notice-link.tsx';
import { SubmitButton, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { postGroupRegistration } from '../api/register-group.ts';
import { rememberReceipt } from '../last-receipt.ts';
import { Checkbox, EntrantFields, useTypedMinor } from './entrant-fields.tsx';

/** Said on the form when a group is sent without a connection: unlike one entry, it is not kept on the phone. */
export const GROUP_NEEDS_SIGNAL =
  'No connection: a group is registered only while the phone has signal. Your details are still here: try again when you have signal.';

const PERSON_FIELD = /^people\.(\d+)\.(\w+)$/;
// As the single form's ("Add a gift to <cause>", in US$).

type GroupForm = UseFormReturn<GroupFormValues, unknown, unknown>;

/**
 * How the group form starts: from the single form's values when "Add another person" is pressed, or from the
 * server's form posted without JavaScript (its values by input name, `people.1.firstName`).
 */
export type GroupStart = { single: Record<string, unknown> } | { served: Record<string, string | boolean> };

function startOf(start: GroupStart, discipline: Discipline): GroupFormValues {
  if ('served' in start) {
    const values = start.served;
    const served = groupFormOf(
      (name) => (typeof values[name] === 'string' ? (values[name] as string) : undefined),
      (name) => values[name] === true,
      discipline,
    );
    if (served) return served;
  }
  const values = 'single' in start ? start.single : {};
  const contact = emptyPerson(discipline);
  for (const name of Object.keys(contact) as (keyof GroupPersonValues)[]) {
    const value = values[name];
    if (name !== 'sameContact' && typeof value === typeof contact[name])
      Object.assign(contact, { [name]: value });
  }
  return {
    people: [contact, emptyPerson(discipline)],
    notifyBy: typeof values.notifyBy === 'string' ? values.notifyBy : '',
    consent: values.consent === true,
    waitlistFull: false,
    giftAmount: typeof values.giftAmount === 'string' ? values.giftAmount : '',
    giftCurrency: giftCurrencyOf(values.giftCurrency),
  };
}

let nextKey = 0;
/** A person block's own key: the blocks after a removed one keep their inputs. */
const newKey = () => `person-${++nextKey}`;

interface GroupRegistrationFormProps {
  event: PublicEvent;
  /** The page's discipline: a new person's, until changed. */
  discipline: Discipline;
  /** The people so far: the single form's person and a new one, or the server's form posted without script. */
  start: GroupStart;
  /** Where the form posts without JavaScript. */
  action?: string;
  /** The key of the server's form (posted without JavaScript), kept so a retry is recognised. */
  formKey?: string;
  /** What the server said about the form posted without JavaScript. */
  served?: { errors: Record<string, string>; failure?: string; full?: number[] };
  /** Only the contact is left: back to the single form, with his values (in the page's discipline). */
  onOne: (
    values: Omit<GroupPersonValues, 'sameContact'> &
      Pick<GroupFormValues, 'consent' | 'notifyBy' | 'giftAmount' | 'giftCurrency'>,
  ) => void;
}

/**
 * Several people on one form (issue 36), loaded when "Add another person" is first pressed: each person's
 * fields as the single form's, the discipline chosen per person, the contact's mobile and email shared with
 * whoever ticks "Same contact as …", and one submit that registers everyone or no one.
 */
export default function GroupRegistrationForm({
  event,
  discipline,
  start: startWith,
  action,
  formKey,
  served,
  onOne,
}: GroupRegistrationFormProps) {
  const navigate = useNavigate();
  const [start] = useState(() => startOf(startWith, discipline));
  const [keys, setKeys] = useState(() => start.people.map(newKey));
  const [failure, setFailure] = useState(served?.failure);
  // The people the server found in a full race (409): their race is marked, and the waitlist box offered.
  const [fullPeople, setFullPeople] = useState<number[]>(served?.full ?? []);
  const sending = useRef(false);
  const idempotencyKey = useRef(formKey ?? crypto.randomUUID());
  const form = useZodForm(GroupRegistrationInputSchema, {
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: start,
    toSchemaInput: groupInputOf,
  });
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    setValue,
    setFocus,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const added = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the person just added is filled in next
  useEffect(() => {
    if (added.current) setFocus(`people.${keys.length - 1}.firstName`);
    added.current = false;
  }, [keys.length]);
  const append = () => {
    setValue(`people.${keys.length}`, emptyPerson(discipline));
    added.current = true;
    setKeys([...keys, newKey()]);
  };
  const remove = (index: number) => {
    const values = getValues();
    // The form again without him: the inputs of those after him take their new names and values.
    reset({ ...values, people: values.people.filter((_, at) => at !== index) }, { keepDefaultValues: true });
    setKeys(keys.filter((_, at) => at !== index));
    setFullPeople([]);
  };
  // The server's messages show until the form knows them, so the hydrated form matches the server's page.
  const [serverErrors, setServerErrors] = useState(() => nested(served?.errors));
  const shownErrors: FieldErrors<GroupFormValues> = serverErrors ?? errors;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the server's page
  useEffect(() => {
    for (const [path, message] of Object.entries(served?.errors ?? {})) {
      setError(path as 'consent', { type: 'server', message });
    }
    setServerErrors(undefined);
  }, []);

  const people = watch('people');
  const contactName = people[0]?.firstName.trim() || 'the first person';
  const waitlisted = new Set(
    event.races.filter((race) => race.full).map((race) => `${race.discipline} ${race.label}`),
  );
  const inFullRace = people.flatMap((person, index) =>
    fullPeople.includes(index) || waitlisted.has(`${person.discipline} ${person.raceType}`) ? [index] : [],
  );
  const fullNames = inFullRace.map((index) => people[index]?.firstName.trim() || `Person ${index + 1}`);

  const onSubmit = handleSubmit(async (data) => {
    if (sending.current) return;
    sending.current = true;
    setFailure(undefined);
    try {
      const receipt = await postGroupRegistration(data, idempotencyKey.current);
      idempotencyKey.current = crypto.randomUUID();
      rememberReceipt(toldBy(receipt, event.smsOn ? data.people[0]?.notifyBy : undefined));
      navigate('/Thankyou');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 0) return setFailure(GROUP_NEEDS_SIGNAL);
      setFailure(error.message);
      const full: number[] = [];
      for (const { path, message } of error.errors) {
        const [, index, name] = PERSON_FIELD.exec(path) ?? [];
        if (index === undefined || name === undefined) continue;
        if (error.status === 409 && name === 'raceType') full.push(Number(index));
        setError(shownAt(getValues(), Number(index), name), { type: 'server', message });
      }
      if (error.status === 409) {
        setFullPeople(full);
        // Nothing was registered: the next try, with the waitlist box ticked, is a new attempt.
        idempotencyKey.current = crypto.randomUUID();
      }
    } finally {
      sending.current = false;
    }
  });

  const consentError =
    shownErrors.consent?.message ?? (get(shownErrors, 'people.0.consent') as { message?: string })?.message;
  const notifyByError =
    shownErrors.notifyBy?.message ?? (get(shownErrors, 'people.0.notifyBy') as { message?: string })?.message;

  return (
    <form
      method={action && 'post'}
      action={action}
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5 rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      {action && <input type="hidden" name="idempotencyKey" value={idempotencyKey.current} />}
      {keys.map((key, index) => (
        <PersonBlock
          key={key}
          form={form}
          index={index}
          values={people[index] ?? emptyPerson(discipline)}
          event={event}
          errors={(shownErrors.people?.[index] ?? {}) as FieldErrors<GroupPersonValues>}
          contactName={contactName}
          smsAlone={watch('notifyBy') === 'sms'}
          full={inFullRace.includes(index)}
          onRemove={() => {
            if (keys.length > 2) return remove(index);
            const { people, consent, notifyBy, giftAmount, giftCurrency } = getValues();
            const [contact] = people;
            if (!contact) return;
            const { sameContact: _, ...entry } = contact;
            const same = contact.discipline === discipline;
            onOne({
              ...entry,
              discipline,
              raceType: same ? contact.raceType : '',
              tshirtSize: same ? contact.tshirtSize : '',
              consent,
              notifyBy,
              giftAmount,
              giftCurrency,
            });
          }}
        />
      ))}
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
                  defaultChecked={start.notifyBy === way}
                  className="size-5 accent-brand-700"
                />
                {NOTIFY_BY_LABELS[way]}
              </label>
            ))}
          </div>
          <p aria-live="polite" className="text-sm font-medium text-red-700 empty:hidden">
            {notifyByError}
          </p>
        </fieldset>
      )}
      {event.giftsTo && (
        <GiftBox
          cause={event.giftsTo}
          currency={watch('giftCurrency')}
          amount={watch('giftAmount')}
          onPreset={(amount) => setValue('giftAmount', amount, { shouldValidate: true })}
          currencyChoice={{
            name: 'giftCurrency',
            onChange: (currency) => setValue('giftCurrency', currency),
          }}
          input={{ id: 'giftAmount', ...register('giftAmount'), defaultValue: start.giftAmount }}
          error={shownErrors.giftAmount?.message}
          hint="Optional, once for the whole group. Paid with the fees under the group reference; it goes to the cause, not to the races."
        />
      )}
      <div className="flex flex-col gap-1">
        <Checkbox
          {...{ ...register('consent'), defaultChecked: start.consent }}
          error={consentError}
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
      {fullNames.length > 0 && (
        <div className="rounded-lg border border-amber-400 bg-amber-50 p-3">
          <Checkbox
            {...{ ...register('waitlistFull'), defaultChecked: start.waitlistFull }}
            label={`Register the others now and put ${listOf(fullNames)} on the waitlist`}
          />
        </div>
      )}
      {failure && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-900">
          {failure}
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        {/* First: the button Enter presses is Register, not "Add another person". */}
        <SubmitButton busy={isSubmitting} busyLabel="Registering…" className="w-full sm:w-auto">
          Register
        </SubmitButton>
        {keys.length < MAX_GROUP ? (
          <button
            type="submit"
            name="addPerson"
            value="1"
            formNoValidate
            onClick={(click) => {
              click.preventDefault();
              append();
            }}
            className={`w-full sm:w-auto ${secondaryButtonClass}`}
          >
            Add another person
          </button>
        ) : (
          <p className="text-stone-700">At most {MAX_GROUP} people on one form.</p>
        )}
      </div>
    </form>
  );
}

/** One person's block: "Person 2", with the single form's fields (and the same labels) inside. */
function PersonBlock({
  form,
  index,
  values,
  event,
  errors,
  contactName,
  smsAlone,
  full,
  onRemove,
}: {
  form: GroupForm;
  index: number;
  /** His values now (the form's, watched). */
  values: GroupPersonValues;
  event: PublicEvent;
  errors: FieldErrors<GroupPersonValues>;
  contactName: string;
  /** "Send my confirmation by" is SMS: no one on the form needs an email. */
  smsAlone: boolean;
  full: boolean;
  onRemove: () => void;
}) {
  const { register, setValue, getValues } = form;
  const at = <Name extends keyof GroupPersonValues>(name: Name) => `people.${index}.${name}` as const;
  const { discipline, age, sameContact } = values;
  // The values it was first shown with, in the HTML too (react-hook-form sets inputs only by script).
  const [initial] = useState(values);
  const minor = useTypedMinor(age);
  const listedId = useId();
  // Whether the entrant chose "Same contact as …" himself: then a change of age leaves it as he set it.
  const contactChosen = useRef(false);
  const contact = index > 0;

  // A child shares the contact's details by default, and his guardian is the contact, until changed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the age crosses 18
  useEffect(() => {
    if (!contact) return;
    if (!contactChosen.current) setValue(at('sameContact'), minor);
    if (!minor) return;
    const [first] = getValues('people');
    if (!first) return;
    if (!getValues(at('guardianName')))
      setValue(at('guardianName'), `${first.firstName} ${first.lastName}`.trim());
    if (!getValues(at('guardianMobile'))) setValue(at('guardianMobile'), first.mobile);
  }, [minor]);

  const races = event.races.filter((race) => race.discipline === discipline);
  const sizes = event.tshirtSizes[discipline];
  // A person switched to the other discipline keeps what was typed, but not a race or size of the other one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the discipline changes
  useEffect(() => {
    if (!races.some((race) => race.label === getValues(at('raceType')))) setValue(at('raceType'), '');
    if (!sizes.includes(getValues(at('tshirtSize')))) setValue(at('tshirtSize'), '');
  }, [discipline]);

  /** A field with its value in the HTML too, so the server's page shows it. */
  const field = (name: keyof GroupPersonValues) => {
    const value: unknown = initial[name];
    return {
      ...register(at(name)),
      ...(typeof value === 'boolean' ? { defaultChecked: value } : { defaultValue: String(value ?? '') }),
    };
  };
  const sharing = contact && sameContact;

  return (
    <fieldset className="flex flex-col gap-5 rounded-lg border border-stone-300 p-4">
      <legend className="px-1 text-lg font-semibold text-stone-900">
        Person {index + 1}
        {!contact && <span className="font-normal text-stone-600"> (the contact)</span>}
      </legend>
      <SelectField label="Runner or cyclist" error={errors.discipline?.message} {...field('discipline')}>
        {DISCIPLINES.map((each) => (
          <option key={each} value={each}>
            {DISCIPLINE_LABELS[each]}
          </option>
        ))}
      </SelectField>
      <EntrantFields
        register={field}
        errors={errors as FieldErrors<Record<string, unknown>>}
        races={races.map((race) =>
          race.full
            ? { ...race, full: false, fee: 'Full — join the waitlist' }
            : { ...race, fee: formatFees(race.feeUsd, race.feeZwg, ' / ') },
        )}
        sizes={sizes}
        age={age}
        sharedContact={sharing}
        emailHint={event.smsOn ? EMAIL_OPTIONAL_HINT : undefined}
        emailRequired={event.smsOn ? !smsAlone : undefined}
        contactChoice={
          contact && (
            <div className="flex items-start gap-3">
              <input
                id={`${listedId}-same`}
                type="checkbox"
                {...field('sameContact')}
                onChange={(change) => {
                  contactChosen.current = true;
                  return register(at('sameContact')).onChange(change);
                }}
                className="mt-1 size-5 shrink-0 accent-brand-700"
              />
              <label htmlFor={`${listedId}-same`} className="text-stone-800">
                Same contact as {contactName}
              </label>
            </div>
          )
        }
      />
      {full && (
        <p className="rounded-lg border border-amber-400 bg-amber-50 p-3 font-medium text-amber-950">
          This person's race is full.
        </p>
      )}
      <div className="flex items-start gap-3">
        <input
          id={listedId}
          type="checkbox"
          {...field('listedInSearch')}
          className="mt-1 size-5 shrink-0 accent-brand-700"
        />
        <label htmlFor={listedId} className="text-stone-800">
          {contact
            ? 'List this name in the public entrant search'
            : 'List my name in the public entrant search'}
        </label>
      </div>
      <div className="flex items-start gap-3">
        <input
          id={`${listedId}-results`}
          type="checkbox"
          {...field('showInResults')}
          className="mt-1 size-5 shrink-0 accent-brand-700"
        />
        <label htmlFor={`${listedId}-results`} className="text-stone-800">
          {contact ? 'Show this name in published results' : 'Show my name in published results'}
        </label>
      </div>
      {contact && (
        <button
          type="submit"
          name="removePerson"
          value={index}
          formNoValidate
          onClick={(click) => {
            click.preventDefault();
            onRemove();
          }}
          className={`self-start ${secondaryButtonClass}`}
        >
          Remove
        </button>
      )}
    </fieldset>
  );
}

/** Where a server's message about a person's field shows: a shared email or mobile is the contact's. */
function shownAt(values: GroupFormValues, index: number, name: string) {
  const shared = (name === 'email' || name === 'mobile') && values.people[index]?.sameContact && index > 0;
  return `people.${shared ? 0 : index}.${name}` as `people.${number}.firstName`;
}

/** "Tendai", "Tendai and Rudo", "Tendai, Rudo and Chipo". */
function listOf(names: string[]) {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The server's messages by dotted name, as react-hook-form holds a form's errors. */
function nested(messages: Record<string, string> | undefined): FieldErrors<GroupFormValues> | undefined {
  if (!messages) return undefined;
  const errors: FieldErrors<GroupFormValues> = {};
  for (const [name, message] of Object.entries(messages)) set(errors, name, { type: 'server', message });
  return errors;
}
