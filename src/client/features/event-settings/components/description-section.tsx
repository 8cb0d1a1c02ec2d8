import {
  DescriptionInputSchema,
  type EventSettings,
} from '../../../../shared/event-settings/event-settings.ts';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { EventDescription } from '../../events/index.ts';
import { useSectionForm } from './text-sections.tsx';

const HINT =
  'What a runner wants to know: what the fee includes, where and when to collect bibs and T-shirts, the route, age rules, parking. ' +
  'Write “## ” before a heading, “- ” before each item of a list, **two stars** around bold words and [words](https://…) for a link.';

/** The description on the landing page, written in Markdown; the server keeps only safe formatting of it. */
export function DescriptionSection({ settings }: { settings: EventSettings }) {
  const {
    register,
    formState: { errors },
    section,
  } = useSectionForm(settings, DescriptionInputSchema, {
    valuesOf: (saved) => ({ descriptionMarkdown: saved.descriptionMarkdown }),
    fields: ['descriptionMarkdown'],
    savedText: (saved) =>
      saved.descriptionHtml
        ? 'The description was saved. The landing page shows it now, as in the preview above.'
        : 'Saved: the landing page shows no description.',
  });
  return (
    <SettingsSection
      id="description"
      title="Description"
      intro="Shown on the landing page under “About the fun run”, below the title and above the races."
      saveLabel="Save description"
      {...section}
    >
      <Field label="Description" hint={HINT} error={errors.descriptionMarkdown?.message}>
        {(a11y) => (
          <textarea
            {...a11y}
            {...register('descriptionMarkdown')}
            rows={12}
            className={`${inputClass} font-normal`}
          />
        )}
      </Field>
      {settings.descriptionHtml && (
        <section aria-labelledby="description-preview" className="rounded-lg border border-stone-200 p-4">
          <h3 id="description-preview" className="mb-2 text-sm font-semibold text-stone-600 uppercase">
            As the landing page shows it (saved)
          </h3>
          <EventDescription html={settings.descriptionHtml} />
        </section>
      )}
    </SettingsSection>
  );
}
