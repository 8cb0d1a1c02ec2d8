import * as z from 'zod/mini';

/**
 * A Paynow message that changed nothing (a bad hash, an unknown reference, an amount that is not the fee),
 * as an admin reviews it: what Paynow said, never its hash.
 */
export const PaymentNoticeSchema = z.object({
  id: z.number(),
  receivedAt: z.string(),
  source: z.enum(['result-url', 'poll', 'initiate']),
  problem: z.string(),
  /** Paynow's fields as received (reference, amount, status, paynowreference…), without the hash. */
  fields: z.record(z.string(), z.string()),
  /** The entry of the payment attempt it was about, when it was about one. */
  entryReference: z.nullable(z.string()),
  reviewedAt: z.nullable(z.string()),
  reviewedBy: z.nullable(z.string()),
});
export type PaymentNotice = z.infer<typeof PaymentNoticeSchema>;

export const PAYMENT_NOTICE_SOURCES: Record<PaymentNotice['source'], string> = {
  'result-url': 'Status update from Paynow',
  poll: 'Answer to our status check',
  initiate: 'Answer when starting a payment',
};
