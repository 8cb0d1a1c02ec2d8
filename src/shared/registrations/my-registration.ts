import * as z from 'zod/mini';
import { CURRENCIES, ParticipantDetailSchema } from '../participants/participants.ts';
import { phoneNumber } from '../phone.ts';
import { MyResultSchema } from '../results/published.ts';
import { emailAddress, giftAmountText } from '../validation.ts';
import { PendingEmailSchema } from './email-change.ts';
import { PendingMobileSchema } from './mobile-change.ts';

/**
 * The token in the path of an entrant's private page: 32 base64url characters, or a text message's short code
 * (20 of lowercase base32, /m/<code> leads there).
 */
export const MY_TOKEN = /^(?:[\w-]{32}|[a-z2-7]{20})$/;

/** Reminders by SMS: none (the event sends none, or the entrant chose email), on, or stopped by the entrant. */
export const SMS_REMINDERS = ['none', 'on', 'stopped'] as const;

/**
 * What the private link shows its holder: the entry as the organisers have it (no history, no payment
 * details beyond its status and the amount received), and what the entrant may still change.
 */
export const MyEntrySchema = z.extend(
  z.pick(ParticipantDetailSchema, {
    reference: true,
    bib: true,
    discipline: true,
    firstName: true,
    lastName: true,
    email: true,
    mobile: true,
    nextOfKinMobile: true,
    guardianName: true,
    guardianMobile: true,
    guardianConsentedAt: true,
    age: true,
    gender: true,
    raceType: true,
    tshirtSize: true,
    listedInSearch: true,
    showInResults: true,
    paymentStatus: true,
    fees: true,
    status: true,
    group: true,
  }),
  {
    /** What was received so far (a part payment's amount shows its balance); nulls when nothing was. */
    payment: z.object({ amount: z.nullable(z.string()), currency: z.nullable(z.enum(CURRENCIES)) }),
    /** The last day (Harare, YYYY-MM-DD) the T-shirt size may change; null when there is no cut-off. */
    tshirtChangesUntil: z.nullable(z.string()),
    tshirtChangeable: z.boolean(),
    /** False once registration has closed: then the organisers change races. */
    raceChangeable: z.boolean(),
    /** The event's day has passed (or a new edition took over): the entry can be read, not changed or cancelled. */
    raceOver: z.boolean(),
    /** A new email asked for, which the entry takes once the link mailed to it is followed. */
    emailPending: PendingEmailSchema,
    /** A new mobile asked for, which the entry takes once the code texted to it is entered. */
    mobilePending: PendingMobileSchema,
    smsReminders: z.enum(SMS_REMINDERS),
    /** His result once the edition's results are published (issue 41); null before, or without one. */
    result: z.nullable(MyResultSchema),
    /**
     * The ZWG fee's official rate (issue 42 §1): the quote kept on the entry (held until its last day, Harare)
     * and the rate fees.ZWG follows now (the quote's while it is honoured); null with fixed ZWG fees.
     */
    zwg: z.nullable(
      z.object({
        quote: z.nullable(
          z.object({ zwg: z.string(), rate: z.string(), rateDate: z.string(), heldUntil: z.string() }),
        ),
        honoured: z.boolean(),
        rate: z.nullable(z.string()),
        rateDate: z.nullable(z.string()),
      }),
    ),
    /** His gift to the cause (issue 43): waiting for money (due with his fee, same reference) or paid. */
    gift: z.nullable(
      z.object({
        reference: z.string(),
        amount: z.string(),
        currency: z.enum(CURRENCIES),
        status: z.enum(['unpaid', 'paid']),
      }),
    ),
    /** The cause a gift may be added to now ("Add a gift to <cause>"); null when none may. */
    giftsTo: z.nullable(z.string()),
  },
);
export type MyEntry = z.infer<typeof MyEntrySchema>;

export const MyLinksRequestSchema = z.object({ email: emailAddress });
export type MyLinksRequest = z.input<typeof MyLinksRequestSchema>;

/** The same answer whether or not the address has entries: nobody learns who is registered. */
export const MY_LINKS_SENT =
  'If this address has entries for this year’s fun run, we have sent their links to it. Check your inbox (and spam folder) in a few minutes.';

/** "Text me my links": a mobile number, as the forms take one (stored as E.164). */
export const MyLinksBySmsRequestSchema = z.object({ mobile: phoneNumber('your mobile number') });
export type MyLinksBySmsRequest = z.input<typeof MyLinksBySmsRequestSchema>;

/** The same answer whether or not the number has entries. */
export const MY_LINKS_TEXTED = 'If that number has entries, a text with their links is on its way.';

/** "Add a gift to <cause>" on /My: the amount and the currency he will pay it in. */
export const MyGiftInputSchema = z.object({
  amount: giftAmountText(),
  currency: z.enum(CURRENCIES, { error: 'Choose USD or ZWG' }),
});
export type MyGiftInput = z.infer<typeof MyGiftInputSchema>;
