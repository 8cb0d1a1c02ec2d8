import { FacilitatorDashboard } from '../../features/progress/components/facilitator-dashboard.tsx';

export default function FacilitatorDashboardPage() {
  return <FacilitatorDashboard />;
}
