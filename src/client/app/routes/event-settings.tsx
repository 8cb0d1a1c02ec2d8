import { EventSettingsPage } from '../../features/event-settings/components/event-settings-page.tsx';

export default function EventSettings() {
  return <EventSettingsPage />;
}
