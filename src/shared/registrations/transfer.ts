import * as z from 'zod/mini';
import { DISCIPLINES } from '../events/event-display.ts';
import { CURRENCIES } from '../participants/participants.ts';
import { phoneNumber } from '../phone.ts';
import { emailAddress } from '../validation.ts';
import { guardianRule } from './guardian.ts';
import { emailRule, RegistrationFieldsSchema } from './registration.ts';

/** How long a link giving a place to someone works (unless transfers close first). */
export const TRANSFER_HOURS = 72;

/** "Give my place to someone": where the link goes, by mail or by text (a text only while the event sends them). */
export const TransferSendSchema = z.discriminatedUnion('sendBy', [
  z.object({ sendBy: z.literal('email'), email: emailAddress }),
  z.object({ sendBy: z.literal('sms'), mobile: phoneNumber("the new person's mobile number") }),
]);
export type TransferSend = z.input<typeof TransferSendSchema>;
export type TransferSendData = z.output<typeof TransferSendSchema>;

const Fees = z.object({ USD: z.string(), ZWG: z.string() });

/** What the giver's page says about giving the place: whether it may be given now, its fee, and a link waiting. */
export const MyTransferSchema = z.object({
  /** Transfers are allowed and open, and the entry is active. */
  open: z.boolean(),
  /** The last day (Harare) a place may be given, when the organisers set one; else registration's closing. */
  until: z.nullable(z.string()),
  /** What completing it adds to what the entry owes. */
  fee: Fees,
  pending: z.nullable(z.object({ sentTo: z.string(), expiresAt: z.string() })),
});
export type MyTransfer = z.infer<typeof MyTransferSchema>;

/**
 * What the link shows its recipient: the place, nothing personal of the giver but a first name as names are
 * shown to others, and the T-shirt sizes to choose from.
 */
export const TransferOfferSchema = z.object({
  eventTitle: z.string(),
  year: z.number(),
  giver: z.nullable(z.string()),
  reference: z.string(),
  discipline: z.enum(DISCIPLINES),
  raceType: z.string(),
  tshirtSizes: z.array(z.string()),
  /** The race's fee now (with any earlier charge), and what taking the place adds. */
  fees: z.object({ USD: z.nullable(z.string()), ZWG: z.nullable(z.string()) }),
  transferFee: Fees,
  /** Paid (or waived) places stay so; a part payment stays too. */
  paymentStatus: z.enum(['unpaid', 'part_paid', 'paid', 'waived']),
  paid: z.object({ amount: z.nullable(z.string()), currency: z.nullable(z.enum(CURRENCIES)) }),
  expiresAt: z.string(),
});
export type TransferOffer = z.infer<typeof TransferOfferSchema>;

/**
 * The new person's own details, with the registration form's rules (a minor's guardian included); the
 * discipline and race stay the giver's.
 */
export const TransferAcceptSchema = z
  .omit(RegistrationFieldsSchema, { discipline: true, raceType: true })
  .check(guardianRule, emailRule);
export type TransferAccept = z.input<typeof TransferAcceptSchema>;
export type TransferAcceptData = z.output<typeof TransferAcceptSchema>;

/** The place is the new person's: its reference and the new private link, told only to him. */
export const TransferTakenSchema = z.object({ reference: z.string(), myLink: z.string() });
export type TransferTaken = z.infer<typeof TransferTakenSchema>;
