import { ParticipantDashboard } from '../../features/progress/components/participant-dashboard.tsx';

/** /WelcomeMan and /Mobile: one responsive participant dashboard. */
export default function ParticipantDashboardPage() {
  return <ParticipantDashboard />;
}
