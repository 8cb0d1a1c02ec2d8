import * as z from 'zod/mini';
import { RegistrationInputSchema } from '../registrations/registration.ts';
import { CheckInEntrySchema } from './check-in.ts';
import { DeviceIdSchema } from './roster.ts';

/**
 * A walk-up entry at the check-in table on the event day (issue 37): the public form's fields and rules, the
 * fee taken in cash (or by a mobile-money prompt afterwards), the next free bib, and checked in, in one step.
 * Made without signal it waits on the phone with its key and a provisional bib from the phone's own block, and
 * is registered when the signal returns, even over capacity.
 */
export const WalkUpSchema = z.object({
  idempotencyKey: z.string().check(z.regex(/^[\w-]{8,64}$/, 'Not an idempotency key')),
  entrant: RegistrationInputSchema,
  /** Cash taken at the table in this currency; null: not paid yet (a prompt follows, or the entrant owes). */
  cash: z.nullable(z.enum(['USD', 'ZWG'])),
  /** When the volunteer took it, by the phone's clock (ISO). */
  at: z.string().check(z.refine((value: string) => !Number.isNaN(Date.parse(value)), 'Not a time')),
  /** Made without signal and sent later: registered even when its race is full (marked so for the admin). */
  offline: z.boolean(),
  /** The bib given on the phone from its block (offline only); null: "bib at sync". */
  provisionalBib: z.nullable(z.number()),
  deviceId: z.optional(DeviceIdSchema),
});
export type WalkUp = z.infer<typeof WalkUpSchema>;

export const WalkUpResultSchema = z.object({
  /**
   * 'registered' (also for the same key sent again); 'clash': another active entry has this person's name and
   * email in the discipline: kept apart for an admin to look at, never merged.
   */
  outcome: z.enum(['registered', 'clash']),
  /** The entry as the check-in table sees it (null for a clash). */
  entry: z.nullable(CheckInEntrySchema),
  /** Registered although its race was full (offline walk-ups only). */
  overCapacity: z.boolean(),
  /** The reference of the entry it clashes with. */
  clashWith: z.nullable(z.string()),
});
export type WalkUpResult = z.infer<typeof WalkUpResultSchema>;

/** The code of the refusal of a walk-up on any day but the event's. */
export const WALK_UP_NOT_TODAY = 'WALK_UP_NOT_TODAY';
