import type { Discipline } from '../../../shared/events/event.ts';
import type { NotifyBy } from '../../../shared/sms/sms-settings.ts';
import type { WaitlistStatus } from '../../../shared/waitlist/waitlist.ts';
import type { RunStatement, Statement } from '../../db/client.ts';
import { activeEntriesOfRace } from '../registrations/queries.ts';

export interface LockedRace {
  id: string;
  eventId: string;
  discipline: Discipline;
  label: string;
  capacity: number | null;
  title: string;
  year: number;
  offerHours: number;
  feeUsd: string | null;
  feeZwg: string | null;
  startTime: string | null;
}

/** The race's row locked for the rest of the transaction (the registrations' capacity lock), with its event's facts. */
const LOCK_RACE: Statement = {
  name: 'waitlist_lock_race',
  text: `select r.id, r.event_id as "eventId", r.discipline, r.label, r.capacity, e.title, e.year,
      e.waitlist_offer_hours as "offerHours", r.fee_usd as "feeUsd", r.fee_zwg as "feeZwg",
      r.start_time as "startTime"
    from race_options r join events e on e.id = r.event_id where r.id = $1::uuid for update of r`,
};

export async function lockRace(run: RunStatement, raceId: string) {
  const [race] = await run<LockedRace>(LOCK_RACE, [raceId]);
  return race;
}

// A statement of its own after the lock: its snapshot then sees every change committed before the lock was ours.
const PLACES: Statement = {
  name: 'waitlist_places',
  text: `select
      ${activeEntriesOfRace('$1::uuid')} as active,
      (select count(*)::integer from waitlist_entries where race_option_id = $1::uuid and status = 'offered') as offered,
      (select count(*)::integer from waitlist_entries where race_option_id = $1::uuid and status = 'waiting') as waiting`,
};

export async function placesOf(run: RunStatement, raceId: string) {
  const [row] = await run<{ active: number; offered: number; waiting: number }>(PLACES, [raceId]);
  return row ?? { active: 0, offered: 0, waiting: 0 };
}

/** Whom a text about a waitlist place goes to (textEntrant). */
const TEXTED_COLUMNS = `mobile, age, guardian_mobile as "guardianMobile", notify_by as "notifyBy"`;

const EXPIRE_OVERDUE: Statement = {
  name: 'waitlist_expire_overdue',
  text: `update waitlist_entries set status = 'expired'
    where race_option_id = $1::uuid and status = 'offered' and offer_expires_at <= now()
    returning id, reference, email, ${TEXTED_COLUMNS}`,
};

/** The offers that lapsed (their places pass on), with whom to tell. */
export const expireOverdueOffers = (run: RunStatement, raceId: string) =>
  run<Omit<QueueRow, 'firstName' | 'lastName'>>(EXPIRE_OVERDUE, [raceId]);

const OFFER_FROM_NOW: Statement = {
  name: 'waitlist_offer_from_now',
  text: `update waitlist_entries w set offer_expires_at = greatest(offer_expires_at,
      now() + make_interval(hours => (select waitlist_offer_hours from events e where e.id = w.event_id)))
    where id = $1::uuid and status = 'offered'`,
};

/** An offer's time counts from when its text went, when that was later than the offer. */
export async function offerFromNow(run: RunStatement, id: string) {
  await run(OFFER_FROM_NOW, [id]);
}

export interface QueueRow {
  id: string;
  reference: string;
  firstName: string;
  lastName: string;
  /** None where the person gave none: he hears of his offer by text alone. */
  email: string | null;
  mobile: string;
  age: number;
  guardianMobile: string | null;
  notifyBy: NotifyBy;
}

const NEXT_WAITING: Statement = {
  name: 'waitlist_next_waiting',
  text: `select id, reference, first_name as "firstName", last_name as "lastName", email, ${TEXTED_COLUMNS}
    from waitlist_entries where race_option_id = $1::uuid and status = 'waiting'
    order by created_at, reference limit $2::integer`,
};

