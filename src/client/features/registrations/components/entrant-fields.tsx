import { type ReactNode, useId } from 'react';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { GUARDIAN_LABELS, isMinor, YOUNGEST_ENTRANT } from '../../../../shared/registrations/guardian.ts';
import { GENDERS } from '../../../../shared/registrations/registration.ts';
import { EmailField, PhoneField, SelectField, TextField } from '../../../components/ui/field.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** An entrant's own fields, in the order the participants list and an entry's details show them. */
export const ENTRANT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'mobile',
  'age',
  'gender',
  'raceType',
  'tshirtSize',
  'nextOfKinMobile',
] as const;
export type EntrantField = (typeof ENTRANT_FIELDS)[number];

/** A minor's parent or guardian: asked for only when the age given is under 18 (guardianRule). */
export const GUARDIAN_FIELDS = ['guardianName', 'guardianMobile', 'guardianConsent'] as const;
export type GuardianField = (typeof GUARDIAN_FIELDS)[number];

/** Whether the server's error for this path has a field here to stand beside. */
export const isEntrantField = (path: string): path is EntrantField | GuardianField =>
  (ENTRANT_FIELDS as readonly string[]).includes(path) ||
  (GUARDIAN_FIELDS as readonly string[]).includes(path);

/**
 * Whether the age typed so far is a minor's. One digit may be the start of an adult's age (the 3 of 35), so
 * it counts once typing pauses; two digits count at once.
 */
export function useTypedMinor(typed: string) {
  const text = typed.trim();
  const [settled] = useDebouncedValue(text, 700);
  const age = text.length >= 2 ? text : settled;
  return /^\d+$/.test(age) && Number(age) >= YOUNGEST_ENTRANT && isMinor(Number(age));
}

/** Two fields in a row share their rows (label, hint, box, error): the boxes line up whatever wraps. */
const SIDE_BY_SIDE = 'sm:row-span-4 sm:grid sm:grid-rows-subgrid';

/** A race as the form offers it: full races cannot be chosen; the fee, when there is one, is said. */
export interface RaceChoice {
  label: string;
  full: boolean;
  fee?: string | null;
}

/**
 * An entrant's fields, labels and hints, the same on the public form, the company's team form and an
 * admin's correction: names, email, mobile, age, gender, race, T-shirt size and next of kin, and for an age
 * under 18 the parent or guardian's.
 */
