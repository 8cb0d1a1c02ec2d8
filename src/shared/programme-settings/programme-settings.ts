// What an admin sets up for the men's programme: sessions, assignments, checklist items, cell groups.
import * as z from 'zod/mini';
import { isoDate, requiredText } from '../validation.ts';

export const SessionInputSchema = z.object({
  name: requiredText('the session name', 120),
  heldOn: isoDate('Enter the date'),
  state: z.enum(['open', 'inactive']),
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
