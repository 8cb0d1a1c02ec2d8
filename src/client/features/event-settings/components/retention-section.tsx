import { useState } from 'react';
import {
  RETENTION_DAYS,
  type RetentionSettings,
  RetentionSettingsInputSchema,
} from '../../../../shared/privacy/retention.ts';
import { TextField } from '../../../components/ui/field.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { failureOf, type Outcome, SettingsSection } from '../../../components/ui/settings-section.tsx';
import { Loading } from '../../../components/ui/status.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useRetentionSettings, useSaveRetention } from '../api/retention.ts';

const FIELDS = ['entryRetentionDays', 'programmeRetentionDays'] as const;
const RANGE = `Days (${RETENTION_DAYS.min}–${RETENTION_DAYS.max})`;

/** How long personal data is kept before the daily job anonymises or deletes it. */
export function RetentionSection() {
  const settings = useRetentionSettings();
  return (
    <>
      {settings.isPending && <Loading label="Loading how long personal data is kept…" />}
      <QueryError query={settings} />
      {settings.data && <RetentionForm saved={settings.data} />}
    </>
  );
}

function RetentionForm({ saved }: { saved: RetentionSettings }) {
  const save = useSaveRetention();
  const [outcome, setOutcome] = useState<Outcome>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(RetentionSettingsInputSchema, {
    mode: 'onTouched',
    defaultValues: {
      entryRetentionDays: String(saved.entryRetentionDays),
      programmeRetentionDays: String(saved.programmeRetentionDays),
    },
  });
  const onSubmit = handleSubmit(async (input) => {
    setOutcome(undefined);
    try {
      const now = await save.mutateAsync(input);
      setOutcome({
        kind: 'saved',
        text: `Saved. Fun-run entries are anonymised ${now.entryRetentionDays} days after the event; programme records are deleted ${now.programmeRetentionDays} days after a man leaves or graduates.`,
      });
    } catch (error) {
      setOutcome(failureOf(error, setError, FIELDS));
    }
  });
  return (
    <SettingsSection
      id="retention"
      title="Keeping personal data"
      intro="A daily job empties names, contacts, next of kin and notes of old entries (the figures stay: race, age group, gender, T-shirt size, payments) and deletes the records and uploads of men who left or graduated long ago. The admin dashboard says beforehand when entries will be anonymised."
      onSubmit={onSubmit}
      saving={save.isPending}
      saveLabel="Save retention"
      outcome={outcome}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Anonymise fun-run entries N days after the event"
          hint={`${RANGE}; 180 is the usual.`}
          error={errors.entryRetentionDays?.message}
          {...register('entryRetentionDays')}
          type="number"
          inputMode="numeric"
          min={RETENTION_DAYS.min}
          max={RETENTION_DAYS.max}
        />
        <TextField
          label="Delete programme records N days after a man leaves or graduates"
          hint={`${RANGE}; 730 (two years) is the usual.`}
          error={errors.programmeRetentionDays?.message}
          {...register('programmeRetentionDays')}
          type="number"
          inputMode="numeric"
          min={RETENTION_DAYS.min}
          max={RETENTION_DAYS.max}
        />
      </div>
    </SettingsSection>
  );
}