export const nextWaiting = (run: RunStatement, raceId: string, limit: number) =>
  run<QueueRow>(NEXT_WAITING, [raceId, limit]);

const MARK_OFFERED: Statement = {
  name: 'waitlist_mark_offered',
  text: `update waitlist_entries set status = 'offered', offer_token_digest = $2, offered_at = now(),
      offer_expires_at = now() + make_interval(hours => $3::integer)
    where id = $1::uuid and status = 'waiting' returning offer_expires_at as "expiresAt"`,
};

export async function markOffered(run: RunStatement, id: string, digest: string, hours: number) {
  const [row] = await run<{ expiresAt: Date | string }>(MARK_OFFERED, [id, digest, hours]);
  return row ? new Date(row.expiresAt) : undefined;
}

/** The person waiting, as the form gave them, and the race they wait for. */
interface WaitingPerson {
  eventId: string;
  discipline: Discipline;
  raceOptionId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  mobile: string;
  nextOfKinMobile: string;
  age: number;
  gender: string | null;
  tshirtSize: string;
  termsVersion: number;
  guardianName: string | null;
  guardianMobile: string | null;
  listedInSearch: boolean;
  requestDigest: string | null;
  notifyBy: NotifyBy;
}

export interface NewWaitlistEntry extends WaitingPerson {
  privacyVersion: number;
  guardianConsentedAt: Date | null;
  idempotencyKey: string | null;
}

/** Numbered by its own sequence under the event's prefix: CFR25-W0007. */
const INSERT_ENTRY: Statement = {
  name: 'waitlist_insert_entry',
  text: `insert into waitlist_entries (event_id, discipline, race_option_id, reference, first_name, last_name,
      email, mobile, next_of_kin_mobile, age, gender, tshirt_size, terms_version, consented_at, listed_in_search,
      idempotency_key, request_digest, privacy_version, guardian_name, guardian_mobile, guardian_consented_at,
      notify_by)
    select $1::uuid, $2::discipline, $3::uuid,
      (select $4 || '-W' || lpad(n, greatest(4, length(n)), '0')
        from (select nextval('waitlist_number_seq')::text as n) as numbered),
      $5, $6, $7, $8, $9, $10::smallint, $11, $12, $13::integer, now(), $14::boolean, $15, $16, $17::integer,
      $18, $19, $20::timestamptz, $21
    on conflict (idempotency_key) do nothing
    returning id`,
};

export async function insertEntry(run: RunStatement, entry: NewWaitlistEntry, prefix: string) {
  const [row] = await run<{ id: string }>(INSERT_ENTRY, [
    entry.eventId,
    entry.discipline,
    entry.raceOptionId,
    prefix,
    entry.firstName,
    entry.lastName,
    entry.email,
    entry.mobile,
    entry.nextOfKinMobile,
    entry.age,
    entry.gender,
    entry.tshirtSize,
    entry.termsVersion,
    entry.listedInSearch,
    entry.idempotencyKey,
    entry.requestDigest,
    entry.privacyVersion,
    entry.guardianName,
    entry.guardianMobile,
    entry.guardianConsentedAt?.toISOString() ?? null,
    entry.notifyBy,
  ]);
  return row?.id;
}

export interface EntryRow extends WaitingPerson {
  id: string;
  raceType: string;
  reference: string;
  privacyVersion: number | null;
  guardianConsentedAt: Date | string | null;
  status: WaitlistStatus;
  offerExpiresAt: Date | string | null;
  registrationReference: string | null;
  createdAt: Date | string;
  /** Place in the queue among those waiting or offered (null for the others). */
  position: number | null;
}

