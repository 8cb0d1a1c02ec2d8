import { ProgrammeSettings } from '../../features/programme-progress/components/settings/programme-settings.tsx';

export default function ProgrammeSettingsPage() {
  return <ProgrammeSettings />;
}
