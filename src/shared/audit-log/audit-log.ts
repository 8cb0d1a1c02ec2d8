// The audit trail as an admin reads it (/AuditLog): who did what, when, to what, with which filters.
import * as z from 'zod/mini';
import { ActorAccountSchema } from '../accounts/actor.ts';
import { pageFields, pageParam, pageSizeParam } from '../paging.ts';
import { isoDate, oneLine } from '../validation.ts';

export const AuditLogQuerySchema = z.object({
  /** An action ('participants.export-csv') or the start of one ('participants.', 'registration'). */
  action: z.optional(oneLine(100)),
  /** Part of the name or email of whoever did it. */
  who: z.optional(oneLine(100)),
  /** Harare calendar days, both included. */
  from: z.optional(isoDate('Enter the first day as a date')),
  to: z.optional(isoDate('Enter the last day as a date')),
  page: pageParam,
  pageSize: pageSizeParam(100),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actorName: z.nullable(z.string()),
  /** The account behind the name; null for the server itself (a scheduled job, Paynow). */
  actorAccount: z.nullable(ActorAccountSchema),
  action: z.string(),
  subject: z.nullable(z.string()),
  filters: z.nullable(z.record(z.string(), z.unknown())),
  rowCount: z.nullable(z.number()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditLogSchema = z.object({ rows: z.array(AuditEntrySchema), ...pageFields });
export type AuditLog = z.infer<typeof AuditLogSchema>;

/** What an admin can ask the trail for: an action, or (ending in a dot) every action that starts so. */
export const AUDIT_ACTION_CHOICES: readonly { value: string; label: string }[] = [
  { value: 'participants.list', label: 'Participants list read' },
  { value: 'participants.export-csv', label: 'Participants exported as CSV' },
  { value: 'participants.export-pdf', label: 'Participants exported as PDF' },
  { value: 'participants.start-list-pdf', label: 'Start list printed' },
  { value: 'participants.timing-csv', label: 'Start list CSV downloaded' },
  { value: 'participants.timing-software-csv', label: 'Timing software CSV downloaded' },
  { value: 'registration.', label: 'Any change to an entry' },
  { value: 'registration.payment', label: 'Payment recorded' },
  { value: 'waitlist.', label: 'Waitlist read or changed' },
  { value: 'statements.review', label: 'Statement reviewed' },
  { value: 'check-in.', label: 'Check-in searched in bulk, tapped late, phone prepared or walk-up taken' },
  { value: 'accounts.list', label: 'Accounts list read' },
  { value: 'mail-outbox.list', label: 'Outbox read' },
  { value: 'account.', label: 'Account invited, role or account changed' },
  { value: 'men.', label: 'Register of men read or exported' },
  { value: 'man.', label: 'Man’s record corrected or deleted' },
  { value: 'facilitator', label: 'Facilitators read, exported, decided or corrected' },
  { value: 'programme.', label: 'Cell groups or submissions read' },
  { value: 'event-settings.update', label: 'Event settings changed' },
  { value: 'online-payment.update', label: 'Online payment settings changed' },
  { value: 'sms-settings.', label: 'Text message settings changed or tested' },
  { value: 'programme-settings.', label: 'Programme settings changed' },
  { value: 'access-request', label: 'Data downloaded about a person' },
  { value: 'erasure', label: 'Person erased' },
  { value: 'retention.', label: 'Retention run' },
];

/** Each action recorded, in words, for the table (an action not listed is shown as it is). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  ...Object.fromEntries(
    AUDIT_ACTION_CHOICES.filter((c) => !c.value.endsWith('.')).map((c) => [c.value, c.label]),
  ),
  'registration.edit': 'Entry corrected',
  'registration.cancel': 'Entry cancelled',
  'registration.bibs-assign': 'Bibs given to a race',
  'account.invite': 'Account invited',
  'account.invite-again': 'Invitation sent again',
  'account.role': 'Role changed',
  'account.disable': 'Account disabled',
  'account.enable': 'Account enabled',
  'men.list': 'Register of men read',
  'men.export-csv': 'Register of men exported as CSV',
  'facilitators.list': 'Register of facilitators read',
  'facilitators.export-csv': 'Register of facilitators exported as CSV',
  'facilitator.approve': 'Facilitator approved',
  'facilitator.decline': 'Facilitator declined',
  'programme.groups': 'Cell groups read',
  'programme.submissions': 'Submissions report read',
  'retention.run': 'Retention run',
  'participants.payment-reminders': 'Payment reminders sent',
  'man.edit': 'Man’s record corrected',
  'man.delete': 'Man’s record deleted',
  'facilitator.edit': 'Facilitator’s record corrected',
  'facilitator.delete': 'Facilitator’s record deleted',
  'waitlist.offer': 'Place offered from the waitlist',
  'waitlist.remove': 'Taken off the waitlist',
  'mail-outbox.list': 'Outbox read',
  'waitlist.list': 'Waitlist read',
  'check-in.bulk-search': 'Check-in search used in bulk',
  'check-in.late-tap': 'Check-in tap reached the server a day late',
  'check-in.roster': 'Phone prepared for race morning (the roster)',
  'check-in.walk-up': 'Walk-up entry registered at the check-in table',
  'check-in.walk-up-clash': 'Walk-up kept apart: the person seemed registered already',
  'check-in.walk-up-clash-done': 'Walk-up kept apart looked at and marked done',
};

/** An action in words: its own label, or its group's ('programme-settings.session.add': Programme settings changed). */
export const auditActionLabel = (action: string) =>
  AUDIT_ACTION_LABELS[action] ??
  AUDIT_ACTION_CHOICES.find((choice) => choice.value.endsWith('.') && action.startsWith(choice.value))?.label;
