import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, like, or, sql } from 'drizzle-orm';
import type { Discipline } from '../../../shared/events/event.ts';
import { ADULT_AGE } from '../../../shared/registrations/guardian.ts';
import type { Database, RunStatement, Statement, Transaction } from '../../db/client.ts';
import { namedParameters } from '../../db/named-parameters.ts';
import { entryLinks, raceOptions, registrations } from '../../db/schema/index.ts';
import { statementsOn } from '../../db/statements-on.ts';
import { teamCode } from '../../db/team-code.ts';
import { type OutgoingMail, publicActionRoomSql } from '../../mail/repository.ts';
import { CONFIRMATION_KIND } from './confirmation-mail.ts';
import {
  activeEntry,
  activeEntryIn,
  activeInEvent,
  entrantFields,
  entryFeeZwg,
  entryFeeZwgIn,
  entryZwgRate,
  entryZwgRateDate,
  entryZwgRateDateIn,
  entryZwgRateIn,
  paymentAgainstFee,
  placesHeldInRace,
  samePersonContact,
} from './queries.ts';

export type NewRegistration = Omit<typeof registrations.$inferInsert, 'reference'>;

const receiptColumns = {
  id: registrations.id,
  reference: registrations.reference,
  discipline: registrations.discipline,
  raceType: raceOptions.label,
  startTime: raceOptions.startTime,
  feeUsd: raceOptions.feeUsd,
  feeZwg: entryFeeZwg,
  zwgRate: entryZwgRate,
  zwgRateDate: entryZwgRateDate,
  email: registrations.email,
  firstName: registrations.firstName,
  mobile: registrations.mobile,
  age: registrations.age,
  guardianMobile: registrations.guardianMobile,
  notifyBy: registrations.notifyBy,
  requestDigest: registrations.requestDigest,
  paymentStatus: registrations.paymentStatus,
  checkInCode: registrations.checkInCode,
};

export async function findByIdempotencyKey(db: Database, key: string) {
  const [row] = await db
    .select(receiptColumns)
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(eq(registrations.idempotencyKey, key))
    .limit(1);
  return row;
}

export async function findReceiptById(db: Database, id: string) {
  const [row] = await db
    .select(receiptColumns)
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(eq(registrations.id, id));
  return row;
}

/**
 * The active entry that is the same person's: the same names and email, or where either has no email the
 * same mobile and an age within a year (the trigger same_person_by_mobile's rule, which refused the insert).
 */
export async function findActiveSamePerson(
  db: Database,
  person: {
    eventId: string;
    discipline: Discipline;
    firstName: string;
    lastName: string;
    email?: string | null;
    mobile: string;
    age: number;
  },
) {
  const [row] = await db
    .select(receiptColumns)
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(
      and(
        eq(registrations.eventId, person.eventId),
        eq(registrations.discipline, person.discipline),
        activeEntry,
        sql`lower(${registrations.firstName}) = lower(${person.firstName})`,
        sql`lower(${registrations.lastName}) = lower(${person.lastName})`,
        samePersonContact(registrations, person),
      ),
    )
    .limit(1);
  return row;
}

/** Claims the right to send an entry's confirmation again: true at most once per `minutes`. */
export async function claimConfirmationResend(db: Database, registrationId: string, minutes: number) {
  const claimed = await db
    .update(registrations)
    .set({ confirmationResentAt: sql`now()` })
    .where(
      and(
        eq(registrations.id, registrationId),
        sql`(${registrations.confirmationResentAt} is null
          or ${registrations.confirmationResentAt} < now() - make_interval(mins => ${minutes}))`,
      ),
    )
    .returning({ id: registrations.id });
  return claimed.length > 0;
}

/** Stands for the reference in a mail written before the database has numbered the entry. */
export const REFERENCE_PLACEHOLDER = `[reference-${randomUUID()}]`;

