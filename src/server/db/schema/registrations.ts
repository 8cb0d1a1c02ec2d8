import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { NOTIFY_BY } from '../../../shared/sms/sms-settings.ts';
import { user } from './auth.ts';
import { disciplineEnum, events, raceOptions } from './events.ts';

/** part_paid: money was recorded, less than the fee at that moment (the balance is still due). */
export const paymentStatusEnum = pgEnum('payment_status', ['unpaid', 'part_paid', 'paid', 'waived']);
export const registrationStatusEnum = pgEnum('registration_status', ['active', 'cancelled']);

/** Numbers behind the human references (CFR25-0042); gaps after a failed insert are harmless. */
export const registrationNumberSeq = pgSequence('registration_number_seq', { startWith: 1 });

/**
 * The entrant and what he agreed to, as an entry and a waitlist place both keep them (accepting an offer copies
 * a place into an entry). A function: each table needs columns of its own.
 */
function entrantColumns() {
  return {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    discipline: disciplineEnum('discipline').notNull(),
    raceOptionId: uuid('race_option_id')
      .notNull()
      .references(() => raceOptions.id),
    reference: text('reference').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Null when the entrant gave none: he chose SMS alone (issue 40), and his mobile is how he is found. */
    email: text('email'),
    mobile: text('mobile').notNull(),
    nextOfKinMobile: text('next_of_kin_mobile').notNull(),
    age: smallint('age').notNull(),
    gender: text('gender'),
    tshirtSize: text('tshirt_size').notNull(),
    termsVersion: integer('terms_version').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    /** The version of the privacy notice the entrant was shown (null: before notices were versioned). */
    privacyVersion: integer('privacy_version'),
    /** For an entrant under 18: the parent or guardian who gave consent, and when. */
    guardianName: text('guardian_name'),
    guardianMobile: text('guardian_mobile'),
    guardianConsentedAt: timestamp('guardian_consented_at', { withTimezone: true }),
    /** "Send my confirmation by": his messages go by SMS, by mail or both (mail too whenever an SMS cannot go). */
    notifyBy: text('notify_by', { enum: NOTIFY_BY }).notNull().default('email'),
    /** Set when retention or an erasure emptied the personal fields; only statistics remain. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
  };
}

/**
 * What makes two entries (or two waitlist places) the same person's: event, discipline, names and email. Where
 * either has no email, the trigger of migration 0035 (same_person_by_mobile) asks for the same mobile, names
 * and an age within a year instead: a son named after his father often shares his phone.
 */
const samePerson = (table: {
  eventId: AnyPgColumn;
  discipline: AnyPgColumn;
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  email: AnyPgColumn;
}) =>
  [
    table.eventId,
    table.discipline,
    sql`lower(${table.firstName})`,
    sql`lower(${table.lastName})`,
    sql`lower(${table.email})`,
  ] as const;

/**
 * Several entrants registered by one form (issue 36): one reference (CFR26-G3F9A2C, the event's prefix, G and
 * the code) pays for all of them. No personal data: an erased member leaves nothing here.
 */
export const registrationGroups = pgTable(
  'registration_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    /** Six hex digits, upper case, random: unique within the event. */
    code: text('code').notNull(),
    /** The form's Idempotency-Key: a retried submit answers this group instead of registering it twice. */
    idempotencyKey: text('idempotency_key').unique(),
    /** A digest of the request that used the key: the same key with another body is refused. */
    requestDigest: text('request_digest'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('registration_groups_event_code').on(table.eventId, table.code)],
);

export const registrations = pgTable(
  'registrations',
  {
    ...entrantColumns(),
    paymentStatus: paymentStatusEnum('payment_status').notNull().default('unpaid'),
    /**
     * The payment as last recorded; the amount is all that was received (a part payment and the balance add
     * up). Every change is also kept in registration_history, and each payment has its receipt.
     */
    paymentMethod: text('payment_method', {
      enum: [
        'usd_bank',
        'zwg_bank',
        'cash',
        'mobile_money',
        'paynow_ecocash',
        'paynow_onemoney',
        'paynow_innbucks',
        'paynow_omari',
        'paynow_web',
        'credit',
      ],
    }),
    paymentAmount: numeric('payment_amount', { precision: 12, scale: 2 }),
    paymentCurrency: text('payment_currency', { enum: ['USD', 'ZWG'] }),
    payerReference: text('payer_reference'),
    paidOn: date('paid_on'),
    waiverReason: text('waiver_reason'),
    /**
     * The fee quoted when the entry registered (or changed race) while ZWG fees followed the official rate:
     * both fees, the rate and its date. Its ZWG fee is what the entry owes while the event honours quotes
     * (registrations/queries.ts, paymentAgainstFee); null: no quote (fixed fees).
     */
    quotedAt: timestamp('quoted_at', { withTimezone: true }),
    quoteUsd: numeric('quote_usd', { precision: 10, scale: 2 }),
    quoteZwg: numeric('quote_zwg', { precision: 12, scale: 2 }),
    quoteRate: numeric('quote_rate', { precision: 12, scale: 4 }),
    quoteRateDate: date('quote_rate_date'),
    status: registrationStatusEnum('status').notNull().default('active'),
    idempotencyKey: text('idempotency_key').unique(),
    /** A digest of the request that used the Idempotency-Key: the same key with another body is refused. */
    requestDigest: text('request_digest'),
    /** The entrant's choice: may his name appear in the public entrant search. */
    listedInSearch: boolean('listed_in_search').notNull().default(false),
    /** "Show my name in published results" (ticked by default); unticked, he is "Runner <bib>" there. */
    showInResults: boolean('show_in_results').notNull().default(true),
    /** Set when the entrant stopped reminders by SMS (the link in every reminder). */
    smsRemindersStoppedAt: timestamp('sms_reminders_stopped_at', { withTimezone: true }),
    /** When the confirmation was last sent again for a duplicate attempt (at most once per 10 minutes). */
    confirmationResentAt: timestamp('confirmation_resent_at', { withTimezone: true }),
    /** The race number on the entrant's bib; never the same twice in an event. */
    bib: integer('bib'),
    /**
     * What the entrant's QR code carries (never personal data): volunteers scan it on /CheckIn. Random, not
     * derived from anything, and only ever shown to the entrant.
     */
    checkInCode: text('check_in_code')
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** Race morning: when and by whom the entrant was checked in, and his T-shirt handed over (null: not yet). */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: text('checked_in_by'),
    tshirtCollectedAt: timestamp('tshirt_collected_at', { withTimezone: true }),
    tshirtCollectedBy: text('tshirt_collected_by'),
    /**
     * When the email last changed after registering (null: as registered); the admin confirming an erasure
     * sees it beside each record, as a recent change is how one person's data could be reached by another.
     */
    emailChangedAt: timestamp('email_changed_at', { withTimezone: true }),
    /** The company account that entered this person as one of its team (none for a public entry). */
    companyAccountId: text('company_account_id').references(() => user.id),
    /** The group form that registered this entry with others (its reference pays for all); null: alone. */
    groupId: uuid('group_id').references((): AnyPgColumn => registrationGroups.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the row last changed, kept by a trigger (registrations_mark_changed) so that every writer is covered:
     * a prepared phone asks for the entries changed since its roster's time (issue 37).
     */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    /** What the public search looks in (names only), lower-cased once at write time instead of on every search. */
    nameText: text('name_text').generatedAlwaysAs(
      (): SQL => sql`lower(${registrations.firstName} || ' ' || ${registrations.lastName})`,
    ),
    /** What the admin's search looks in, lower-cased once at write time. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(${registrations.firstName} || ' ' || ${registrations.lastName} || ' ' || coalesce(${registrations.email}, '') || ' ' || ${registrations.reference} || ' ' || ${registrations.mobile})`,
    ),
  },
  (table) => [
    uniqueIndex('registrations_event_reference').on(table.eventId, table.reference),
    // The same person entering the same discipline twice is refused; a cancelled entry frees the slot.
    uniqueIndex('registrations_same_person')
      .on(...samePerson(table))
      .where(sql`${table.status} = 'active' and ${table.anonymisedAt} is null`),
    index('registrations_race_active').on(table.raceOptionId).where(sql`${table.status} = 'active'`),
    index('registrations_created_at').on(table.createdAt),
    index('registrations_company')
      .on(table.companyAccountId)
      .where(sql`${table.companyAccountId} is not null`),
    uniqueIndex('registrations_event_bib').on(table.eventId, table.bib),
    index('registrations_group').on(table.groupId).where(sql`${table.groupId} is not null`),
    index('registrations_changed_at').on(table.changedAt),
    // The same person without an email (the names too: many entries may share one mobile), and "send me my links"
    // by SMS, find entries by mobile. Cancelled entries too, and the event last: the same-person trigger's query
    // names neither a status nor an indexable event, so that this is the one index that can serve it (migration
    // 0048).
    index('registrations_mobile_names')
      .on(table.mobile, sql`lower(${table.firstName})`, sql`lower(${table.lastName})`, table.eventId)
      .where(sql`${table.anonymisedAt} is null`),
  ],
);

/**
 * A change of an entry's email asked by its private link or its team manager, made only once the link mailed
 * to the new address is followed (only a digest of its token is kept). One per entry: asking again replaces it.
 */
export const emailChanges = pgTable('email_changes', {
  registrationId: uuid('registration_id')
    .primaryKey()
    .references(() => registrations.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  tokenDigest: text('token_digest').notNull().unique(),
  /** Who asked, as the entry's history names them: 'the entrant' or the company account's name. */
  askedBy: text('asked_by').notNull(),
  askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A change of an entry's mobile asked on its private page while the event's texts are on, made only once the
 * code texted to the new number is entered (only a digest of the code is kept). One per entry: asking again
 * replaces it; `tries` wrong codes void it.
 */
export const mobileChanges = pgTable('mobile_changes', {
  registrationId: uuid('registration_id')
    .primaryKey()
    .references(() => registrations.id, { onDelete: 'cascade' }),
  /** E.164 */
  newMobile: text('new_mobile').notNull(),
  codeDigest: text('code_digest').notNull(),
  tries: integer('tries').notNull().default(0),
  askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A place being given to someone else ("Give my place to someone" on /My): the link sent to the new person
 * (only its digest kept), which works once, until expiresAt or until transfers close. One per entry: a new
 * one replaces it; withdrawing or completing deletes it.
 */
export const entryTransfers = pgTable('entry_transfers', {
  registrationId: uuid('registration_id')
    .primaryKey()
    .references(() => registrations.id, { onDelete: 'cascade' }),
  tokenDigest: text('token_digest').notNull().unique(),
  /** Where the link went (an email address or an E.164 mobile), shown to the giver on /My. */
  sentTo: text('sent_to').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * What an entry owes beyond its race's fee (a transfer's fee): added to the fee wherever what it owes is
 * worked out (paymentAgainstFee), never by changing the race's fee.
 */
export const entryCharges = pgTable(
  'entry_charges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ['transfer'] }).notNull(),
    amountUsd: numeric('amount_usd', { precision: 12, scale: 2 }).notNull(),
    amountZwg: numeric('amount_zwg', { precision: 12, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('entry_charges_registration').on(table.registrationId)],
);

/**
 * The private links of "My registration" (/My/<token>): only a digest of each token is kept, so the table
 * cannot be used to open anyone's entry. An entry may have several (each "mail me my link" adds one).
 */
export const entryLinks = pgTable(
  'entry_links',
  {
    tokenDigest: text('token_digest').primaryKey(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    /** A short link of a text message (/m/<code>): it opens nothing once its edition is over. */
    short: boolean('short').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('entry_links_registration').on(table.registrationId)],
);

/**
 * Every tap on /CheckIn, once: a phone that was offline sends its queued taps again with the same keys, and
 * a key already here is answered from the entry as it is, not applied twice.
 */
export const checkInActions = pgTable(
  'check_in_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    action: text('action', {
      enum: ['check-in', 'undo-check-in', 'tshirt-collected', 'undo-tshirt-collected'],
    }).notNull(),
    /** What it did: 'done', or 'already' when someone else had done it first. */
    outcome: text('outcome').notNull(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    /** When the volunteer tapped (on the phone, maybe offline); recordedAt is when the server heard of it. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('check_in_actions_registration').on(table.registrationId, table.id)],
);

export const waitlistStatusEnum = pgEnum('waitlist_status', [
  'waiting',
  'offered',
  'registered',
  'expired',
  'removed',
]);

/** Numbers behind the waitlist references (CFR25-W0007). */
export const waitlistNumberSeq = pgSequence('waitlist_number_seq', { startWith: 1 });

/**
 * People waiting for a place in a full race, first come first served. When a place frees, the first one
 * waiting is offered it by mail (a private link, stored as a digest) until offerExpiresAt; accepting turns
 * the row into a registration inside the race's capacity lock.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    ...entrantColumns(),
    listedInSearch: boolean('listed_in_search').notNull().default(false),
    idempotencyKey: text('idempotency_key').unique(),
    requestDigest: text('request_digest'),
    status: waitlistStatusEnum('status').notNull().default('waiting'),
    offerTokenDigest: text('offer_token_digest').unique(),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    /** The entry made when the offer was accepted. */
    registrationId: uuid('registration_id').references(() => registrations.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('waitlist_event_reference').on(table.eventId, table.reference),
    // The same person waiting twice for the same discipline is refused, as for entries.
    uniqueIndex('waitlist_same_person')
      .on(...samePerson(table))
      .where(sql`${table.status} in ('waiting', 'offered') and ${table.anonymisedAt} is null`),
    index('waitlist_race_queue')
      .on(table.raceOptionId, table.createdAt)
      .where(sql`${table.status} in ('waiting', 'offered')`),
    index('waitlist_mobile_names')
      .on(table.mobile, sql`lower(${table.firstName})`, sql`lower(${table.lastName})`, table.eventId)
      .where(sql`${table.anonymisedAt} is null`),
  ],
);

/** Who changed an entry and when (edits, payments, cancellation), shown as the entry's history. */
export const registrationHistory = pgTable(
  'registration_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    action: text('action', {
      enum: ['edited', 'payment', 'cancelled', 'check-in', 'transferred', 'result'],
    }).notNull(),
    summary: text('summary').notNull(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    /** The admin's name at the time, kept even if the account goes. */
    actorName: text('actor_name'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('registration_history_registration').on(table.registrationId, table.at)],
);

/**
 * Bib numbers a phone prepared for race morning keeps for its walk-ups (issue 37): one block per race, from
 * the top of the race's range. The admin's bib assignment never gives a number of an unreleased block; the
 * numbers a phone did not use return to the race (released) when it syncs after the event.
 */
export const bibBlocks = pgTable(
  'bib_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    raceOptionId: uuid('race_option_id')
      .notNull()
      .references(() => raceOptions.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    bibFrom: integer('bib_from').notNull(),
    bibTo: integer('bib_to').notNull(),
    preparedBy: text('prepared_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (table) => [
    index('bib_blocks_race').on(table.raceOptionId).where(sql`${table.releasedAt} is null`),
    uniqueIndex('bib_blocks_device_race')
      .on(table.raceOptionId, table.deviceId)
      .where(sql`${table.releasedAt} is null`),
  ],
);
