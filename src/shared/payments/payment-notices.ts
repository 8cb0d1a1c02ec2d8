import * as z from 'zod/mini';
import { pageFields, pageParam } from '../paging.ts';

/**
 * A Paynow message that changed nothing (a bad hash, an amount that is not the fee, a well-signed message
 * about no attempt of ours), as an admin reviews it: what Paynow said last, never its hash; or a payment
 * recorded with another amount than was due (source 'payment': a part payment, or more than the fee).
 */
export const PaymentNoticeSchema = z.object({
  id: z.number(),
  receivedAt: z.string(),
  /** The same message about the same attempt is one notice: how many times it came, and when last. */
  count: z.number(),
  lastReceivedAt: z.string(),
  source: z.enum(['result-url', 'poll', 'initiate', 'payment']),
  problem: z.string(),
  /** Paynow's fields as received (reference, amount, status, paynowreference…), without the hash; a payment's facts. */
  fields: z.record(z.string(), z.string()),
  /** The entry it was about (a payment's, or its attempt's), when it was about one. */
  entryReference: z.nullable(z.string()),
  reviewedAt: z.nullable(z.string()),
  reviewedBy: z.nullable(z.string()),
});
export type PaymentNotice = z.infer<typeof PaymentNoticeSchema>;

/** Result-URL posts no one could have signed for an attempt of ours, counted per client address and hour. */
export const UncheckedMessagesSchema = z.object({
  hour: z.string(),
  source: z.string(),
  count: z.number(),
});

/**
 * What the admin reviews: a page of the notices about our payment attempts (those to review first), then the
 * newest notices about none, then the counts of messages nobody could have signed.
 */
export const PaymentNoticesPageSchema = z.object({
  attempts: z.object({ notices: z.array(PaymentNoticeSchema), ...pageFields, open: z.number() }),
  other: z.object({ notices: z.array(PaymentNoticeSchema), total: z.number() }),
  unchecked: z.object({
    hours: z.array(UncheckedMessagesSchema),
    messages: z.number(),
    sources: z.number(),
  }),
});
export type PaymentNoticesPage = z.infer<typeof PaymentNoticesPageSchema>;

export const PaymentNoticesQuerySchema = z.object({ page: pageParam });

export const PAYMENT_NOTICE_SOURCES: Record<PaymentNotice['source'], string> = {
  'result-url': 'Status update from Paynow',
  poll: 'Answer to our status check',
  initiate: 'Answer when starting a payment',
  payment: 'Payment recorded (not the amount due)',
};