/** The insert's parameters, by name (each is the `$n` of its place in this list). */
export const ENTRY_PARAMETERS = [
  'eventId',
  'discipline',
  'raceOptionId',
  'referencePrefix',
  'firstName',
  'lastName',
  'email',
  'mobile',
  'nextOfKinMobile',
  'age',
  'gender',
  'tshirtSize',
  'termsVersion',
  'consentedAt',
  'idempotencyKey',
  'companyAccountId',
  'requestDigest',
  'listedInSearch',
  'showInResults',
  'checkInCode',
  'privacyVersion',
  'guardianName',
  'guardianMobile',
  'guardianConsentedAt',
  'notifyBy',
  'quotedAt',
  'quoteUsd',
  'quoteZwg',
  'quoteRate',
  'quoteRateDate',
  'revision',
  'mailTo',
  'mailSubject',
  'mailText',
  'referencePlaceholder',
  'publicAction',
  'mailWanted',
  'linkDigest',
  'attachments',
] as const;
const entry = namedParameters(ENTRY_PARAMETERS);
const { $ } = entry;

/**
 * Each column the insert sets, by its name in the schema, with the SQL of its value. The reference is numbered
 * by the sequence: CFR25-0042, and on past 9999 CFR25-10000. The check-in code is made by the caller, not by
 * the column's default, because the mail's QR code carries it.
 */
const ENTRY_VALUES = {
  eventId: `${$.eventId}::uuid`,
  discipline: `${$.discipline}::discipline`,
  raceOptionId: `${$.raceOptionId}::uuid`,
  reference: `(select ${$.referencePrefix} || '-' || lpad(n, greatest(4, length(n)), '0')
    from (select nextval('registration_number_seq')::text as n) as numbered)`,
  firstName: $.firstName,
  lastName: $.lastName,
  email: $.email,
  mobile: $.mobile,
  nextOfKinMobile: $.nextOfKinMobile,
  age: `${$.age}::smallint`,
  gender: $.gender,
  tshirtSize: $.tshirtSize,
  termsVersion: `${$.termsVersion}::integer`,
  consentedAt: `${$.consentedAt}::timestamptz`,
  idempotencyKey: $.idempotencyKey,
  companyAccountId: $.companyAccountId,
  requestDigest: $.requestDigest,
  listedInSearch: `${$.listedInSearch}::boolean`,
  showInResults: `${$.showInResults}::boolean`,
  notifyBy: $.notifyBy,
  checkInCode: $.checkInCode,
  privacyVersion: `${$.privacyVersion}::integer`,
  guardianName: $.guardianName,
  guardianMobile: $.guardianMobile,
  guardianConsentedAt: `${$.guardianConsentedAt}::timestamptz`,
  quotedAt: `${$.quotedAt}::timestamptz`,
  quoteUsd: `${$.quoteUsd}::numeric`,
  quoteZwg: `${$.quoteZwg}::numeric`,
  quoteRate: `${$.quoteRate}::numeric`,
  quoteRateDate: `${$.quoteRateDate}::date`,
} satisfies Partial<Record<keyof NewRegistration | 'reference', string>>;
/** The entry's columns that take a parameter as it is, by the parameter's name (the reference is made). */
export const ENTRY_COLUMNS = Object.fromEntries(
  (Object.keys(ENTRY_VALUES) as (keyof typeof ENTRY_VALUES)[])
    .filter((key) => key !== 'reference')
    .map((key) => [key, registrations[key].name]),
) as Record<string, string>;
const entryColumns = (Object.keys(ENTRY_VALUES) as (keyof typeof ENTRY_VALUES)[]).map(
  (key) => registrations[key].name,
);

/**
 * The entry and its confirmation mail in one statement (one round trip, atomic on its own), written only
 * while the event is still at the revision the caller read. The mail's texts carry a placeholder for the
 * reference. A mail set off by a public action is left out when its address is over the public actions'
 * limit (the statement takes the address's lock: see publicActionRoomSql); any other (an accepted waitlist
 * offer's) always goes.
 * The entry's private link (a digest: the token itself is only in the mail) is kept with it.
 */
