import * as z from 'zod/mini';
import { DISCIPLINES } from '../events/event-display.ts';
import { PaymentOfferSchema, StartPaymentSchema } from './online-payment.ts';

/** A pay link's token in its path: 32 base64url characters (192 bits), as an entry's private link. */
export const PAY_LINK_TOKEN = /^[\w-]{32}$/;

/** A pay link's page (`/PayFor/<token>`): where the link opens, told only to whoever made it. */
export const PAY_LINK_PAGE = 'PayFor';

/** Making a pay link from an entry's private link: for the entry alone, or for its group's total. */
export const NewPayLinkSchema = z.object({ group: z.optional(z.boolean()) });
export type NewPayLink = z.infer<typeof NewPayLinkSchema>;

/** The link just made: its page's path (`/PayFor/<token>`), to share. */
export const PayLinkMadeSchema = z.object({ path: z.string() });
export type PayLinkMade = z.infer<typeof PayLinkMadeSchema>;

/**
 * What a pay link shows whoever holds it ("Pay for me", issue 36): the first names (as names are shown to
 * others; null when a name may not be shown), races, the reference to quote and what is still due, and how
 * it may be paid online. No contact details, nothing to change: `phone` is always null.
 */
export const PayLinkSchema = z.extend(PaymentOfferSchema, {
  /** The entry's reference, or the group's (CFR26-G…), to quote in a bank transfer. */
  reference: z.string(),
  people: z.array(
    z.object({
      firstName: z.nullable(z.string()),
      discipline: z.enum(DISCIPLINES),
      raceType: z.string(),
    }),
  ),
  /** What is still due, per currency, as decimal strings; null: a fee not set in that currency. */
  due: z.object({ usd: z.nullable(z.string()), zwg: z.nullable(z.string()) }),
  /** The entry's unpaid gift to the cause, in `due` with its fee (issue 43); null without one. */
  gift: z.optional(z.nullable(z.object({ amount: z.string(), currency: z.enum(['USD', 'ZWG']) }))),
});
export type PayLink = z.infer<typeof PayLinkSchema>;

/** Paying through a pay link: the way and the wallet; what it pays (the entry or its group) is the link's. */
export const PayLinkPaymentSchema = z.pick(StartPaymentSchema, { method: true, phone: true });
export type PayLinkPayment = z.infer<typeof PayLinkPaymentSchema>;
