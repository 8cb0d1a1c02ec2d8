import { ProgrammeSettings } from '../../features/programme-settings/components/programme-settings.tsx';

export default function ProgrammeSettingsPage() {
  return <ProgrammeSettings />;
}
