import * as z from 'zod/mini';
import { DISCIPLINES } from '../events/event-display.ts';

export const PAYMENT_STATUSES = ['unpaid', 'paid', 'waived'] as const;
export const PAYMENT_STATUS_LABELS: Record<(typeof PAYMENT_STATUSES)[number], string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  waived: 'Waived',
};

/** One of a company's staff entries: the company entered these details itself. */
export const TeamEntrySchema = z.object({
  reference: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  discipline: z.enum(DISCIPLINES),
  raceType: z.string(),
  tshirtSize: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  feeUsd: z.nullable(z.string()),
  feeZwg: z.nullable(z.string()),
  createdAt: z.string(),
});
export type TeamEntry = z.infer<typeof TeamEntrySchema>;

export const TeamSchema = z.object({
  entries: z.array(TeamEntrySchema),
  /** Sum of the entry fees of the team's entries, per currency, as decimal strings. */
  totals: z.object({ usd: z.string(), zwg: z.string() }),
});
export type Team = z.infer<typeof TeamSchema>;
