import * as z from 'zod/mini';
import { oneLine, requiredText } from '../validation.ts';

export const ERASURE_SUBJECTS = [
  'registration',
  'waitlist',
  'man',
  'facilitator',
  'account',
  'gift',
] as const;
export type ErasureSubjectType = (typeof ERASURE_SUBJECTS)[number];
/** What a person's request may be about: a record, or (once proven by a texted code) a mobile number. */
export const REQUEST_SUBJECTS = [...ERASURE_SUBJECTS, 'mobile'] as const;
export type RequestSubjectType = (typeof REQUEST_SUBJECTS)[number];

/** An admin's "Erase this person": what, and why (kept with the request). */
export const EraseInputSchema = z.object({
  subjectType: z.enum(ERASURE_SUBJECTS),
  subjectId: z.string().check(z.minLength(1), z.maxLength(60)),
  reason: requiredText('the reason', 500),
});
export type EraseInput = z.input<typeof EraseInputSchema>;

/** The reason an admin gives when confirming a request that came without one, or declining it. */
export const EraseReasonSchema = z.object({ reason: requiredText('the reason', 500) });
export type EraseReason = z.input<typeof EraseReasonSchema>;

/** "Ask us to erase my data", from /My or /Profile: the reason may be left out. */
export const ErasureAskSchema = z.object({ reason: z.optional(oneLine(500, 'At most 500 characters')) });
export type ErasureAsk = z.input<typeof ErasureAskSchema>;

export const ErasureCountsSchema = z.object({
  entries: z.number(),
  waitlist: z.number(),
  men: z.number(),
  facilitators: z.number(),
  accounts: z.number(),
  files: z.number(),
  mails: z.number(),
  /** Gifts whose giver's name and contacts were emptied (the amounts stay). */
  gifts: z.number(),
});
export type ErasureCounts = z.infer<typeof ErasureCountsSchema>;

/** One record an erasure would touch, as the admin confirming it sees it. */
export const ErasureRecordSchema = z.object({
  kind: z.enum(ERASURE_SUBJECTS),
  /** An entry's or waitlist place's reference; "Man 1a2b3c4d" for the others. */
  reference: z.string(),
  name: z.string(),
  /** When an entry's email last changed after registering (null: never, or not an entry). */
  emailChangedAt: z.nullable(z.string()),
});
export type ErasureRecord = z.infer<typeof ErasureRecordSchema>;

export const ErasureRequestSchema = z.object({
  id: z.string(),
  subjectType: z.enum(REQUEST_SUBJECTS),
  subjectLabel: z.string(),
  reason: z.string(),
  source: z.enum(['admin', 'entrant', 'participant', 'mobile']),
  status: z.enum(['pending', 'done', 'declined']),
  requestedAt: z.string(),
  /** Every record confirming it would touch. */
  records: z.array(ErasureRecordSchema),
});
export const ErasureRequestsSchema = z.array(ErasureRequestSchema);
export type ErasureRequest = z.infer<typeof ErasureRequestSchema>;

/** Whether the person's own request is waiting for an admin (null: none asked, or decided). */
export const MyErasureRequestSchema = z.object({ requestedAt: z.nullable(z.string()) });
export type MyErasureRequest = z.infer<typeof MyErasureRequestSchema>;

export const ERASURE_SOURCE_LABELS = {
  admin: 'Admin',
  entrant: 'The entrant (his entry’s page)',
  participant: 'The participant (his profile)',
  mobile: 'The holder of the mobile number (a code texted to it)',
};
