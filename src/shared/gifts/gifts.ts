import * as z from 'zod/mini';
import { CURRENCIES } from '../participants/participants.ts';
import { phoneNumber } from '../phone.ts';
import {
  AMOUNT,
  blankAsMissing,
  giftAmount,
  oneLine,
  optionalEmailAddress,
  requiredText,
} from '../validation.ts';

export { giftAmount, MAX_GIFT } from '../validation.ts';

/** An unpaid gift lapses this many days after it was made: its reference no longer waits for money. */
export const GIFT_LAPSES_AFTER_DAYS = 7;
/** The amounts offered on /Give, beside "Another amount". */
export const PRESET_GIFTS = { USD: ['5', '10', '20', '50'], ZWG: ['100', '250', '500', '1000'] } as const;

/** The cause as an admin sets it on /EventSettings. A title is needed while gifts are open. */
export const CauseSettingsInputSchema = z
  .object({
    title: z.pipe(
      z.optional(oneLine(80, 'The title must be at most 80 characters')),
      z.transform((v) => v ?? ''),
    ),
    text: z.pipe(
      z.optional(
        z.string().check(z.normalize('NFC'), z.trim(), z.maxLength(1000, 'At most 1000 characters')),
      ),
      z.transform((v) => v ?? ''),
    ),
    goalUsd: z
      .string({ error: 'Enter the goal as a number, e.g. 5000 (0 for none)' })
      .check(z.trim(), z.regex(AMOUNT, 'Enter the goal as a number, e.g. 5000 (0 for none)')),
    giftsOpen: z.boolean(),
  })
  .check((context) => {
    if (context.value.giftsOpen && context.value.title === '') {
      context.issues.push({
        code: 'custom',
        path: ['title'],
        message: 'Give the cause a title before opening gifts',
        input: context.value,
      });
    }
  });
export type CauseSettingsInput = z.input<typeof CauseSettingsInputSchema>;

export const CauseSettingsSchema = z.object({
  title: z.string(),
  text: z.string(),
  /** The photo's base path (…-640.webp), or null. */
  image: z.nullable(z.string()),
  goalUsd: z.string(),
  giftsOpen: z.boolean(),
});
export type CauseSettings = z.infer<typeof CauseSettingsSchema>;

/** A gift made on /Give without registering: who gives (to thank him and send the receipt) and how much. */
export const GiftInputSchema = z
  .object({
    name: requiredText('your name', 100),
    email: optionalEmailAddress,
    mobile: blankAsMissing(z.optional(phoneNumber('your mobile number'))),
    amount: giftAmount(),
    currency: z.enum(CURRENCIES, { error: 'Choose USD or ZWG' }),
    showName: z.optional(z.boolean()),
  })
  .check((context) => {
    if (!context.value.email && !context.value.mobile) {
      context.issues.push({
        code: 'custom',
        path: ['email'],
        message: 'Enter an email address or a mobile number, for your receipt',
        input: context.value,
      });
    }
  });
export type GiftInput = z.input<typeof GiftInputSchema>;

/** What a giver is told after giving: the reference to quote and what to pay. Nothing personal. */
export const GiftMadeSchema = z.object({
  reference: z.string(),
  amount: z.string(),
  currency: z.enum(CURRENCIES),
  /** The giver's private token to pay it online (/api/give/pay/:token): never the gift's id. */
  payToken: z.optional(z.string()),
});

/** A gift's pay token as made (24 URL-safe characters). */
export const GIFT_PAY_TOKEN = /^[A-Za-z0-9_-]{24}$/;
export type GiftMade = z.infer<typeof GiftMadeSchema>;

/** /Give as the public sees it: the cause, what paid gifts raised, and the givers who agreed to be named. */
export const GiveSummarySchema = z.object({
  open: z.boolean(),
  title: z.string(),
  text: z.string(),
  image: z.nullable(z.string()),
  goalUsd: z.string(),
  raised: z.object({ USD: z.string(), ZWG: z.string() }),
  givers: z.number(),
  /** Newest first: each a first name that passed the naming rule, and the amount. */
  named: z.array(z.object({ name: z.string(), amount: z.string(), currency: z.enum(CURRENCIES) })),
});
export type GiveSummary = z.infer<typeof GiveSummarySchema>;

export const GIFT_STATUSES = ['unpaid', 'paid', 'lapsed'] as const;

/** A gift as an admin sees it. */
export const AdminGiftSchema = z.object({
  id: z.string(),
  reference: z.string(),
  amount: z.string(),
  currency: z.enum(CURRENCIES),
  giverName: z.string(),
  giverEmail: z.nullable(z.string()),
  giverMobile: z.nullable(z.string()),
  showName: z.boolean(),
  entryReference: z.nullable(z.string()),
  status: z.enum(GIFT_STATUSES),
  paidBy: z.nullable(z.string()),
  paidAt: z.nullable(z.string()),
  receiptNumber: z.nullable(z.number()),
  createdAt: z.string(),
});
export type AdminGift = z.infer<typeof AdminGiftSchema>;

/** An admin records money received for a gift by hand (cash, a transfer seen in the bank). */
export const GiftPaidInputSchema = z.object({
  method: z.enum(['cash', 'bank', 'mobile-money'], { error: 'Choose how it was paid' }),
});

/** Gifts in the dashboard: paid totals by currency, how many, and the goal. */
export const GiftTotalsSchema = z.object({
  paid: z.object({ USD: z.string(), ZWG: z.string() }),
  paidCount: z.number(),
  unpaidCount: z.number(),
  goalUsd: z.string(),
});
export type GiftTotals = z.infer<typeof GiftTotalsSchema>;

/** A preset amount as the /Give form sends it: "USD:10". */
export const presetValue = (currency: 'USD' | 'ZWG', amount: string) => `${currency}:${amount}`;

/**
 * The form's choice as the contract reads it: an amount typed wins; otherwise the preset chosen gives the
 * amount and its currency. The same with and without JavaScript.
 */
export function giftOfForm<T extends { amount?: unknown; currency?: unknown }>(values: T, preset: string) {
  const typed = typeof values.amount === 'string' ? values.amount.trim() : '';
  const [currency, amount] = preset.split(':');
  if (typed !== '' || !amount || (currency !== 'USD' && currency !== 'ZWG')) return values;
  return { ...values, amount, currency };
}