export const INSERT_REGISTRATION_WITH_MAIL: Statement = {
  name: 'insert_registration_with_mail',
  text: `
    with inserted as (
      insert into registrations (${entryColumns.join(', ')})
      select ${Object.values(ENTRY_VALUES).join(', ')}
      where exists (select 1 from events where id = ${$.eventId}::uuid and revision = ${$.revision}::integer)
      on conflict (idempotency_key) do nothing
      returning id, reference
    ),
    link as (
      insert into entry_links (token_digest, registration_id) select ${$.linkDigest}, id from inserted
    ),
    mail as (
      insert into mail_outbox ("to", kind, subject, text, attachments, public_action)
      select ${$.mailTo}, '${CONFIRMATION_KIND}', replace(${$.mailSubject}, ${$.referencePlaceholder}, reference),
        replace(${$.mailText}, ${$.referencePlaceholder}, reference), ${$.attachments}::jsonb, ${$.publicAction}::boolean
      from inserted
      where ${$.mailWanted}::boolean and case when ${$.publicAction}::boolean then ${publicActionRoomSql($.mailTo)} else true end
    )
    select (select id from inserted) as id, (select reference from inserted) as reference,
      exists (select 1 from events where id = ${$.eventId}::uuid and revision = ${$.revision}::integer) as current`,
};

export type InsertOutcome =
  | { kind: 'inserted'; id: string; reference: string }
  /** An entry with the same Idempotency-Key exists already. */
  | { kind: 'duplicate-key' }
  /** The event changed since the caller read it (its revision moved): nothing was written. */
  | { kind: 'outdated-event' };

export async function insertRegistrationWithMail(
  run: RunStatement,
  values: NewRegistration,
  event: { referencePrefix: string; revision: number },
  /** None for an entrant without email. */
  mail: OutgoingMail | null,
  linkDigest: string,
  /** False when the entrant asked for a text alone: the caller mails him only if the text cannot go. */
  mailWanted = true,
): Promise<InsertOutcome> {
  const [row] = await run<{ id: string | null; reference: string | null; current: boolean }>(
    INSERT_REGISTRATION_WITH_MAIL,
    entry.values({
      eventId: values.eventId,
      discipline: values.discipline,
      raceOptionId: values.raceOptionId,
      referencePrefix: event.referencePrefix,
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      mobile: values.mobile,
      nextOfKinMobile: values.nextOfKinMobile,
      age: values.age,
      gender: values.gender ?? null,
      tshirtSize: values.tshirtSize,
      termsVersion: values.termsVersion,
      consentedAt: values.consentedAt.toISOString(),
      idempotencyKey: values.idempotencyKey ?? null,
      companyAccountId: values.companyAccountId ?? null,
      requestDigest: values.requestDigest ?? null,
      listedInSearch: values.listedInSearch ?? false,
      showInResults: values.showInResults ?? true,
      notifyBy: values.notifyBy ?? 'email',
      checkInCode: values.checkInCode,
      privacyVersion: values.privacyVersion ?? null,
      guardianName: values.guardianName ?? null,
      guardianMobile: values.guardianMobile ?? null,
      guardianConsentedAt: values.guardianConsentedAt?.toISOString() ?? null,
      quotedAt: values.quotedAt?.toISOString() ?? null,
      quoteUsd: values.quoteUsd ?? null,
      quoteZwg: values.quoteZwg ?? null,
      quoteRate: values.quoteRate ?? null,
      quoteRateDate: values.quoteRateDate ?? null,
      revision: event.revision,
      mailTo: mail?.to ?? null,
      mailSubject: mail?.subject ?? null,
      mailText: mail?.text ?? null,
      referencePlaceholder: REFERENCE_PLACEHOLDER,
      publicAction: mail?.publicAction ?? false,
      mailWanted: mailWanted && mail !== null,
      linkDigest,
      attachments: JSON.stringify(mail?.attachments ?? null),
    }),
  );
  if (row?.id && row.reference) return { kind: 'inserted', id: row.id, reference: row.reference };
  return row?.current ? { kind: 'duplicate-key' } : { kind: 'outdated-event' };
}

