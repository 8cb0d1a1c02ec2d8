import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  raceOptions,
  type registrationStatusEnum,
  registrations,
  type waitlistEntries,
} from '../../db/schema/index.ts';

/*
 * What other features' repositories may use of the entries (decision 009): the rules about them, written here
 * once, and their columns. This module imports no feature, so using it can close no circle.
 */

const ACTIVE: (typeof registrationStatusEnum.enumValues)[number] = 'active';

/** An entry is active until it is cancelled: only an active entry holds a place, is listed, owes or checks in. */
export const activeEntry = eq(registrations.status, ACTIVE);

/** The event's active entries. */
export const activeInEvent = (eventId: string) => and(eq(registrations.eventId, eventId), activeEntry);

/** The same rule in written-out SQL, for the registrations row named `alias`. */
export const activeEntryIn = (alias: string) => `${alias}.status = '${ACTIVE}'`;

/** How many active entries the race `raceId` (an SQL expression) holds: a scalar subquery. */
export const activeEntriesOfRace = (raceId: string) =>
  `(select count(*)::integer from registrations as counted where counted.race_option_id = ${raceId}
    and ${activeEntryIn('counted')})`;

/** How many places of the race `raceId` the waitlist holds: outstanding offers and people waiting. */
export const waitlistPlacesOfRace = (raceId: string) =>
  `(select count(*)::integer from waitlist_entries as held where held.race_option_id = ${raceId}
    and held.status in ('waiting', 'offered'))`;

/**
 * The places of the race `raceId` a newcomer cannot take: active entries, outstanding waitlist offers (an
 * offer holds its place until it lapses) and people waiting (a race with a queue is full to newcomers).
 */
export const placesHeldInRace = (raceId: string) =>
  `${activeEntriesOfRace(raceId)} + ${waitlistPlacesOfRace(raceId)}`;

/**
 * The contact half of the same-person rule for an entry or a waitlist place (names and discipline are the
 * caller's): the same email, or where either has none the same mobile and an age within a year.
 */
export const samePersonContact = (
  table: typeof registrations | typeof waitlistEntries,
  person: { email?: string | null; mobile: string; age: number },
) =>
  person.email
    ? sql`(lower(${table.email}) = lower(${person.email}) or (${table.email} is null
        and ${table.mobile} = ${person.mobile} and abs(${table.age} - ${person.age}) <= 1))`
    : sql`(${table.mobile} = ${person.mobile} and abs(${table.age} - ${person.age}) <= 1)`;

/** The entrant's own details, as an entry and a waitlist place both keep them. */
export const entrantFields = (table: typeof registrations | typeof waitlistEntries) => ({
  firstName: table.firstName,
  lastName: table.lastName,
  email: table.email,
  mobile: table.mobile,
  nextOfKinMobile: table.nextOfKinMobile,
  age: table.age,
  gender: table.gender,
  tshirtSize: table.tshirtSize,
  guardianName: table.guardianName,
  guardianMobile: table.guardianMobile,
});

/**
 * An entry's fee in a currency: its race's fee now plus what was charged beside it (entry_charges: a transfer's
 * fee). Null while the race has no fee in that currency.
 */
const feeWithCharges = (raceFee: AnyPgColumn, charged: 'amount_usd' | 'amount_zwg') =>
  sql<
    string | null
  >`(${raceFee} + coalesce((select sum(charge.${sql.raw(charged)}) from entry_charges as charge
    where charge.registration_id = ${registrations.id}), 0))::text`;

/**
 * What an entry has paid so far beside what it costs (the race joined): its race's fee and any charge added
 * to it (a transfer's fee). What it owes follows from them.
 */
export const paymentAgainstFee = {
  paymentStatus: registrations.paymentStatus,
  paymentAmount: registrations.paymentAmount,
  paymentCurrency: registrations.paymentCurrency,
  feeUsd: feeWithCharges(raceOptions.feeUsd, 'amount_usd'),
  feeZwg: feeWithCharges(raceOptions.feeZwg, 'amount_zwg'),
};
