import * as z from 'zod/mini';

/** What sending payment reminders to the filtered list would do, asked before it is done. */
export const PaymentRemindersPreviewSchema = z.object({
  /** Unpaid active entries of the filter that would get a reminder now. */
  count: z.number(),
  /** Unpaid active entries of the filter left out: reminded in the last three days. */
  recentlyReminded: z.number(),
});
export type PaymentRemindersPreview = z.infer<typeof PaymentRemindersPreviewSchema>;

export const PaymentRemindersSentSchema = z.object({ sent: z.number() });
export type PaymentRemindersSent = z.infer<typeof PaymentRemindersSentSchema>;
