import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  type ParticipantDetail,
  type ParticipantEditData,
  ParticipantEditSchema,
} from '../../../../shared/participants/participants.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { buttonClass, secondaryButtonClass } from '../../../components/ui/button.tsx';
import { DialogActions, DialogError } from '../../../components/ui/dialog.tsx';
import { errorText } from '../../../components/ui/form-alert.tsx';
import { ErrorMessage, Loading } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useEventSettings } from '../../event-settings/api/event-settings.ts';
import {
  type EntrantField,
  EntrantFields,
  isEntrantField,
} from '../../registrations/components/entrant-fields.tsx';
import { useEditParticipant } from '../api/participant.ts';

type Values = Record<EntrantField, string> & { listedInSearch: boolean };

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

  const onSubmit = handleSubmit(async (data) => {
    if (edit.isPending) return;
    try {
      const saved = await edit.mutateAsync({ id: entry.id, body: data });
      onSaved(saved.history.length > entry.history.length);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      for (const fieldError of error.errors) {
        if (isEntrantField(fieldError.path)) setError(fieldError.path, { message: fieldError.message });
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
      <EntrantFields
        register={register}
        errors={errors}
        races={races.map((race) => ({
          label: race.label,
          // The entry's own race has its place already, however full it is.
          full: race.label !== entry.raceType && race.capacity !== null && race.taken >= race.capacity,
        }))}
        // A size that was later removed from the event's list still shows as the entry's own.
        sizes={sizes.includes(entry.tshirtSize) ? sizes : [entry.tshirtSize, ...sizes]}
        personal={false}
        gap="gap-4"
      />
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
