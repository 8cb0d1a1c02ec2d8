import * as z from 'zod/mini';
import { DISCIPLINES } from '../events/event-display.ts';
import { RegistrationInputSchema, RegistrationReceiptSchema } from './registration.ts';

/** The most people one form registers: a family or a cell group. */
export const MAX_GROUP = 8;

/**
 * Several entrants on one form (issue 36): each person is a whole single-form entry with its rules; the first
 * is the contact. A person who shares the contact's mobile and email ("Same contact as …") is sent with the
 * contact's, copied by the form. One request registers everyone or no one.
 */
export const GroupRegistrationInputSchema = z.object({
  people: z
    .array(RegistrationInputSchema)
    .check(
      z.minLength(2, 'A group has at least two people'),
      z.maxLength(MAX_GROUP, `At most ${MAX_GROUP} people on one form`),
    ),
  /**
   * "Register the others now and put <name> on the waitlist": those whose race is full join its waitlist,
   * outside the group; left out, a full race refuses the whole form (409, the full people's raceType fields named).
   */
  waitlistFull: z.optional(z.boolean()),
  /**
   * "Add a gift to <cause>" once for the group (issue 43): linked to its first entry, due with the fees under
   * the group's reference, paid after them. A person's own giftAmount is not read on a group form.
   */
  giftAmount: RegistrationInputSchema.shape.giftAmount,
  giftCurrency: RegistrationInputSchema.shape.giftCurrency,
});
export type GroupRegistrationInput = z.input<typeof GroupRegistrationInputSchema>;
export type GroupRegistrationData = z.output<typeof GroupRegistrationInputSchema>;

/** A group reference, "CFR26-G3F9A2C": the event's prefix, G and the group's code. */
export const GROUP_REFERENCE = /^([A-Z0-9]+)-G([0-9A-F]{6})$/i;
export const groupReference = (prefix: string, code: string) => `${prefix}-G${code}`;

const amounts = z.object({ usd: z.string(), zwg: z.string() });

/** One person registered by a group form, as the thank-you page and the confirmation list him. */
export const GroupMemberReceiptSchema = z.object({
  reference: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  discipline: z.enum(DISCIPLINES),
  raceType: z.string(),
  feeUsd: z.nullable(z.string()),
  feeZwg: z.nullable(z.string()),
  /** His own private page (`/My/<token>`), told only to whoever just registered the group. */
  myLink: z.optional(z.string()),
});

/** What the group's registrant is told: one reference to pay with, each person's entry, and the total. */
export const GroupReceiptSchema = z.object({
  groupReference: z.string(),
  members: z.array(GroupMemberReceiptSchema),
  /** People put on a full race's waitlist instead (outside the group: each pays alone if offered a place). */
  waitlisted: z.array(z.object({ firstName: z.string(), lastName: z.string(), raceType: z.string() })),
  /** What the group still owes, per currency, as decimal strings ("Total due"), its gift in it. */
  due: amounts,
  /** The gift added with the group (issue 43), in `due`, paid under the group's reference after the fees. */
  gift: RegistrationReceiptSchema.shape.gift,
  /** The official rate the ZWG fees were quoted at, said beside the ZWG total (none: fixed fees). */
  zwgRate: RegistrationReceiptSchema.shape.zwgRate,
  zwgRateDate: RegistrationReceiptSchema.shape.zwgRateDate,
});
export type GroupReceipt = z.infer<typeof GroupReceiptSchema>;
