import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
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
const feeWithCharges = (raceFee: SQLWrapper, charged: 'amount_usd' | 'amount_zwg') =>
  sql<
    string | null
  >`(${raceFee} + coalesce((select sum(charge.${sql.raw(charged)}) from entry_charges as charge
    where charge.registration_id = ${registrations.id}), 0))::text`;

const quoteHonouredIn = (r: string) =>
  `${r}.quote_zwg is not null and ${r}.quoted_at + make_interval(days => zwg_event.quote_honour_days) > now()`;
const ofEntryEvent = (r: string, value: string) =>
  `(select ${value} from events as zwg_event where zwg_event.id = ${r}.event_id)`;

/**
 * THE ZWG fee an entry owes (issue 42 §1), before charges: the ZWG fee quoted when it registered while the event
 * honours quotes (quote_honour_days after quoted_at); after that, or without a quote, its race's ZWG fee now —
 * the USD fee at the event's rate rounded down to zwg_round_to ZWG when ZWG fees follow the rate (numeric
 * arithmetic: exact, as shared/events/zwg-rate.ts zwgAtRate), else the race's fixed ZWG fee.
 * `entryFeeZwgIn` writes it for raw statements, `r` and `o` being the aliases of the entry and its race.
 */
export const entryFeeZwgIn = (r: string, o: string) =>
  ofEntryEvent(
    r,
    `case when ${quoteHonouredIn(r)} then ${r}.quote_zwg
      when zwg_event.zwg_follows_rate
        then floor(${o}.fee_usd * zwg_event.zwg_rate / zwg_event.zwg_round_to) * zwg_event.zwg_round_to
      else ${o}.fee_zwg end::numeric(12, 2)`,
  );
const ENTRY = '"registrations"';
export const entryFeeZwg = sql<string | null>`${sql.raw(entryFeeZwgIn(ENTRY, '"race_options"'))}`;

/**
 * The official rate behind entryFeeZwg and its date, as "ZWG 243 (at the official rate of 24.30 on …)" says them;
 * null: a fixed fee. The `…In` forms write it for raw statements, `r` being the entry's alias.
 */
const entryZwgRateOfIn = (
  r: string,
  quoted: 'quote_rate' | 'quote_rate_date',
  current: 'zwg_rate' | 'zwg_rate_date',
) =>
  ofEntryEvent(
    r,
    `case when ${quoteHonouredIn(r)} then ${r}.${quoted}::text
      when zwg_event.zwg_follows_rate then zwg_event.${current}::text end`,
  );
export const entryZwgRateIn = (r: string) => entryZwgRateOfIn(r, 'quote_rate', 'zwg_rate');
export const entryZwgRateDateIn = (r: string) => entryZwgRateOfIn(r, 'quote_rate_date', 'zwg_rate_date');
export const entryZwgRate = sql<string | null>`${sql.raw(entryZwgRateIn(ENTRY))}`;
export const entryZwgRateDate = sql<string | null>`${sql.raw(entryZwgRateDateIn(ENTRY))}`;

/** Whether the entry's ZWG fee is still the one quoted when it registered (false: no quote, or it lapsed). */
export const entryQuoteHonoured = sql<boolean>`coalesce(${sql.raw(ofEntryEvent(ENTRY, quoteHonouredIn(ENTRY)))}, false)`;

/**
 * What an entry has paid so far beside what it costs (the race joined): its race's fee and any charge added
 * to it (a transfer's fee). What it owes follows from them.
 */
export const paymentAgainstFee = {
  paymentStatus: registrations.paymentStatus,
  paymentAmount: registrations.paymentAmount,
  paymentCurrency: registrations.paymentCurrency,
  feeUsd: feeWithCharges(raceOptions.feeUsd, 'amount_usd'),
  feeZwg: feeWithCharges(entryFeeZwg, 'amount_zwg'),
};
