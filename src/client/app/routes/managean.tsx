import { ManageAttendance } from '../../features/programme-progress/components/manage-attendance.tsx';

export default function Managean() {
  return <ManageAttendance />;
}
