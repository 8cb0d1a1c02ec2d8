import { AssignmentsPage } from '../../features/progress/components/assignments-page.tsx';

export default function AssignmentsRoute() {
  return <AssignmentsPage />;
}
