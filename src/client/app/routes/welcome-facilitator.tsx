import { FacilitatorDashboard } from '../../features/progress/components/facilitator-dashboard.tsx';

export default function WelcomeFacilitator() {
  return <FacilitatorDashboard />;
}
