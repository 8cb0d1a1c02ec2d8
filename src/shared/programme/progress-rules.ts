// The programme's fixed rules and labels, without zod: the participant's dashboard shows them and
// should not download the form libraries (zod, phone numbers) to do so. progress.ts re-exports them.

export const ATTENDANCE_STATUSES = ['present', 'late', 'excused', 'absent'] as const;
export const ATTENDANCE_LABELS: Record<(typeof ATTENDANCE_STATUSES)[number], string> = {
  present: 'Present',
  late: 'Late',
  excused: 'Excused',
  absent: 'Absent',
};
/** Attended = present or late. */
export const SESSIONS_TO_GRADUATE = 5;
export const SESSION_STATE_LABELS = { open: 'Register', inactive: 'Not Active' } as const;
export const UPLOAD_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
