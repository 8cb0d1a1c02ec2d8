import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { Discipline, PublicEvent } from '../../../../shared/events/event.ts';
import { formatFees } from '../../../../shared/money.ts';
import {
  GENDERS,
  type RegistrationData,
  RegistrationInputSchema,
  type RegistrationReceipt,
} from '../../../../shared/registrations/registration.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { rememberReceipt, type SubmitRegistration, useRegister } from '../api/register.ts';

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
  listedInSearch: boolean;
  consent: boolean;
};

const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'mobile',
  'age',
  'gender',
  'raceType',
  'nextOfKinMobile',
  'tshirtSize',
  'listedInSearch',
  'consent',
] as const;
const isField = (path: string): path is (typeof FIELDS)[number] =>
  (FIELDS as readonly string[]).includes(path);

interface RegistrationFormProps {
  event: PublicEvent;
  discipline: Discipline;
  /** Where the entry is sent; the public registration by default. */
  submit?: SubmitRegistration;
  /** Called after a successful registration, instead of going to the thank-you page; the form clears. */
  onRegistered?: (receipt: RegistrationReceipt, data: RegistrationData) => void;
}

export function RegistrationForm({ event, discipline, submit, onRegistered }: RegistrationFormProps) {
  const navigate = useNavigate();
  const registration = useRegister(submit);
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
    listedInSearch: true,
    consent: false,
  };
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    reset,
    formState: { errors },
  } = useForm<FormValues, unknown, RegistrationData>({
    resolver: zodResolver(RegistrationInputSchema) as never,
    // A field is checked when left, then on every change: an error shown above the button clears while the
    // value is corrected, so the button does not jump away from the pointer when it is clicked (onBlur did).
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: empty,
  });

  const races = event.races.filter((race) => race.discipline === discipline);
  const sizes = event.tshirtSizes[discipline];

  // A form whose discipline can be switched keeps what was typed, but not a race or size of the other one.
  useEffect(() => {
    if (getValues('discipline') === discipline) return;
    setValue('discipline', discipline);
    if (!races.some((race) => race.label === getValues('raceType'))) setValue('raceType', '');
    if (!sizes.includes(getValues('tshirtSize'))) setValue('tshirtSize', '');
  }, [discipline, races, sizes, getValues, setValue]);

  const onSubmit = handleSubmit(async (data) => {
    if (registration.isPending) return;
    try {
      const receipt = await registration.mutateAsync({ data, idempotencyKey: idempotencyKey.current });
      idempotencyKey.current = crypto.randomUUID();
      reset(empty);
      if (onRegistered) return onRegistered(receipt, data);
      rememberReceipt(receipt);
      navigate('/Thankyou', { state: { receipt } });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const fieldError of error.errors) {
          if (isField(fieldError.path)) setError(fieldError.path, { message: fieldError.message });
        }
      }
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

  const failure = registration.error instanceof ApiError ? registration.error : undefined;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5 rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="First name" error={errors.firstName?.message}>
          {(a11y) => (
            <input {...a11y} {...register('firstName')} autoComplete="given-name" className={inputClass} />
          )}
        </Field>
        <Field label="Last name" error={errors.lastName?.message}>
          {(a11y) => (
            <input {...a11y} {...register('lastName')} autoComplete="family-name" className={inputClass} />
          )}
        </Field>
      </div>
      <Field label="Email" error={errors.email?.message}>
        {(a11y) => (
          <input
            {...a11y}
            {...register('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            className={inputClass}
          />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Mobile" hint="e.g. 0771234567 or +263 77 123 4567" error={errors.mobile?.message}>
          {(a11y) => (
            <input {...a11y} {...register('mobile')} type="tel" autoComplete="tel" className={inputClass} />
          )}
        </Field>
        <Field label="Age" error={errors.age?.message}>
          {(a11y) => (
            <input
              {...a11y}
              {...register('age')}
              type="number"
              inputMode="numeric"
              min={4}
              max={100}
              className={inputClass}
            />
          )}
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <Field label="Gender" optional error={errors.gender?.message}>
          {(a11y) => (
            <select {...a11y} {...register('gender')} className={inputClass}>
              <option value="">Select gender</option>
              {GENDERS.map((gender) => (
                <option key={gender}>{gender}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Race type" error={errors.raceType?.message}>
          {(a11y) => (
            <select {...a11y} {...register('raceType')} className={inputClass}>
              <option value="">Select race type</option>
              {races.map((race) => {
                const fee = formatFees(race.feeUsd, race.feeZwg);
                return (
                  <option key={race.label} value={race.label} disabled={race.full}>
                    {race.label}
                    {race.full ? ' (Full)' : fee ? ` (${fee})` : ''}
                  </option>
                );
              })}
            </select>
          )}
        </Field>
        <Field label="T-shirt size" error={errors.tshirtSize?.message}>
          {(a11y) => (
            <select {...a11y} {...register('tshirtSize')} className={inputClass}>
              <option value="">Select T-shirt size</option>
              {sizes.map((size) => (
                <option key={size}>{size}</option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field
        label="Next of kin mobile"
        hint="Who we call in an emergency"
        error={errors.nextOfKinMobile?.message}
      >
        {(a11y) => <input {...a11y} {...register('nextOfKinMobile')} type="tel" className={inputClass} />}
      </Field>
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
            Only your name and race are shown.
          </p>
        </div>
      </div>
      <div>
        <div className="flex items-start gap-3">
          <input
            id="consent"
            type="checkbox"
            {...register('consent')}
            aria-invalid={Boolean(errors.consent)}
            aria-describedby="consent-error"
            className="mt-1 size-5 shrink-0 accent-brand-700"
          />
          <label htmlFor="consent" className="text-stone-800">
            I agree to the{' '}
            <Link to="/Terms" target="_blank" className="font-medium text-brand-700 underline">
              Terms and Conditions
            </Link>
          </label>
        </div>
        <p
          id="consent-error"
          aria-live="polite"
          className="mt-1 text-sm font-medium text-red-700 empty:hidden"
        >
          {errors.consent?.message}
        </p>
      </div>
      {failure && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-900">
          {failure.message}
        </p>
      )}
      <Button
        type="submit"
        disabled={registration.isPending}
        aria-disabled={registration.isPending}
        className="w-full sm:w-auto sm:self-start"
      >
        {registration.isPending && (
          <span
            className="size-4 animate-spin rounded-full border-2 border-white/50 border-t-white"
            aria-hidden="true"
          />
        )}
        {registration.isPending ? 'Registering…' : 'Register'}
      </Button>
    </form>
  );
}
