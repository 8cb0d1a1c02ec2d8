import { useState } from 'react';
import {
  type ParticipantDetail,
  type ParticipantEditData,
  ParticipantEditSchema,
} from '../../../../shared/participants/participants.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { SaveActions } from '../../../components/ui/dialog.tsx';
import { CheckboxField } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { showFieldErrors } from '../../../lib/field-errors.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { type EntrantField, EntrantFields, isEntrantField, type RaceChoice } from './entrant-fields.tsx';

type Values = Record<EntrantField, string> & {
  guardianName: string;
  guardianMobile: string;
  guardianConsent: boolean;
  listedInSearch: boolean;
  showInResults: boolean;
};

/** What the form corrects of an entry: the public form's fields and the search listing. */
export type EditableEntry = Pick<
  ParticipantDetail,
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'mobile'
  | 'age'
  | 'gender'
  | 'raceType'
  | 'nextOfKinMobile'
  | 'guardianName'
  | 'guardianMobile'
  | 'guardianConsentedAt'
  | 'tshirtSize'
  | 'listedInSearch'
  | 'showInResults'
>;

const valuesOf = (entry: EditableEntry): Values => ({
  firstName: entry.firstName,
  lastName: entry.lastName,
  email: entry.email ?? '',
  mobile: formatPhone(entry.mobile),
  age: String(entry.age),
  gender: entry.gender ?? '',
  raceType: entry.raceType,
  nextOfKinMobile: formatPhone(entry.nextOfKinMobile),
  tshirtSize: entry.tshirtSize,
  guardianName: entry.guardianName ?? '',
  guardianMobile: entry.guardianMobile ? formatPhone(entry.guardianMobile) : '',
  // A guardian's agreement on record stands until the guardian changes.
  guardianConsent: entry.guardianConsentedAt !== null,
  listedInSearch: entry.listedInSearch,
  showInResults: entry.showInResults,
});

/**
 * The public form's fields, labels and messages, to correct one entry (an admin's or a team manager's):
 * `save` sends the values and says whether anything changed.
 */
export function EntryEditForm({
  entry,
  races,
  sizes,
  save,
  onCancel,
  onSaved,
  onBehalf = false,
}: {
  entry: EditableEntry;
  races: RaceChoice[];
  sizes: readonly string[];
  /** An organiser or a company's manager, not the entrant: they record a guardian's agreement. */
  onBehalf?: boolean;
  save: (body: ParticipantEditData) => Promise<boolean>;
  onCancel: () => void;
  onSaved: (changed: boolean) => void;
}) {
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<unknown>();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useZodForm(ParticipantEditSchema, {
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: valuesOf(entry),
  });

  const onSubmit = handleSubmit(async (data) => {
    if (saving) return;
    setSaving(true);
    setFailed(undefined);
    try {
      onSaved(await save(data));
    } catch (failure) {
      setFailed(failure);
      const error = showFieldErrors(failure, setError, isEntrantField);
      if (error?.status === 409 && /full/i.test(error.message)) {
        setError('raceType', { message: error.message }, { shouldFocus: true });
      }
    } finally {
      setSaving(false);
    }
  });
  // Shown above the buttons unless it is already beside a field.
  const failure =
    failed instanceof ApiError
      ? failed.errors.length === 0 && !/full/i.test(failed.message)
        ? failed
        : undefined
      : failed;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 rounded-lg bg-stone-50 p-4">
      <EntrantFields
        register={register}
        errors={errors}
        races={races}
        // A size that was later removed from the event's list still shows as the entry's own.
        sizes={sizes.includes(entry.tshirtSize) ? sizes : [entry.tshirtSize, ...sizes]}
        age={watch('age')}
        personal={false}
        onBehalf={onBehalf}
        gap="gap-4"
      />
      <CheckboxField label="List the name in the public entrant search" {...register('listedInSearch')} />
      <CheckboxField label="Show the name in published results" {...register('showInResults')} />
      <SaveActions
        failure={failure}
        onCancel={onCancel}
        busy={saving}
        saveLabel="Save changes"
        cancelLabel="Don’t save"
      />
    </form>
  );
}