export function EntrantFields({
  register,
  errors,
  races,
  sizes,
  age,
  personal = true,
  onBehalf = false,
  gap = 'gap-5',
  contactChoice,
  sharedContact = false,
  emailHint,
  emailRequired,
}: {
  register: (name: EntrantField | GuardianField) => UseFormRegisterReturn;
  errors: FieldErrors<Record<EntrantField | GuardianField, unknown>>;
  races: readonly RaceChoice[];
  sizes: readonly string[];
  /** The age as typed: under 18, the parent or guardian's fields show. */
  age: string;
  /** The browser may fill in the entrant's own details; not when an admin edits someone else's. */
  personal?: boolean;
  /** Someone else enters it (an organiser, a company's manager): they record that a guardian agreed. */
  onBehalf?: boolean;
  gap?: 'gap-4' | 'gap-5';
  /** Shown before the email and mobile: a group's "Same contact as …". */
  contactChoice?: ReactNode;
  /** The person shares the contact's email and mobile (a group's): those fields are not asked. */
  sharedContact?: boolean;
  /** Said under Email (a team's form: whose address an empty one takes). */
  emailHint?: string;
  /**
   * While the event sends texts, whether Email must be filled in: false once SMS alone is chosen (the label
   * then says optional). Left out, the field is marked neither way, as every other field.
   */
  emailRequired?: boolean;
}) {
  const fill = (token: string) => (personal ? token : 'off');
  const minor = useTypedMinor(age);
  return (
    <>
      <div className={`grid ${gap} sm:grid-cols-2`}>
        <TextField
          label="First name"
          error={errors.firstName?.message}
          {...register('firstName')}
          autoComplete={fill('given-name')}
        />
        <TextField
          label="Last name"
          error={errors.lastName?.message}
          {...register('lastName')}
          autoComplete={fill('family-name')}
        />
      </div>
      {contactChoice}
      {!sharedContact && (
        <EmailField
          error={errors.email?.message}
          hint={emailHint}
          optional={emailRequired === false}
          aria-required={emailRequired}
          {...register('email')}
          autoComplete={fill('email')}
        />
      )}
      <div className={`grid ${gap} sm:grid-cols-2 sm:gap-y-1.5`}>
        {!sharedContact && (
          <PhoneField
            label="Mobile"
            fieldClassName={SIDE_BY_SIDE}
            error={errors.mobile?.message}
            {...register('mobile')}
            autoComplete={fill('tel')}
          />
        )}
        <TextField
          label="Age"
          hint="On the day of the race"
          fieldClassName={SIDE_BY_SIDE}
          error={errors.age?.message}
          {...register('age')}
          type="number"
          inputMode="numeric"
          min={YOUNGEST_ENTRANT}
          max={100}
        />
      </div>
      {minor && (
        <GuardianFields
          register={register}
          errors={errors}
          consentLabel={onBehalf ? GUARDIAN_LABELS.guardianConsentRecorded : GUARDIAN_LABELS.guardianConsent}
        />
      )}
      <SelectField label="Race type" error={errors.raceType?.message} {...register('raceType')}>
        <option value="">Select race type</option>
        {races.map((race) => (
          <option key={race.label} value={race.label} disabled={race.full}>
            {race.label}
            {race.full ? ' (Full)' : race.fee ? ` — ${race.fee}` : ''}
          </option>
        ))}
      </SelectField>
      <div className={`grid ${gap} sm:grid-cols-2`}>
        <SelectField label="Gender" optional error={errors.gender?.message} {...register('gender')}>
          <option value="">Select gender</option>
          {GENDERS.map((gender) => (
            <option key={gender}>{gender}</option>
          ))}
        </SelectField>
        <SelectField label="T-shirt size" error={errors.tshirtSize?.message} {...register('tshirtSize')}>
          <option value="">Select T-shirt size</option>
          {sizes.map((size) => (
            <option key={size}>{size}</option>
          ))}
        </SelectField>
      </div>
      <PhoneField
        label="Next of kin mobile"
        hint="Who we call in an emergency"
        error={errors.nextOfKinMobile?.message}
        {...register('nextOfKinMobile')}
        autoComplete={personal ? undefined : 'off'}
      />
    </>
  );
}

/**
 * A minor's parent or guardian: name, mobile and their agreement. Someone filling in their own child's
 * entry is the parent or guardian; an organiser or a company's manager records that one agreed.
 */
function GuardianFields({
  register,
  errors,
  consentLabel,
}: {
  register: (name: GuardianField) => UseFormRegisterReturn;
  errors: FieldErrors<Record<GuardianField, unknown>>;
  consentLabel: string;
}) {
  const [agreeTo, notice] = consentLabel.split('privacy notice');
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <legend className="px-1 font-semibold text-stone-900">Parent or guardian</legend>
      <p className="-mt-2 text-sm text-stone-700">
        An entrant under 18 needs a parent or guardian's agreement.
      </p>
      <TextField
        label={GUARDIAN_LABELS.guardianName}
        error={errors.guardianName?.message}
        {...register('guardianName')}
        autoComplete="off"
      />
      <PhoneField
        label={GUARDIAN_LABELS.guardianMobile}
        error={errors.guardianMobile?.message}
        {...register('guardianMobile')}
        autoComplete="off"
      />
      <Checkbox
        error={errors.guardianConsent?.message}
        {...register('guardianConsent')}
        label={
          <>
            {agreeTo}
            <Link to="/Privacy" target="_blank" className="font-medium text-brand-700 underline">
              privacy notice
            </Link>
            {notice}
          </>
        }
      />
    </fieldset>
  );
}

/**
 * A required tick box with its label beside it and its error below. A consent is given anew each time: the
 * browser does not tick it again when the person comes back to the page with Back (autocomplete off).
 */
export function Checkbox({
  label,
  error,
  ...input
}: UseFormRegisterReturn & { label: ReactNode; error?: string }) {
  const id = useId();
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          autoComplete="off"
          {...input}
          aria-invalid={Boolean(error)}
          aria-describedby={`${id}-error`}
          className="mt-1 size-5 shrink-0 accent-brand-700"
        />
        <label htmlFor={id} className="text-stone-800">
          {label}
        </label>
      </div>
      <p id={`${id}-error`} aria-live="polite" className="mt-1 text-sm font-medium text-red-700 empty:hidden">
        {error}
      </p>
    </div>
  );
}
