// What an admin sets up for the men's programme: sessions, assignments, checklist items, cell groups.
import * as z from 'zod/mini';
import { requiredText } from '../validation.ts';

export const SessionInputSchema = z.object({
  name: requiredText('the session name', 120),
  heldOn: z.iso.date({ error: 'Enter the date' }),
  state: z.enum(['open', 'inactive']),
});
export const AssignmentInputSchema = z.object({
  title: requiredText('the title', 200),
  dueOn: z.iso.date({ error: 'Enter the due date' }),
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
