import * as z from 'zod/mini';
import { DEFAULT_OMARI_METHOD, ONLINE_PAYMENT_METHODS } from './online-payment-settings.ts';

/** The settings as the admin sees them: the integration key only as "set" or "not set". */
export const OnlinePaymentSettingsSchema = z.object({
  enabled: z.boolean(),
  integrationId: z.string(),
  methods: z.array(z.enum(ONLINE_PAYMENT_METHODS)),
  currency: z.enum(['USD', 'ZWG']),
  /** O'mari's method name at Paynow (`paygo` or `omari`). */
  omariMethod: z.string(),
  keySet: z.boolean(),
});
export type OnlinePaymentSettingsView = z.infer<typeof OnlinePaymentSettingsSchema>;

/** What the admin saves: an empty key keeps the one already set. */
export const OnlinePaymentSettingsInputSchema = z
  .object({
    enabled: z.boolean(),
    integrationId: z
      .string()
      .check(
        z.trim(),
        z.maxLength(20, 'The integration ID is at most 20 digits'),
        z.regex(/^\d*$/, 'The integration ID is a number, as Paynow shows it'),
      ),
    integrationKey: z
      .string()
      .check(
        z.trim(),
        z.maxLength(100, 'The integration key is at most 100 characters'),
        z.regex(/^[\w-]*$/, 'Paste the integration key exactly as Paynow shows it'),
      ),
    methods: z.array(z.enum(ONLINE_PAYMENT_METHODS)),
    currency: z.enum(['USD', 'ZWG']),
    omariMethod: z._default(
      z
        .string()
        .check(
          z.trim(),
          z.toLowerCase(),
          z.regex(/^[a-z]{2,20}$/, 'Enter the method name as Paynow gives it, e.g. paygo or omari'),
        ),
      DEFAULT_OMARI_METHOD,
    ),
  })
  .check(
    z.refine((input) => !input.enabled || input.integrationId !== '', {
      path: ['integrationId'],
      message: 'Enter the integration ID to turn online payment on',
    }),
    z.refine((input) => !input.enabled || input.methods.length > 0, {
      path: ['methods'],
      message: 'Choose at least one way to pay',
    }),
  );
/** As sent: O'mari's method name may be left out (settings saved before it was asked). */
export type OnlinePaymentSettingsInput = z.input<typeof OnlinePaymentSettingsInputSchema>;

/** An entry's online payment as its payer sees it (no personal data). */
export const PaymentAttemptSchema = z.object({
  id: z.string(),
  method: z.enum(ONLINE_PAYMENT_METHODS),
  /** Ours: waiting for the payer or Paynow, paid, or failed (cancelled, refused, given up). */
  state: z.enum(['pending', 'paid', 'failed']),
  /** Paynow's word for it (Sent, Paid, Cancelled…). */
  paynowStatus: z.string(),
  amount: z.string(),
  currency: z.enum(['USD', 'ZWG']),
  /** What it pays: the entry's fee, its group's total, a company team's total or a gift made on /Give. */
  pays: z.enum(['entry', 'group', 'team', 'gift']),
  /** Web checkout: where the payer pays. */
  browserUrl: z.nullable(z.string()),
  /** Why it failed, in words for the payer. */
  message: z.nullable(z.string()),
  /**
   * InnBucks and O'mari, while pending: the code the payer approves in the wallet's app, and until when, as
   * Paynow gave it (e.g. "27-Nov-2026 14:35", Harare time). Its QR code is drawn by our server.
   */
  authorization: z.optional(z.object({ code: z.string(), expires: z.nullable(z.string()) })),
});
export type PaymentAttempt = z.infer<typeof PaymentAttemptSchema>;

/** What the payer may do: nothing shows when `enabled` is false. */
export const PaymentOfferSchema = z.object({
  enabled: z.boolean(),
  methods: z.array(z.enum(ONLINE_PAYMENT_METHODS)),
  currency: z.enum(['USD', 'ZWG']),
  /** The entry's fee in the account's currency; null when none is set. */
  amount: z.nullable(z.string()),
  paid: z.boolean(),
  latest: z.nullable(PaymentAttemptSchema),
  /** The entry's own mobile as a wallet number (0771234567), to offer first; null when it is not one. */
  phone: z.nullable(z.string()),
  /**
   * The group the entry was registered with (issue 36), whose total one payment may pay ("group": true when
   * starting it): its reference and what it still owes in the account's currency (null: no fee known).
   */
  group: z.optional(z.object({ reference: z.string(), amount: z.nullable(z.string()) })),
});
export type PaymentOffer = z.infer<typeof PaymentOfferSchema>;

export const StartPaymentSchema = z.object({
  method: z.enum(ONLINE_PAYMENT_METHODS),
  /** The wallet's mobile number (EcoCash, OneMoney, InnBucks, O'mari); not needed for web checkout. */
  phone: z.optional(
    z.string().check(z.trim(), z.maxLength(30, 'Enter a valid mobile number, e.g. 0771234567')),
  ),
  /** Pay the entry's group's total (every member who owes, in form order) rather than the entry alone. */
  group: z.optional(z.boolean()),
});
export type StartPayment = z.infer<typeof StartPaymentSchema>;

/** A wallet (EcoCash, OneMoney, InnBucks, O'mari): a Zimbabwean mobile number, as Paynow takes it (0771234567). */
export const WALLET_NUMBER_MESSAGE = 'Enter the wallet’s mobile number, e.g. 0771234567';
export function walletNumber(phone: string): string | null {
  const local = phone.replace(/[\s()-]/g, '').replace(/^(\+|00)263/, '0');
  return /^07\d{8}$/.test(local) ? local : null;
}
export const WalletPhoneSchema = z.object({
  phone: z.string().check(z.refine((phone: string) => walletNumber(phone) !== null, WALLET_NUMBER_MESSAGE)),
});
