import * as z from 'zod/mini';
import {
  type EventSettings,
  EventSettingsInputSchema,
} from '../../../../shared/event-settings/event-settings.ts';
import { NumberField, TextField } from '../../../components/ui/field.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { useSectionForm } from './text-sections.tsx';

const DaySchema = z.pick(EventSettingsInputSchema, {
  eventDate: true,
  tshirtChangesUntil: true,
  waitlistOfferHours: true,
  walkUpBibBlock: true,
  venue: true,
  photosUrl: true,
});
interface DayValues {
  eventDate: string;
  tshirtChangesUntil: string;
  waitlistOfferHours: string;
  walkUpBibBlock: string;
  venue: string;
  photosUrl: string;
}

/** The day and the place, shown on the landing page with each race's start time. */
export function DaySection({ settings }: { settings: EventSettings }) {
  const { field, section } = useSectionForm(settings, DaySchema, {
    valuesOf: (saved): DayValues => ({
      eventDate: saved.eventDate ?? '',
      tshirtChangesUntil: saved.tshirtChangesUntil ?? '',
      waitlistOfferHours: String(saved.waitlistOfferHours),
      walkUpBibBlock: String(saved.walkUpBibBlock),
      venue: saved.venue,
      photosUrl: saved.photosUrl ?? '',
    }),
    toSchemaInput: (values: DayValues) => ({
      ...values,
      eventDate: values.eventDate || null,
      tshirtChangesUntil: values.tshirtChangesUntil || null,
      photosUrl: values.photosUrl.trim() || null,
    }),
    fields: ['eventDate', 'tshirtChangesUntil', 'waitlistOfferHours', 'walkUpBibBlock', 'venue', 'photosUrl'],
    savedText: 'The date and venue were saved. The landing page shows them now.',
  });
  return (
    <SettingsSection
      id="day"
      title="Date and venue"
      intro="When and where the event takes place; each race’s start time is set with the races below. Entrants change their own T-shirt size until the day you set here; a place offered from a waitlist holds as long as you set here. From the day after the event, the landing page thanks everyone and links the photos."
      saveLabel="Save date and venue"
      {...section}
    >
      <div className="grid gap-5 sm:grid-cols-[16rem_1fr]">
        <TextField
          label="Date of the event"
          hint="Empty until it is fixed."
          {...field('eventDate')}
          type="date"
        />
        <TextField
          label="Venue"
          hint="Where the races start, e.g. Celebration Church, Borrowdale"
          {...field('venue')}
        />
        <TextField
          label="T-shirt changes until"
          hint="The last day entrants may change their T-shirt size on their own page. Empty: no limit."
          {...field('tshirtChangesUntil')}
          type="date"
        />
        <NumberField
          label="Waitlist offer holds (hours)"
          hint="How long a place freed in a full race is kept for the person waiting it is offered to, before it passes to the next (1–336; 48 is two days)."
          {...field('waitlistOfferHours')}
          min={1}
          max={336}
        />
        <NumberField
          label="Bibs kept by each check-in phone"
          hint="Per race with bib numbers (Races below): each phone prepared for race morning keeps this many of the highest free numbers for walk-up entries, which the bib assignment leaves alone; unused ones return after the event (0–500; 0: none)."
          {...field('walkUpBibBlock')}
          min={0}
          max={500}
        />
        <TextField
          label="Photos link"
          hint="Where the race’s photos are (an album or a shared folder), starting with https://. The landing page links it after the race. Empty: no photos link."
          {...field('photosUrl')}
          type="url"
          inputMode="url"
          optional
          fieldClassName="sm:col-span-2"
        />
      </div>
    </SettingsSection>
  );
}
