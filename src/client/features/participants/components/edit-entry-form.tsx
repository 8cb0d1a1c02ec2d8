import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  type ParticipantDetail,
  type ParticipantEditData,
  ParticipantEditSchema,
} from '../../../../shared/participants/participants.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { GENDERS } from '../../../../shared/registrations/registration.ts';
import { buttonClass, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { DialogActions, DialogError } from '../../../components/ui/dialog.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { errorText } from '../../../components/ui/form-alert.tsx';
import { ErrorMessage, Loading } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useEventSettings } from '../../event-settings/api/event-settings.ts';
import { useEditParticipant } from '../api/participant.ts';

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
] as const;
type Values = Record<(typeof FIELDS)[number], string> & { listedInSearch: boolean };
const isField = (path: string): path is (typeof FIELDS)[number] =>
  (FIELDS as readonly string[]).includes(path);

/** The public form's fields, labels and messages, for an admin's correction of one entry. */
export function EditEntryForm({
  entry,
  onCancel,
  onSaved,
}: {
  entry: ParticipantDetail;
  onCancel: () => void;
  /** `changed` is false when the entry already had these values. */
  onSaved: (changed: boolean) => void;
}) {
  const settings = useEventSettings();
  if (settings.isPending) return <Loading label="Loading the races…" />;
  if (settings.isError) {
    return <ErrorMessage onRetry={() => settings.refetch()}>{errorText(settings.error)}</ErrorMessage>;
  }
  const races = settings.data.races.filter((race) => race.discipline === entry.discipline);
  const sizes = settings.data.tshirtSizes[entry.discipline];
  return <EditForm entry={entry} races={races} sizes={sizes} onCancel={onCancel} onSaved={onSaved} />;
}

function EditForm({
  entry,
  races,
  sizes,
  onCancel,
  onSaved,
}: {
  entry: ParticipantDetail;
  races: { label: string; capacity: number | null; taken: number }[];
  sizes: string[];
  onCancel: () => void;
  onSaved: (changed: boolean) => void;
}) {
  const edit = useEditParticipant();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, ParticipantEditData>({
    resolver: zodResolver(ParticipantEditSchema) as never,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: {
      firstName: entry.firstName,
      lastName: entry.lastName,
      email: entry.email,
      mobile: formatPhone(entry.mobile),
      age: String(entry.age),
      gender: entry.gender ?? '',
      raceType: entry.raceType,
      nextOfKinMobile: formatPhone(entry.nextOfKinMobile),
      tshirtSize: entry.tshirtSize,
      listedInSearch: entry.listedInSearch,
    },
  });
  // A size that was later removed from the event's list still shows as the entry's own.
  const sizeChoices = sizes.includes(entry.tshirtSize) ? sizes : [entry.tshirtSize, ...sizes];

  const onSubmit = handleSubmit(async (data) => {
    if (edit.isPending) return;
    try {
      const saved = await edit.mutateAsync({ id: entry.id, body: data });
      onSaved(saved.history.length > entry.history.length);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      for (const fieldError of error.errors) {
        if (isField(fieldError.path)) setError(fieldError.path, { message: fieldError.message });
      }
      if (error.status === 409 && /full/i.test(error.message)) {
        setError('raceType', { message: error.message }, { shouldFocus: true });
      }
    }
  });
  const failure =
    edit.error instanceof ApiError && edit.error.errors.length === 0 && !/full/i.test(edit.error.message)
      ? edit.error
      : edit.isError && !(edit.error instanceof ApiError)
        ? edit.error
        : undefined;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 rounded-lg bg-stone-50 p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" error={errors.firstName?.message}>
          {(a11y) => <input {...a11y} {...register('firstName')} autoComplete="off" className={inputClass} />}
        </Field>
        <Field label="Last name" error={errors.lastName?.message}>
          {(a11y) => <input {...a11y} {...register('lastName')} autoComplete="off" className={inputClass} />}
        </Field>
      </div>
      <Field label="Email" error={errors.email?.message}>
        {(a11y) => (
          <input
            {...a11y}
            {...register('email')}
            type="email"
            inputMode="email"
            autoComplete="off"
            className={inputClass}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Mobile" hint="e.g. 0771234567 or +263 77 123 4567" error={errors.mobile?.message}>
          {(a11y) => (
            <input {...a11y} {...register('mobile')} type="tel" autoComplete="off" className={inputClass} />
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
      <div className="grid gap-4 sm:grid-cols-3">
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
                // The entry's own race has its place already, however full it is.
                const full =
                  race.label !== entry.raceType && race.capacity !== null && race.taken >= race.capacity;
                return (
                  <option key={race.label} value={race.label} disabled={full}>
                    {race.label}
                    {full ? ' (Full)' : ''}
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
              {sizeChoices.map((size) => (
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
        {(a11y) => (
          <input
            {...a11y}
            {...register('nextOfKinMobile')}
            type="tel"
            autoComplete="off"
            className={inputClass}
          />
        )}
      </Field>
      <div className="flex items-center gap-3">
        <input
          id="edit-listed-in-search"
          type="checkbox"
          {...register('listedInSearch')}
          className="size-5 shrink-0 accent-brand-700"
        />
        <label htmlFor="edit-listed-in-search" className="text-stone-800">
          List the name in the public entrant search
        </label>
      </div>
      {failure && <DialogError>{errorText(failure)}</DialogError>}
      <DialogActions>
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          Don’t save
        </button>
        <button type="submit" className={buttonClass} disabled={edit.isPending}>
          {edit.isPending ? 'Saving…' : 'Save changes'}
        </button>
      </DialogActions>
    </form>
  );
}
