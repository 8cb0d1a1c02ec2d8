import * as z from 'zod/mini';
import { DISCIPLINES, PAYMENT_METHOD_KEYS } from './event-display.ts';

export { DISCIPLINES, type Discipline } from './event-display.ts';

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

export const TshirtSizesSchema = z.object({
  run: z.array(z.string().check(z.maxLength(20))),
  cycle: z.array(z.string().check(z.maxLength(20))),
});
export type TshirtSizes = z.infer<typeof TshirtSizesSchema>;

export const PublicRaceSchema = z.object({
  discipline: z.enum(DISCIPLINES),
  label: z.string(),
  full: z.boolean(),
  feeUsd: z.nullable(z.string()),
  feeZwg: z.nullable(z.string()),
  startTime: z.nullable(z.string()),
});
export type PublicRace = z.infer<typeof PublicRaceSchema>;

/** What anyone may read about the current event: no personal data. */
export const PublicEventSchema = z.object({
  year: z.number(),
  title: z.string(),
  subtitle: z.string(),
  greeting: z.string(),
  contactPhone: z.string(),
  /** Base path of the photo's sizes (add "-640.webp" etc.); null = the built-in photo. */
  backgroundImage: z.nullable(z.string()),
  backgroundAlt: z.string(),
  logoImage: z.nullable(z.string()),
  termsText: z.string(),
  termsVersion: z.number(),
  registrationOpen: z.boolean(),
  registrationClosesAt: z.nullable(z.string()),
  /** YYYY-MM-DD, or null while it is not fixed. */
  eventDate: z.nullable(z.string()),
  venue: z.string(),
  payment: PaymentOptionsSchema,
  races: z.array(PublicRaceSchema),
  tshirtSizes: TshirtSizesSchema,
  /** Each phone number above (E.164) as people read it, e.g. +263 77 123 4567: keeps the phone library off public pages. */
  phoneDisplay: z.record(z.string(), z.string()),
});
export type PublicEvent = z.infer<typeof PublicEventSchema>;
