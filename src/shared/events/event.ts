import * as z from 'zod/mini';
import { DISCIPLINES } from './event-display.ts';
import { PaymentOptionsSchema } from './payment-options.ts';

export { DISCIPLINES, type Discipline } from './event-display.ts';
export { type PaymentOptions, PaymentOptionsSchema } from './payment-options.ts';

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
  /** A data: URI of the photo 16 px wide, shown stretched until the photo arrives; null = a plain colour. */
  backgroundPlaceholder: z.nullable(z.string()),
  backgroundAlt: z.string(),
  logoImage: z.nullable(z.string()),
  termsText: z.string(),
  termsVersion: z.number(),
  /** The admin's privacy notice; null: the standard one (src/shared/privacy), filled in with the facts below. */
  privacyText: z.nullable(z.string()),
  privacyVersion: z.number(),
  entryRetentionDays: z.number(),
  programmeRetentionDays: z.number(),
  /** False while the edition is a draft: the public pages say "Registration opens soon" and take nothing. */
  published: z.boolean(),
  registrationOpen: z.boolean(),
  registrationClosesAt: z.nullable(z.string()),
  /** YYYY-MM-DD, or null while it is not fixed. */
  eventDate: z.nullable(z.string()),
  venue: z.string(),
  payment: PaymentOptionsSchema,
  races: z.array(PublicRaceSchema),
  tshirtSizes: TshirtSizesSchema,
  /** Payments go to a fake gateway (PAYNOW_URL=fake): every page says that no money moves. */
  testPayments: z.boolean(),
  /** Each phone number above (E.164) as people read it, e.g. +263 77 123 4567: keeps the phone library off public pages. */
  phoneDisplay: z.record(z.string(), z.string()),
});
export type PublicEvent = z.infer<typeof PublicEventSchema>;
