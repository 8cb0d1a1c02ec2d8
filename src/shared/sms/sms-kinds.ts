import * as z from 'zod/mini';

/** What each kind of text is, as /Outbox and an entry's history name it. */
export const SMS_KIND_LABELS: Record<string, string> = {
  'registration-confirmation': 'Confirmation',
  'payment-receipt': 'Receipt',
  'payment-reminder': 'Payment reminder',
  'waitlist-joined': 'Waitlist place',
  'waitlist-offer': 'Waitlist offer',
  'waitlist-offer-lapsed': 'Offer lapsed',
  'entry-changed': 'Change notice',
  'entry-cancelled': 'Cancellation notice',
  'email-change-notice': 'Email change notice',
  'mobile-change-code': 'Code for a new mobile',
  'mobile-changed': 'Mobile change notice',
  'my-links': 'Links to entries',
  'mobile-code': 'Code proving a number',
  'entry-transfer': 'Transfer link',
  'entry-transferred': 'Transfer notice',
  'entry-transfer-notice': 'Transfer link sent',
  'transfer-confirmation': 'Transfer confirmation',
  test: 'Test message',
};

export const SMS_STATUS_LABELS = {
  queued: 'Waiting to go',
  accepted: 'Accepted by the gateway',
  delivered: 'Delivered',
  undelivered: 'Not delivered',
  failed: 'Failed',
} as const;

/** A text as admins see it: never its words (they hold private links). */
export const OutboxSmsSchema = z.object({
  id: z.number(),
  to: z.string(),
  kind: z.string(),
  status: z.enum(['queued', 'accepted', 'delivered', 'undelivered', 'failed']),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  attempts: z.number(),
  deliveryDetail: z.nullable(z.string()),
  lastError: z.nullable(z.string()),
});
export type OutboxSms = z.infer<typeof OutboxSmsSchema>;