const LOCK_RACE: Statement = {
  name: 'lock_race',
  text: 'select id from race_options where id = $1::uuid for update',
};
// A statement of its own after the lock: its snapshot then sees every entry committed before the lock was ours.
const COUNT_PLACES_HELD: Statement = {
  name: 'count_places_held_in_race',
  text: `select ${placesHeldInRace('$1::uuid')} as taken`,
};

/** The places held in a race (see placesHeldInRace), inside a transaction that locked it. */
export async function countPlacesHeld(tx: Transaction, raceOptionId: string) {
  const [row] = await statementsOn(tx)<{ taken: number }>(COUNT_PLACES_HELD, [raceOptionId]);
  return Number(row?.taken ?? 0);
}

/**
 * Inside a transaction: locks the race's row (capacity checks on it then run one at a time) and counts the
 * places held in it (entries, offers, people waiting).
 */
export async function lockRaceAndCountEntries(run: RunStatement, raceOptionId: string) {
  await run(LOCK_RACE, [raceOptionId]);
  const [row] = await run<{ taken: number }>(COUNT_PLACES_HELD, [raceOptionId]);
  return row?.taken ?? 0;
}

/**
 * Names, discipline and race only: this answers the public search. It matches the start of the first name,
 * of the surname or of any later word of either, and only entrants who chose to be listed, never a minor
 * (whatever was chosen: an entry's age may have been corrected since).
 */
