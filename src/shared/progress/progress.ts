import * as z from 'zod/mini';
import { ATTENDANCE_STATUSES } from './progress-rules.ts';

export {
  ATTENDANCE_LABELS,
  ATTENDANCE_STATUSES,
  MAX_UPLOAD_BYTES,
  SESSION_STATE_LABELS,
  SESSIONS_TO_GRADUATE,
  UPLOAD_EXTENSIONS,
  UPLOAD_LIMITS,
} from './progress-rules.ts';

export const SessionSchema = z.object({
  id: z.string(),
  name: z.string(),
  heldOn: z.string(),
  state: z.enum(['open', 'inactive']),
  /** "09:00" Harare time, and where; null while not set. */
  startTime: z.nullable(z.string()),
  place: z.nullable(z.string()),
});

/** A session in the attendance picker, which lists earlier programme years' too. */
export const PickerSessionSchema = z.extend(SessionSchema, {
  /** Of this programme year (false: an earlier year's, kept for its attendance). */
  thisYear: z.boolean(),
});

export const MySessionSchema = z.extend(SessionSchema, {
  registered: z.boolean(),
  attendance: z.nullable(z.enum(ATTENDANCE_STATUSES)),
});

export const SubmissionSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  size: z.number(),
  late: z.boolean(),
  submittedAt: z.string(),
});
export type Submission = z.infer<typeof SubmissionSchema>;

export const AssignmentSchema = z.object({
  id: z.string(),
  title: z.string(),
  dueOn: z.string(),
  /** 17:00 Harare time on the due date, as an instant. */
  dueAt: z.string(),
});

export const MyAssignmentSchema = z.extend(AssignmentSchema, {
  current: z.nullable(SubmissionSchema),
  history: z.array(SubmissionSchema),
});

export const ChecklistEntrySchema = z.object({
  id: z.string(),
  text: z.string(),
  kind: z.enum(['sessions', 'assignments', 'manual']),
  done: z.boolean(),
  /** For automatic items: e.g. 3 of 5 sessions attended, 1 of 2 assignments on time. */
  progress: z.nullable(z.object({ count: z.number(), of: z.number(), label: z.string() })),
});

export const ProgressSummarySchema = z.object({
  attended: z.number(),
  sessionsTotal: z.number(),
  sessionsLeft: z.number(),
  onTime: z.number(),
  assignmentsTotal: z.number(),
  /** False when even attending every remaining session cannot reach 5. */
  canStillGraduate: z.boolean(),
});

export const ManProgressSchema = z.object({
  man: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    mobile: z.string(),
  }),
  sessions: z.array(MySessionSchema),
  assignments: z.array(MyAssignmentSchema),
  checklist: z.array(ChecklistEntrySchema),
  summary: ProgressSummarySchema,
  cellGroup: z.nullable(
    z.object({
      name: z.string(),
      facilitator: z.nullable(z.object({ name: z.string(), email: z.string(), mobile: z.string() })),
    }),
  ),
});
export type ManProgress = z.infer<typeof ManProgressSchema>;

export const GroupMemberSchema = z.object({
  manId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  attendance: z.nullable(z.enum(ATTENDANCE_STATUSES)),
  summary: ProgressSummarySchema,
});

export const CellGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  facilitator: z.nullable(z.object({ id: z.string(), name: z.string() })),
  members: z.array(GroupMemberSchema),
});
export type CellGroup = z.infer<typeof CellGroupSchema>;

export const AttendanceInputSchema = z.object({
  sessionId: z.string().check(z.regex(/^[0-9a-f-]{36}$/i, 'Choose a session')),
  manId: z.string().check(z.regex(/^[0-9a-f-]{36}$/i, 'Choose a man')),
  status: z.enum(ATTENDANCE_STATUSES, { error: 'Choose Present, Late, Excused or Absent' }),
});

/** Several men's marks at one session in one go ("Mark all present", and its undo: null clears a mark). */
export const AttendanceMarksInputSchema = z.object({
  sessionId: z.string().check(z.regex(/^[0-9a-f-]{36}$/i, 'Choose a session')),
  marks: z
    .array(
      z.object({
        manId: z.string().check(z.regex(/^[0-9a-f-]{36}$/i, 'Choose a man')),
        status: z.nullable(z.enum(ATTENDANCE_STATUSES)),
      }),
    )
    .check(z.minLength(1), z.maxLength(500)),
});

export const TickInputSchema = z.object({
  itemId: z.string().check(z.regex(/^[0-9a-f-]{36}$/i)),
  manId: z.string().check(z.regex(/^[0-9a-f-]{36}$/i)),
  done: z.boolean(),
});
