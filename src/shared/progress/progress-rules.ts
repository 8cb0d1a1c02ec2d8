// The programme's fixed rules and labels, without zod: the participant's dashboard shows them and
// should not download the form libraries (zod, phone numbers) to do so. progress.ts re-exports them.

import { harareToday } from '../dates.ts';

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

/** A man may register for a session an admin opened that has not been held yet (today still counts). */
export const mayRegisterFor = (
  session: { state: 'open' | 'inactive'; heldOn: string },
  today = harareToday(),
) => session.state === 'open' && session.heldOn >= today;

type Attendance = (typeof ATTENDANCE_STATUSES)[number];

/**
 * The one thing a man's session list says about a session: his attendance once marked, else Registered,
 * else Register while he may, else Not Active (a 2024 session left open no longer offers Register).
 */
export function sessionStateFor(
  session: { state: 'open' | 'inactive'; heldOn: string; registered: boolean; attendance: Attendance | null },
  today = harareToday(),
) {
  if (session.attendance) return { kind: 'attended', attendance: session.attendance } as const;
  if (session.registered) return { kind: 'registered' } as const;
  if (mayRegisterFor(session, today)) return { kind: 'register' } as const;
  return { kind: 'notActive' } as const;
}
export const UPLOAD_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const;

const MB = 1024 * 1024;

/**
 * The limits on assignment uploads, in one place: the server enforces them, the client and the docs quote
 * them. They bound what one account can store and how fast (one self-registered account once stored
 * 311 MB in 30 requests).
 */
export const UPLOAD_LIMITS = {
  /** Largest document, in bytes (10 MB). */
  fileBytes: 10 * MB,
  /** Longest file name, in characters. */
  fileNameLength: 255,
  /** Versions kept per man per assignment: the oldest beyond these are deleted with their files. */
  versionsKept: 5,
  /** Bytes stored per account, over all the versions he uploaded (50 MB). */
  storedBytesPerAccount: 50 * MB,
  /** Uploads per account per hour; beyond, 429 with Retry-After (off with RATE_LIMITS=off, for benchmarks). */
  perHour: 10,
  /** Uploads under way at once per account (429 beyond). */
  concurrent: 2,
} as const;

export const MAX_UPLOAD_BYTES = UPLOAD_LIMITS.fileBytes;