export async function searchByName(db: Database, eventId: string, text: string, limit: number) {
  const start = `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({
      firstName: registrations.firstName,
      lastName: registrations.lastName,
      discipline: registrations.discipline,
      raceType: raceOptions.label,
    })
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(
      and(
        activeInEvent(eventId),
        eq(registrations.listedInSearch, true),
        gte(registrations.age, ADULT_AGE),
        // Lower-cased by PostgreSQL, as the stored name was, so both sides fold case the same way.
        or(
          like(registrations.nameText, sql`lower(${start})`),
          like(registrations.nameText, sql`lower(${`% ${start}`})`),
        ),
      ),
    )
    .orderBy(asc(registrations.lastName), asc(registrations.firstName))
    .limit(limit);
}

/** A company's own active entries (or the one with this id), oldest first, with each race's fees. */
export async function listTeamEntries(db: Database, eventId: string, companyAccountId: string, id?: string) {
  const rows = await db
    .select({
      id: registrations.id,
      reference: registrations.reference,
      ...entrantFields(registrations),
      guardianConsentedAt: registrations.guardianConsentedAt,
      listedInSearch: registrations.listedInSearch,
      showInResults: registrations.showInResults,
      teamCode,
      discipline: registrations.discipline,
      raceType: raceOptions.label,
      ...paymentAgainstFee,
      createdAt: registrations.createdAt,
    })
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(
      and(
        activeInEvent(eventId),
        eq(registrations.companyAccountId, companyAccountId),
        id === undefined ? undefined : eq(registrations.id, id),
      ),
    )
    .orderBy(asc(registrations.createdAt), asc(registrations.reference));
  return rows.map((row) => ({
    ...row,
    guardianConsentedAt: row.guardianConsentedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Keeps a private link to an entry (its token's digest). */
export async function insertEntryLink(db: Database | Transaction, registrationId: string, digest: string) {
  await db.insert(entryLinks).values({ tokenDigest: digest, registrationId });
}

const KEEP_SHORT_ENTRY_LINK: Statement = {
  name: 'keep_short_entry_link',
  text: 'insert into entry_links (token_digest, registration_id, short) values ($1, $2::uuid, true)',
};

/**
 * Keeps a text message's short link (/m/<code>) to an entry, inside the caller's transaction (a RunStatement,
 * or a Drizzle transaction): it opens the entry until its edition is over.
 */
export async function keepShortEntryLink(
  run: RunStatement | Transaction,
  registrationId: string,
  digest: string,
) {
  const runStatement = typeof run === 'function' ? run : statementsOn(run);
  await runStatement(KEEP_SHORT_ENTRY_LINK, [digest, registrationId]);
}

const INSERT_GROUP: Statement = {
  name: 'insert_registration_group',
  // Any conflict skips it: the Idempotency-Key used already, or (rarely) the random code taken in the event.
  text: `insert into registration_groups (event_id, code, idempotency_key, request_digest)
    values ($1::uuid, $2, $3, $4) on conflict do nothing returning id`,
};

/** A new group of entries, in the caller's transaction; undefined when its key or its code is taken. */
export async function insertGroup(
  run: RunStatement,
  group: { eventId: string; code: string; idempotencyKey: string | null; requestDigest: string | null },
) {
  const [row] = await run<{ id: string }>(INSERT_GROUP, [
    group.eventId,
    group.code,
    group.idempotencyKey,
    group.requestDigest,
  ]);
  return row?.id;
}

const JOIN_GROUP: Statement = {
  name: 'join_registration_group',
  text: 'update registrations set group_id = $1::uuid where id = any($2::uuid[])',
};

/** Puts the entries just registered by a group form into its group. */
export async function joinGroup(run: RunStatement, groupId: string, entryIds: string[]) {
  await run(JOIN_GROUP, [groupId, entryIds]);
}

const GROUP_BY_KEY: Statement = {
  name: 'registration_group_by_key',
  text: `select g.id, g.code, g.request_digest as "requestDigest", e.reference_prefix as "referencePrefix"
    from registration_groups g join events e on e.id = g.event_id where g.idempotency_key = $1`,
};

export async function findGroupByIdempotencyKey(run: RunStatement, key: string) {
  const [row] = await run<{
    id: string;
    code: string;
    requestDigest: string | null;
    referencePrefix: string;
  }>(GROUP_BY_KEY, [key]);
  return row;
}

/**
 * A group's active entries in form order (their references were numbered in it), with what each has paid
 * against its race's fee.
 */
const GROUP_MEMBERS: Statement = {
  name: 'registration_group_members',
  text: `select r.id, r.reference, r.first_name as "firstName", r.last_name as "lastName", r.discipline,
      o.label as "raceType", o.fee_usd as "feeUsd", ${entryFeeZwgIn('r', 'o')} as "feeZwg", r.payment_status as "paymentStatus",
      r.payment_amount as "paymentAmount", r.payment_currency as "paymentCurrency",
      ${entryZwgRateIn('r')} as "zwgRate", ${entryZwgRateDateIn('r')} as "zwgRateDate"
    from registrations r join race_options o on o.id = r.race_option_id
    where r.group_id = $1::uuid and ${activeEntryIn('r')}
    order by length(r.reference), r.reference`,
};

export interface GroupMemberRow {
  id: string;
  reference: string;
  firstName: string;
  lastName: string;
  discipline: Discipline;
  raceType: string;
  feeUsd: string | null;
  feeZwg: string | null;
  paymentStatus: 'unpaid' | 'part_paid' | 'paid' | 'waived';
  paymentAmount: string | null;
  paymentCurrency: 'USD' | 'ZWG' | null;
  zwgRate: string | null;
  zwgRateDate: string | null;
}

export const listGroupMembers = (run: RunStatement, groupId: string) =>
  run<GroupMemberRow>(GROUP_MEMBERS, [groupId]);

const WAITLISTED_BY_KEYS: Statement = {
  name: 'registration_group_waitlisted',
  text: `select w.first_name as "firstName", w.last_name as "lastName", o.label as "raceType"
    from waitlist_entries w join race_options o on o.id = w.race_option_id
    where w.idempotency_key like $1 escape '\\' order by w.idempotency_key`,
};

/** The people a group form put on waitlists (their places' keys are the group's key and a suffix). */
export const listGroupWaitlisted = (run: RunStatement, groupKey: string) =>
  run<{ firstName: string; lastName: string; raceType: string }>(WAITLISTED_BY_KEYS, [
    `${groupKey.replace(/[\\%_]/g, (c) => `\\${c}`)}#%`,
  ]);
