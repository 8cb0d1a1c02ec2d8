import * as z from 'zod/mini';
import { ONLINE_PAYMENT_METHODS } from '../payments/online-payment-settings.ts';
import { DISCIPLINES } from './event-display.ts';
import { EVENT_FIELDS } from './event-fields.ts';

export { DISCIPLINES, type Discipline } from './event-display.ts';
export { type PaymentOptions, PaymentOptionsSchema } from './payment-options.ts';

export const TshirtSizesSchema = EVENT_FIELDS.tshirtSizes;
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
  ...EVENT_FIELDS,
  /** A data: URI of the photo 16 px wide, shown stretched until the photo arrives; null = a plain colour. */
  backgroundPlaceholder: z.nullable(z.string()),
  registrationOpen: z.boolean(),
  /**
   * From the day after the event's date (Harare) while the edition is current: the landing thanks everyone,
   * links the photos and offers "Tell me about next year" instead of registering.
   */
  raceOver: z.boolean(),
  /** The edition's results are published (issue 41): the landing after the race links /Results. */
  resultsPublished: z.boolean(),
  races: z.array(PublicRaceSchema),
  /** How an entry can be paid online at once (Paynow), once registered; empty while online payment is off. */
  onlinePaymentMethods: z.array(z.enum(ONLINE_PAYMENT_METHODS)),
  /** Payments go to a fake gateway (PAYNOW_URL=fake): every page says that no money moves. */
  testPayments: z.boolean(),
  /** The event's text messages (SMS) are on: the forms ask "Send my confirmation by", /My offers texts. */
  smsOn: z.boolean(),
  /** Each phone number above (E.164) as people read it, e.g. +263 77 123 4567: keeps the phone library off public pages. */
  phoneDisplay: z.record(z.string(), z.string()),
  /** The cause's title while gifts are taken (the forms offer "Add a gift to <cause>"); null while closed. */
  giftsTo: z.optional(z.nullable(z.string())),
});
export type PublicEvent = z.infer<typeof PublicEventSchema>;
