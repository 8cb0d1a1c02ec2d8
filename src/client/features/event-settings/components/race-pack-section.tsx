import * as z from 'zod/mini';
import {
  type EventSettings,
  EventSettingsInputSchema,
} from '../../../../shared/event-settings/event-settings.ts';
import { Field, inputClass, NumberField } from '../../../components/ui/field.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { useSectionForm } from './text-sections.tsx';

const RacePackSchema = z.pick(EventSettingsInputSchema, { racePackDaysBefore: true, whatToBring: true });
interface RacePackValues {
  racePackDaysBefore: string;
  whatToBring: string;
}

/** When each entrant gets his race pack (issue 39), and what it tells him to bring. */
export function RacePackSection({ settings }: { settings: EventSettings }) {
  const { field, section } = useSectionForm(settings, RacePackSchema, {
    valuesOf: (saved): RacePackValues => ({
      racePackDaysBefore: String(saved.racePackDaysBefore),
      whatToBring: saved.whatToBring,
    }),
    toSchemaInput: (values: RacePackValues) => values,
    fields: ['racePackDaysBefore', 'whatToBring'],
    savedText: 'The race pack settings were saved.',
  });
  const { error: bringError, ...bring } = field('whatToBring');
  return (
    <SettingsSection
      id="race-pack"
      title="Race pack"
      intro="Each entrant gets his bib, race, start time, the venue, what to bring and his QR code by mail and SMS this many days before the race. 0: no race pack."
      saveLabel="Save race pack"
      {...section}
    >
      <NumberField
        label="Send the race pack N days before the race"
        hint="Days (0–14); 3 is the usual."
        fieldClassName="sm:max-w-md"
        min={0}
        max={14}
        {...field('racePackDaysBefore')}
      />
      <Field
        label="What to bring"
        hint="In the race pack’s mail, at most 300 characters. Leave it empty to say nothing."
        error={bringError}
      >
        {(a11y) => <textarea {...a11y} {...bring} rows={3} className={inputClass} />}
      </Field>
    </SettingsSection>
  );
}
