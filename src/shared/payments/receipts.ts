import * as z from 'zod/mini';

/** A receipt as the admin's entry dialog lists it. */
export const ReceiptSchema = z.object({
  number: z.number(),
  amount: z.nullable(z.string()),
  currency: z.nullable(z.enum(['USD', 'ZWG'])),
  method: z.string(),
  paidOn: z.string(),
  issuedAt: z.string(),
});
export type Receipt = z.infer<typeof ReceiptSchema>;

/** The receipt's file name, as the entry dialog offers it. */
export const receiptFileName = (reference: string, number: number) => `Receipt_${number}_${reference}.pdf`;
