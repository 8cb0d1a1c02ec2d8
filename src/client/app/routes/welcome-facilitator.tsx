import { FacilitatorDashboard } from '../../features/programme-progress/components/facilitator-dashboard.tsx';

export default function WelcomeFacilitator() {
  return <FacilitatorDashboard />;
}
