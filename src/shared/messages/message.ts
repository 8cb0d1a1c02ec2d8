import * as z from 'zod/mini';
import { DISCIPLINES } from '../events/event-display.ts';

// Race-week messages (issue 39): what the admin composes on /Messages, who it goes to, and what became of it.

/** What a message may carry for each recipient, typed in braces: "Hello {first name}, your bib is {bib}." */
export const PLACEHOLDERS = ['first name', 'reference', 'race', 'start time', 'bib', 'link'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** The braces typed that are not a placeholder ("{frist name}"), to be named back to the admin. */
export function unknownPlaceholders(text: string) {
  const known = new Set<string>(PLACEHOLDERS);
  return [...text.matchAll(/\{([^{}]*)\}/g)]
    .map((match) => (match[1] ?? '').trim().toLowerCase())
    .filter((name) => !known.has(name));
}

export const AUDIENCE_PEOPLE = ['entrants', 'waitlist'] as const;
export const AUDIENCE_PAYMENTS = ['paid', 'unpaid', 'part_paid'] as const;
export const YES_NO = ['yes', 'no'] as const;

/** Who a message goes to: the active entries (or the people waiting) of one edition matching every choice made. */
export const AudienceSchema = z.object({
  editionId: z.optional(z.string()),
  /** Absent: the entrants. */
  people: z.optional(z.enum(AUDIENCE_PEOPLE)),
  discipline: z.optional(z.enum(DISCIPLINES)),
  /** A race's label, e.g. "10km" (as the participants' filter). */
  race: z.optional(z.string()),
  payment: z.optional(z.enum(AUDIENCE_PAYMENTS)),
  minor: z.optional(z.enum(YES_NO)),
  /** "yes": in any company team; "no": not in one; else one team's account id. */
  team: z.optional(z.string()),
  checkedIn: z.optional(z.enum(YES_NO)),
});
export type Audience = z.infer<typeof AudienceSchema>;

export const SMS_MAX_SEGMENTS = 3;

/** The texts a message of this many characters goes as: one of 160, or parts of 153 (each part carries a joining header). */
export const smsSegmentsOf = (length: number) => (length <= 160 ? 1 : Math.ceil(length / 153));

const HARARE_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export const MessageDraftSchema = z
  .object({
    audience: AudienceSchema,
    byMail: z.boolean(),
    bySms: z.boolean(),
    subject: z.string().check(z.trim(), z.maxLength(150)),
    /** The mail's text. */
    body: z.string().check(z.trim(), z.maxLength(5000)),
    /** The SMS's text (GSM-7; at most SMS_MAX_SEGMENTS segments once filled in). */
    smsText: z.string().check(z.trim(), z.maxLength(450)),
    /** When to send, Harare time ("2026-12-05T18:00"); absent: now. */
    sendAt: z.optional(z.string().check(z.regex(HARARE_DATE_TIME, 'Enter a date and time'))),
  })
  .check(
    z.refine((draft) => draft.byMail || draft.bySms, {
      message: 'Choose mail, SMS or both',
      path: ['byMail'],
    }),
    z.refine((draft) => !draft.byMail || draft.subject.length > 0, {
      message: 'Enter a subject',
      path: ['subject'],
    }),
    z.refine((draft) => !draft.byMail || draft.body.length > 0, {
      message: 'Enter the message',
      path: ['body'],
    }),
    z.refine((draft) => !draft.bySms || draft.smsText.length > 0, {
      message: 'Enter the text message',
      path: ['smsText'],
    }),
  );
export type MessageDraft = z.infer<typeof MessageDraftSchema>;

/** What a message would reach, before it is sent. */
export const MessagePreviewSchema = z.object({
  entrants: z.number(),
  mails: z.number(),
  sms: z.number(),
  /** SMS segments in all (a long text costs more than one each). */
  smsSegments: z.number(),
  /** Left out of a channel by their own choice (or, for SMS, because texts are off). */
  notByMail: z.number(),
  notBySms: z.number(),
  /** The first recipient's message, filled in, to check the placeholders. */
  sample: z.nullable(z.object({ subject: z.string(), body: z.string(), smsText: z.string() })),
});
export type MessagePreview = z.infer<typeof MessagePreviewSchema>;

export const MESSAGE_STATES = ['scheduled', 'sent', 'cancelled', 'missed'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];
export const MESSAGE_STATE_LABELS: Record<MessageState, string> = {
  scheduled: 'Scheduled',
  sent: 'Sent',
  cancelled: 'Cancelled',
  missed: 'Not sent (too late)',
};

export const MESSAGE_KINDS = ['message', 'race-pack'] as const;

export const SentMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  subject: z.string(),
  /** The audience in words, e.g. "Entrants · 10km · unpaid". */
  audience: z.string(),
  byMail: z.boolean(),
  bySms: z.boolean(),
  state: z.enum(MESSAGE_STATES),
  sendAt: z.string(),
  sentAt: z.nullable(z.string()),
  createdBy: z.nullable(z.string()),
  entrants: z.number(),
  notByMail: z.number(),
  notBySms: z.number(),
  mail: z.object({ waiting: z.number(), sent: z.number(), failing: z.number() }),
  sms: z.object({
    waiting: z.number(),
    accepted: z.number(),
    delivered: z.number(),
    undelivered: z.number(),
    failed: z.number(),
  }),
});
export type SentMessage = z.infer<typeof SentMessageSchema>;
