import { ParticipantsPage } from '../../features/participants/components/participants-page.tsx';

export default function Participants() {
  return <ParticipantsPage />;
}
