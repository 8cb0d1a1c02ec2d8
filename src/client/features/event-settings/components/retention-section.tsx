import {
  RETENTION_DAYS,
  type RetentionSettings,
  RetentionSettingsInputSchema,
} from '../../../../shared/privacy/retention.ts';
import { NumberField } from '../../../components/ui/field.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { SettingsSection, useSettingsForm } from '../../../components/ui/settings-section.tsx';
import { Loading } from '../../../components/ui/status.tsx';
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
  const { field, section } = useSettingsForm(RetentionSettingsInputSchema, {
    mode: 'onTouched',
    defaultValues: {
      entryRetentionDays: String(saved.entryRetentionDays),
      programmeRetentionDays: String(saved.programmeRetentionDays),
    },
    save,
    fields: FIELDS,
    savedText: (now) =>
      `Saved. Fun-run entries are anonymised ${now.entryRetentionDays} days after the event; programme records are deleted ${now.programmeRetentionDays} days after a man leaves or graduates.`,
  });
  const days = { min: RETENTION_DAYS.min, max: RETENTION_DAYS.max };
  return (
    <SettingsSection
      id="retention"
      title="Keeping personal data"
      intro="A daily job empties names, contacts, next of kin and notes of old entries (the figures stay: race, age group, gender, T-shirt size, payments) and deletes the records and uploads of men who left or graduated long ago. The admin dashboard says beforehand when entries will be anonymised."
      saveLabel="Save retention"
      {...section}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <NumberField
          label="Anonymise fun-run entries N days after the event"
          hint={`${RANGE}; 180 is the usual.`}
          {...field('entryRetentionDays')}
          {...days}
        />
        <NumberField
          label="Delete programme records N days after a man leaves or graduates"
          hint={`${RANGE}; 730 (two years) is the usual.`}
          {...field('programmeRetentionDays')}
          {...days}
        />
      </div>
    </SettingsSection>
  );
}
