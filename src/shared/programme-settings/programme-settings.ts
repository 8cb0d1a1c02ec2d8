// What an admin sets up for the men's programme: sessions, assignments, checklist items, cell groups.
import * as z from 'zod/mini';
import { isoDate, oneLine, requiredText } from '../validation.ts';

/** A blank field is no value (null): the form sends every field, typed in or not. */
const blankAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

export const SessionInputSchema = z.object({
  name: requiredText('the session name', 120),
  heldOn: isoDate('Enter the date'),
  state: z.enum(['open', 'inactive']),
  /** "09:00", 24-hour, Harare time; null while it is not set; unchanged when left out. */
  startTime: z.optional(
    z.pipe(
      z.transform(blankAsNull),
      z.nullable(
        z.string().check(z.trim(), z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter the start time as 09:00')),
      ),
    ),
  ),
  /** Where it is held; null while it is not set; unchanged when left out. */
  place: z.optional(
    z.pipe(z.transform(blankAsNull), z.nullable(oneLine(200, 'The place must be at most 200 characters'))),
  ),
});
export const AssignmentInputSchema = z.object({
  title: requiredText('the title', 200),
  dueOn: isoDate('Enter the due date'),
});
export const ChecklistItemInputSchema = z.object({
  text: requiredText('the item', 300),
  kind: z.enum(['sessions', 'assignments', 'manual']),
});
export const CellGroupInputSchema = z.object({
  name: requiredText('the group name', 100),
  facilitatorId: z.nullable(z.string().check(z.regex(/^[0-9a-f-]{36}$/i, 'Choose a facilitator'))),
  memberIds: z.array(z.string().check(z.regex(/^[0-9a-f-]{36}$/i))).check(z.maxLength(500)),
});

// The rows as the server keeps them and the admin's lists show them.
export const SessionRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  heldOn: z.string(),
  state: z.enum(['open', 'inactive']),
  startTime: z.nullable(z.string()),
  place: z.nullable(z.string()),
  /** Of this programme year (false: an earlier year's, kept with its registrations and attendance). */
  thisYear: z.boolean(),
});
export const AssignmentRowSchema = z.object({ id: z.string(), title: z.string(), dueOn: z.string() });
export const ChecklistItemRowSchema = z.object({
  id: z.string(),
  text: z.string(),
  kind: z.enum(['sessions', 'assignments', 'manual']),
  sortOrder: z.number(),
});
export const CellGroupRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  facilitatorId: z.nullable(z.string()),
  memberIds: z.array(z.string()),
});

/** Per man: submitted, late or not submitted, with the current document. */
export const SubmissionReportSchema = z.object({
  assignment: z.extend(AssignmentRowSchema, { dueAt: z.string() }),
  men: z.array(
    z.object({
      manId: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      status: z.enum(['submitted', 'late', 'missing']),
      submission: z.nullable(
        z.object({ id: z.string(), fileName: z.string(), size: z.number(), submittedAt: z.string() }),
      ),
    }),
  ),
});
export type SubmissionReport = z.infer<typeof SubmissionReportSchema>;

/**
 * A new programme year: this year's sessions copied (names, times, places; Not Active until opened), their
 * dates moved so that the first falls on `firstOn` and the spacing stays.
 */
export const NewYearInputSchema = z.object({ firstOn: isoDate('Enter the date of the first session') });
export const NewYearQuerySchema = z.object({
  firstOn: z.optional(isoDate('Enter the date of the first session')),
});

export const NewYearPreviewSchema = z.object({
  /**
   * The date suggested: this year's first session's 52 weeks on (the same weekday), or a multiple of 52 weeks
   * on, so as to come after the last session planned and not be in the past.
   */
  suggestedFirstOn: z.nullable(z.string()),
  /** This year's sessions run from `from` to `to` (null: there are none to copy). */
  thisYear: z.nullable(z.object({ from: z.string(), to: z.string(), sessions: z.number() })),
  firstOn: z.nullable(z.string()),
  sessions: z.array(
    z.object({
      name: z.string(),
      heldOn: z.string(),
      startTime: z.nullable(z.string()),
      place: z.nullable(z.string()),
    }),
  ),
  /** Why these sessions cannot be made (e.g. the date falls within this year), or null. */
  refusal: z.nullable(z.string()),
});
export type NewYearPreview = z.infer<typeof NewYearPreviewSchema>;
export const NewYearResultSchema = z.object({ startsOn: z.string(), created: z.array(SessionRowSchema) });
