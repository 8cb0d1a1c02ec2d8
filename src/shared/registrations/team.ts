import * as z from 'zod/mini';
import { DISCIPLINES } from '../events/event-display.ts';

/** Part paid: less than the fee was received when the payment was recorded; the balance is still due. */
export const PAYMENT_STATUSES = ['unpaid', 'part_paid', 'paid', 'waived'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  part_paid: 'Part paid',
  paid: 'Paid',
  waived: 'Waived',
};

/** One of a company's staff entries as its list shows it: no contacts (the edit dialog reads them). */
export const TeamEntrySchema = z.object({
  id: z.string(),
  reference: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Under 18: the list marks it, without sending the age. */
  minor: z.boolean(),
  discipline: z.enum(DISCIPLINES),
  raceType: z.string(),
  tshirtSize: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  feeUsd: z.nullable(z.string()),
  feeZwg: z.nullable(z.string()),
  createdAt: z.string(),
});
export type TeamEntry = z.infer<typeof TeamEntrySchema>;

/** One staff entry whole, as the team's edit form corrects it (the company entered these details itself). */
export const TeamEntryDetailSchema = z.extend(TeamEntrySchema, {
  email: z.nullable(z.string()),
  mobile: z.string(),
  age: z.number(),
  gender: z.nullable(z.string()),
  nextOfKinMobile: z.string(),
  guardianName: z.nullable(z.string()),
  guardianMobile: z.nullable(z.string()),
  guardianConsentedAt: z.nullable(z.string()),
  listedInSearch: z.boolean(),
  showInResults: z.boolean(),
});
export type TeamEntryDetail = z.infer<typeof TeamEntryDetailSchema>;

export const TeamSchema = z.object({
  entries: z.array(TeamEntrySchema),
  /** What the team still owes: the fees of its unpaid entries, per currency, as decimal strings. */
  due: z.object({ usd: z.string(), zwg: z.string() }),
  /** One reference to quote when paying for the whole team at once; null before the first entry. */
  reference: z.nullable(z.string()),
  /** Whether the manager may still correct or cancel unpaid entries: until registration closes. */
  changeable: z.boolean(),
});

/** A team reference, "CFR26-T3F9A2C": the event's prefix, T and the team's code (see teamCode on the server). */
export const TEAM_REFERENCE = /^([A-Z0-9]+)-T([0-9A-F]{6})$/i;
export const teamReference = (prefix: string, code: string) => `${prefix}-T${code}`;
export type Team = z.infer<typeof TeamSchema>;
