import { ManageAttendance } from '../../features/progress/components/manage-attendance.tsx';

export default function AttendancePage() {
  return <ManageAttendance />;
}