const ENTRY_COLUMNS = `w.id, w.event_id as "eventId", w.race_option_id as "raceOptionId", w.discipline,
  r.label as "raceType", w.reference, w.first_name as "firstName", w.last_name as "lastName", w.email, w.mobile,
  w.next_of_kin_mobile as "nextOfKinMobile", w.age, w.gender, w.tshirt_size as "tshirtSize",
  w.terms_version as "termsVersion", w.privacy_version as "privacyVersion", w.guardian_name as "guardianName",
  w.guardian_mobile as "guardianMobile", w.guardian_consented_at as "guardianConsentedAt",
  w.listed_in_search as "listedInSearch", w.request_digest as "requestDigest", w.notify_by as "notifyBy",
  w.status, w.offer_expires_at as "offerExpiresAt", g.reference as "registrationReference",
  w.created_at as "createdAt",
  case when w.status in ('waiting', 'offered') then
    (select count(*)::integer from waitlist_entries q where q.race_option_id = w.race_option_id
      and q.status in ('waiting', 'offered') and (q.created_at, q.reference) <= (w.created_at, w.reference))
  end as position`;
const ENTRY_FROM = `from waitlist_entries w join race_options r on r.id = w.race_option_id
  left join registrations g on g.id = w.registration_id`;

const ENTRY_BY_ID: Statement = {
  name: 'waitlist_entry_by_id',
  text: `select ${ENTRY_COLUMNS} ${ENTRY_FROM} where w.id = $1::uuid`,
};
const ENTRY_BY_KEY: Statement = {
  name: 'waitlist_entry_by_key',
  text: `select ${ENTRY_COLUMNS} ${ENTRY_FROM} where w.idempotency_key = $1`,
};
const ENTRY_BY_OFFER: Statement = {
  name: 'waitlist_entry_by_offer',
  text: `select ${ENTRY_COLUMNS} ${ENTRY_FROM} where w.offer_token_digest = $1`,
};

export const entryById = async (run: RunStatement, id: string) => (await run<EntryRow>(ENTRY_BY_ID, [id]))[0];
export const entryByKey = async (run: RunStatement, key: string) =>
  (await run<EntryRow>(ENTRY_BY_KEY, [key]))[0];
export const entryByOffer = async (run: RunStatement, digest: string) =>
  (await run<EntryRow>(ENTRY_BY_OFFER, [digest]))[0];

const LOCK_ENTRY: Statement = {
  name: 'waitlist_lock_entry',
  text: `select id from waitlist_entries where id = $1::uuid for update`,
};
export async function lockEntry(run: RunStatement, id: string) {
  await run(LOCK_ENTRY, [id]);
}

const SET_STATUS: Statement = {
  name: 'waitlist_set_status',
  text: `update waitlist_entries set status = $2::waitlist_status,
      registration_id = coalesce($3::uuid, registration_id) where id = $1::uuid`,
};
export async function setStatus(
  run: RunStatement,
  id: string,
  status: WaitlistStatus,
  registrationId: string | null = null,
) {
  await run(SET_STATUS, [id, status, registrationId]);
}

const RACES_TO_SETTLE: Statement = {
  name: 'waitlist_races_to_settle',
  text: `select distinct race_option_id as id from waitlist_entries
    where status = 'waiting' or (status = 'offered' and offer_expires_at <= now())`,
};
/** Races whose queue may need work: an offer ran out, or someone waits (a place may have freed elsewhere). */
export const racesToSettle = async (run: RunStatement) =>
  (await run<{ id: string }>(RACES_TO_SETTLE, [])).map((row) => row.id);

const LIST_RACES: Statement = {
  name: 'waitlist_list_races',
  text: `select r.id, r.discipline, r.label, r.capacity,
      ${activeEntriesOfRace('r.id')} as taken
    from race_options r where r.event_id = $1::uuid order by r.discipline, r.sort_order, r.label`,
};
const LIST_ENTRIES: Statement = {
  name: 'waitlist_list_entries',
  text: `select ${ENTRY_COLUMNS} ${ENTRY_FROM} where w.event_id = $1::uuid
    order by (w.status in ('waiting', 'offered')) desc, w.created_at, w.reference`,
};

export async function listWaitlist(run: RunStatement, eventId: string) {
  const [races, entries] = [
    await run<{ id: string; discipline: Discipline; label: string; capacity: number | null; taken: number }>(
      LIST_RACES,
      [eventId],
    ),
    await run<EntryRow>(LIST_ENTRIES, [eventId]),
  ];
  return { races, entries };
}
