import * as z from 'zod/mini';
import {
  type EventSettings,
  EventSettingsInputSchema,
} from '../../../../shared/event-settings/event-settings.ts';
import { NumberField } from '../../../components/ui/field.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { useSectionForm } from './text-sections.tsx';

const RemindersSchema = z.pick(EventSettingsInputSchema, {
  reminderDaysAfter: true,
  reminderDaysBeforeClose: true,
});
interface ReminderValues {
  reminderDaysAfter: string;
  reminderDaysBeforeClose: string;
}

const DAYS = { min: 0, max: 60 };

/** When unpaid entries are reminded by mail to pay. */
export function RemindersSection({ settings }: { settings: EventSettings }) {
  const { field, section } = useSectionForm(settings, RemindersSchema, {
    valuesOf: (saved): ReminderValues => ({
      reminderDaysAfter: String(saved.reminderDaysAfter),
      reminderDaysBeforeClose: String(saved.reminderDaysBeforeClose),
    }),
    toSchemaInput: (values: ReminderValues) => values,
    fields: ['reminderDaysAfter', 'reminderDaysBeforeClose'],
    savedText: 'The reminder days were saved.',
  });
  return (
    <SettingsSection
      id="reminders"
      title="Payment reminders"
      intro="Entries not yet paid get a reminder by mail with their reference and how to pay, while registration is open. No entry gets more than one reminder in three days. 0 turns a reminder off."
      saveLabel="Save reminder days"
      {...section}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <NumberField
          label="Remind unpaid entries N days after registering"
          hint="Days (0–60); 3 is the usual."
          {...field('reminderDaysAfter')}
          {...DAYS}
        />
        <NumberField
          label="Remind unpaid entries N days before registration closes"
          hint="Days (0–60); only when a closing time is set."
          {...field('reminderDaysBeforeClose')}
          {...DAYS}
        />
      </div>
    </SettingsSection>
  );
}
