import {
  type EventSettings,
  PrivacyNoticeInputSchema,
} from '../../../../shared/event-settings/event-settings.ts';
import { formatPhone } from '../../../../shared/phone.ts';
import { standardPrivacyNotice } from '../../../../shared/privacy/standard-notice.ts';
import { secondaryButtonClass } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { useSectionForm } from './text-sections.tsx';

const standardOf = (settings: EventSettings) =>
  standardPrivacyNotice({
    contactPhone: formatPhone(settings.contactPhone),
    entryRetentionDays: settings.entryRetentionDays,
    programmeRetentionDays: settings.programmeRetentionDays,
  });

/** The text the box holds: the admin's own notice, or the standard one as /Privacy shows it now. */
const noticeOf = (settings: EventSettings) => ({ privacyText: settings.privacyText ?? standardOf(settings) });

/**
 * The privacy notice /Privacy shows. Saved as it stands, the standard notice stays the standard one (the
 * server sees that), so it keeps following the contact phone and the retention periods.
 */
export function PrivacySection({ settings }: { settings: EventSettings }) {
  const before = settings.privacyVersion;
  const {
    register,
    setValue,
    formState: { errors },
    section,
  } = useSectionForm(settings, PrivacyNoticeInputSchema, {
    valuesOf: noticeOf,
    fields: ['privacyText'],
    savedText: (after) =>
      after.privacyVersion === before
        ? `Saved. The notice did not change, so it stays version ${before}.`
        : `Saved as version ${after.privacyVersion}. /Privacy shows it now.`,
  });
  const standard = settings.privacyText === null;
  return (
    <SettingsSection
      id="privacy"
      title="Privacy notice"
      intro={
        <p>
          Version {settings.privacyVersion}
          {standard
            ? ': the standard notice, which fills in the contact phone and the retention periods by itself.'
            : ': your own text.'}{' '}
          It is shown on /Privacy and linked from every form. When what it says changes, the version rises:
          each new entry, waitlist place, programme record and account records the version it was shown.
        </p>
      }
      saveLabel="Save privacy notice"
      {...section}
    >
      <Field
        label="Privacy notice"
        hint="Each line is a paragraph; a line starting with “## ” is a heading, one starting with “- ” an item of a list."
        error={errors.privacyText?.message}
      >
        {(a11y) => (
          <textarea
            {...a11y}
            {...register('privacyText')}
            rows={16}
            className={`${inputClass} font-normal`}
          />
        )}
      </Field>
      {!standard && (
        <button
          type="button"
          className={`${secondaryButtonClass} self-start`}
          onClick={() => setValue('privacyText', standardOf(settings), { shouldDirty: true })}
        >
          Use the standard notice
        </button>
      )}
    </SettingsSection>
  );
}
