import * as z from 'zod/mini';
import { CheckInCountsSchema } from '../check-in/check-in.ts';
import { DISCIPLINES } from '../events/event-display.ts';
import { RefundTotalsSchema } from '../payments/refunds.ts';

export const FunRunDashboardSchema = z.object({
  entrants: z.object({ run: z.number(), cycle: z.number() }),
  payments: z.object({ paid: z.number(), unpaid: z.number(), waived: z.number() }),
  /** Money recorded as paid, per currency, as decimal strings. */
  money: z.object({
    usd: z.string(),
    zwg: z.string(),
    /** The ZWG received in USD at each entry's quoted rate, and how many ZWG payments had no quote to convert by. */
    zwgInUsd: z.object({ usd: z.string(), unquoted: z.number() }),
  }),
  /** Money of the edition given back, or kept as credit for a next entry (issue 42). */
  moneyOut: RefundTotalsSchema,
  /** Registrations per day (Harare dates, YYYY-MM-DD), oldest first. */
  perDay: z.array(z.object({ day: z.string(), count: z.number() })),
  perRace: z.array(
    z.object({
      discipline: z.enum(DISCIPLINES),
      race: z.string(),
      count: z.number(),
      capacity: z.nullable(z.number()),
      /** People on the race's waitlist (waiting, or holding an offer). */
      waiting: z.number(),
    }),
  ),
  /** The T-shirt order: sizes per discipline, in the event's size order. */
  tshirts: z.array(z.object({ discipline: z.enum(DISCIPLINES), size: z.string(), count: z.number() })),
  /** Race morning: checked in, registered and T-shirts left, per race. */
  checkIn: CheckInCountsSchema,
  /**
   * Text messages this edition against its cap, and why the last texts failed when the gateway refused three
   * in a row alike; null while texts are off.
   */
  texts: z.nullable(z.object({ sent: z.number(), cap: z.number(), failing: z.nullable(z.string()) })),
});
export type FunRunDashboard = z.infer<typeof FunRunDashboardSchema>;
