import { Fragment } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { Loading } from '../../components/ui/status.tsx';
import { UnsavedChangesGuard } from '../../components/ui/unsaved-changes.tsx';
import { useEventSettings } from '../../features/event-settings/api/event-settings.ts';
import { DaySection } from '../../features/event-settings/components/day-section.tsx';
import { DescriptionSection } from '../../features/event-settings/components/description-section.tsx';
import { EditionsSection } from '../../features/event-settings/components/editions-section.tsx';
import { ImagesSection } from '../../features/event-settings/components/images-section.tsx';
import { PrivacySection } from '../../features/event-settings/components/privacy-section.tsx';
import { RacePackSection } from '../../features/event-settings/components/race-pack-section.tsx';
import { RacesSection } from '../../features/event-settings/components/races-section.tsx';
import { RemindersSection } from '../../features/event-settings/components/reminders-section.tsx';
import { RetentionSection } from '../../features/event-settings/components/retention-section.tsx';
import { SizesSection } from '../../features/event-settings/components/sizes-section.tsx';
import {
  ClosingSection,
  PaymentSection,
  TermsSection,
  TextsSection,
} from '../../features/event-settings/components/text-sections.tsx';
import { TransfersSection } from '../../features/event-settings/components/transfers-section.tsx';
import { ZwgRateSection } from '../../features/event-settings/components/zwg-rate-section.tsx';
import { CauseSection } from '../../features/gifts/index.ts';
import { OnlinePaymentSection } from '../../features/payments/components/online-payment-section.tsx';
import { SmsSection } from '../../features/sms-settings/components/sms-section.tsx';

const CONTENTS = [
  ['texts', 'Texts'],
  ['description', 'Description'],
  ['day', 'Date and venue'],
  ['images', 'Photo and logo'],
  ['payment', 'Payment options'],
  ['online-payment', 'Online payment'],
  ['sms', 'Text messages'],
  ['races', 'Races'],
  ['zwg-rate', 'ZWG rate'],
  ['sizes', 'T-shirt sizes'],
  ['closing', 'Closing time'],
  ['reminders', 'Payment reminders'],
  ['race-pack', 'Race pack'],
  ['terms', 'Terms'],
  ['privacy', 'Privacy notice'],
  ['retention', 'Keeping personal data'],
  ['editions', 'Editions'],
] as const;

/** /EventSettings: everything about the fun run that an admin changes without a developer. */
export default function EventSettingsPage() {
  const settings = useEventSettings();
  const data = settings.data;
  return (
    <>
      <PageHeading title="Event settings">
        <p>
          Each section saves on its own. The public pages show a change at once:{' '}
          <Link to="/" className="font-medium text-brand-700 underline">
            open the fun-run site
          </Link>{' '}
          to see it.
        </p>
      </PageHeading>
      {settings.isPending && <Loading label="Loading the settings…" />}
      <QueryError query={settings} />
      {data && (
        <UnsavedChangesGuard>
          <div className="flex flex-col gap-6">
            <nav aria-label="Sections" className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
              {CONTENTS.map(([id, label]) => (
                <a
                  key={id}
                  href={`#${id}`}
                  className="font-medium text-brand-700 underline underline-offset-2"
                >
                  {label}
                </a>
              ))}
            </nav>
            {/* A new edition brings new settings: every section above its own starts again from them. */}
            <Fragment key={data.year}>
              <TextsSection settings={data} />
              <DescriptionSection settings={data} />
              <DaySection settings={data} />
              <TransfersSection settings={data} />
              <ImagesSection settings={data} />
              <PaymentSection settings={data} />
              <OnlinePaymentSection />
              <SmsSection />
              <RacesSection settings={data} />
              <ZwgRateSection settings={data} />
              <SizesSection settings={data} />
              <ClosingSection settings={data} />
              <RemindersSection settings={data} />
              <RacePackSection settings={data} />
              <CauseSection />
              <TermsSection settings={data} />
              <PrivacySection settings={data} />
            </Fragment>
            <RetentionSection />
            <EditionsSection settings={data} />
          </div>
        </UnsavedChangesGuard>
      )}
    </>
  );
}
