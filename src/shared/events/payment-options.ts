import * as z from 'zod/mini';
import { PAYMENT_METHOD_KEYS } from './payments.ts';

// Its own module: the admin's settings contract reads it without the public event's schema (and the zod
// code that one needs riding along in every form's chunk).
export const BankAccountSchema = z.object({
  accountName: z.string().check(z.maxLength(200)),
  accountNumber: z.string().check(z.maxLength(100)),
});

export const PaymentOptionsSchema = z.object({
  bankName: z.string().check(z.maxLength(200)),
  branch: z.string().check(z.maxLength(200)),
  usd: BankAccountSchema,
  zwg: BankAccountSchema,
  mobileMoney: z.object({
    provider: z.string().check(z.maxLength(100)),
    number: z.string().check(z.maxLength(30)),
    holderName: z.string().check(z.maxLength(200)),
    /** A USSD code with {amount} where the amount goes, e.g. *151*1*1*0770000000*{amount}# */
    codePattern: z.string().check(z.maxLength(100)),
    /** The same for paying in ZWG; '' when mobile money is taken in US$ only. */
    zwgCodePattern: z.string().check(z.maxLength(100)),
    /** How a payment is matched to its entry (the USSD menu takes no reference); '' = the default text. */
    matchingNote: z.string().check(z.maxLength(300)),
  }),
  cashPhone: z.string().check(z.maxLength(30)),
  /** The ways to pay in the order entrants see them. */
  order: z.array(z.enum(PAYMENT_METHOD_KEYS)),
});
export type PaymentOptions = z.infer<typeof PaymentOptionsSchema>;
