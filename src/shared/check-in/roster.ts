import * as z from 'zod/mini';
import { DISCIPLINES } from '../events/event-display.ts';
import { PAYMENT_STATUSES } from '../registrations/team.ts';

// The phone imports types only from here: its schemas (z.tuple) would add zod code to the chunk every form
// loads first. CODE_DIGEST_LENGTH is in check-in.ts for that reason.

/**
 * Race morning without signal (issue 37): the current edition's roster on a volunteer's phone, kept in its
 * IndexedDB. Nothing to reach an entrant by (no email, mobile, next of kin or age), and the check-in code only as
 * a digest (a scanned code is hashed on the phone to look it up). Rows are arrays, not objects, to stay small
 * (1,000 entrants in at most 60 KB compressed).
 */

/** Who did it and when (an ISO instant), or null. */
const Done = z.nullable(z.tuple([z.string(), z.string()]));

/**
 * One entry: [id, reference, firstName, lastName, race (index into `races`), bib, tshirtSize, paymentStatus,
 * owed in USD, owed in ZWG (what an entrant who owes must pay: fee or part payment's balance; null: none known),
 * code digest, checked in [at, by], T-shirt collected [at, by], minor].
 */
export const RosterRowSchema = z.tuple([
  z.string(),
  z.string(),
  z.string(),
  z.string(),
  z.number(),
  z.nullable(z.number()),
  z.string(),
  z.enum(PAYMENT_STATUSES),
  z.nullable(z.string()),
  z.nullable(z.string()),
  z.string(),
  Done,
  Done,
  z.boolean(),
]);
export type RosterRow = z.infer<typeof RosterRowSchema>;

export const RosterRaceSchema = z.object({
  id: z.string(),
  discipline: z.enum(DISCIPLINES),
  label: z.string(),
  feeUsd: z.nullable(z.string()),
  feeZwg: z.nullable(z.string()),
});
export type RosterRace = z.infer<typeof RosterRaceSchema>;

/** Bib numbers a prepared phone may give walk-ups while offline: its own block per race (none without a range). */
export const BibBlockSchema = z.object({ raceId: z.string(), from: z.number(), to: z.number() });
export type BibBlock = z.infer<typeof BibBlockSchema>;

/** A phone, as it names itself when preparing and syncing: 16 to 64 letters, digits, - or _. */
export const DeviceIdSchema = z.string().check(z.regex(/^[\w-]{16,64}$/, 'Not a device id'));

/** POST /api/check-in/roster: prepare this phone (again: the same device keeps its bib blocks). */
export const PrepareRosterSchema = z.object({ deviceId: DeviceIdSchema });

/** The code of the refusal to prepare a phone before the day before the event. */
export const ROSTER_TOO_EARLY = 'ROSTER_TOO_EARLY';

export const RosterSchema = z.object({
  eventId: z.string(),
  /** The event's day (YYYY-MM-DD, Harare): the phone wipes its roster once that day is over by its own clock. */
  eventDate: z.string(),
  /** The server's time the roster was read at: the changes since it are asked for with `since`. */
  asOf: z.string(),
  races: z.array(RosterRaceSchema),
  entries: z.array(RosterRowSchema),
  bibBlocks: z.array(BibBlockSchema),
});
export type Roster = z.infer<typeof RosterSchema>;

/** GET /api/check-in/roster/changes?since=…&eventId=…&deviceId=… */
export const RosterChangesQuerySchema = z.object({
  since: z.string().check(z.refine((value: string) => !Number.isNaN(Date.parse(value)), 'Not a time')),
  eventId: z.string(),
  deviceId: DeviceIdSchema,
});

export const RosterChangesSchema = z.object({
  asOf: z.string(),
  /** Entries new or changed since (whole rows: a transfer's new name and code digest, a payment, a check-in). */
  entries: z.array(RosterRowSchema),
  /** Entries to drop: cancelled, erased, or no longer in the edition. */
  removed: z.array(z.string()),
  races: z.array(RosterRaceSchema),
  /** The server's word: wipe the roster (another edition is current, or the event is over). */
  wipe: z.boolean(),
});
export type RosterChanges = z.infer<typeof RosterChangesSchema>;
