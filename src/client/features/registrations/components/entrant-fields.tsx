import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { GENDERS } from '../../../../shared/registrations/registration.ts';
import { EmailField, PhoneField, SelectField, TextField } from '../../../components/ui/field.tsx';

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

export const isEntrantField = (path: string): path is EntrantField =>
  (ENTRANT_FIELDS as readonly string[]).includes(path);

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
 * admin's correction: names, email, mobile, age, gender, race, T-shirt size and next of kin.
 */
export function EntrantFields({
  register,
  errors,
  races,
  sizes,
  personal = true,
  gap = 'gap-5',
}: {
  register: (name: EntrantField) => UseFormRegisterReturn;
  errors: FieldErrors<Record<EntrantField, unknown>>;
  races: readonly RaceChoice[];
  sizes: readonly string[];
  /** The browser may fill in the entrant's own details; not when an admin edits someone else's. */
  personal?: boolean;
  gap?: 'gap-4' | 'gap-5';
}) {
  const fill = (token: string) => (personal ? token : 'off');
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
      <EmailField error={errors.email?.message} {...register('email')} autoComplete={fill('email')} />
      <div className={`grid ${gap} sm:grid-cols-2 sm:gap-y-1.5`}>
        <PhoneField
          label="Mobile"
          fieldClassName={SIDE_BY_SIDE}
          error={errors.mobile?.message}
          {...register('mobile')}
          autoComplete={fill('tel')}
        />
        <TextField
          label="Age"
          hint="On the day of the race"
          fieldClassName={SIDE_BY_SIDE}
          error={errors.age?.message}
          {...register('age')}
          type="number"
          inputMode="numeric"
          min={4}
          max={100}
        />
      </div>
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
