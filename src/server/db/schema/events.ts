import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PaymentOptions, TshirtSizes } from '../../../shared/events/event.ts';
import type { OnlinePaymentSettings } from '../../../shared/payments/online-payment-settings.ts';
import type { SmsSettings } from '../../../shared/sms/sms-settings.ts';

export const disciplineEnum = pgEnum('discipline', ['run', 'cycle']);

export const events = pgTable('events', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  isCurrent: boolean('is_current').notNull().default(false),
  year: integer('year').notNull(),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull(),
  greeting: text('greeting').notNull(),
  contactPhone: text('contact_phone').notNull(),
  referencePrefix: text('reference_prefix').notNull(),
  /** Base path of the uploaded photo's sizes (…-640.webp, …-1280.avif); null = the built-in photo. */
  backgroundImage: text('background_image'),
  backgroundAlt: text('background_alt').notNull().default('A road through hills at sunrise'),
  logoImage: text('logo_image'),
  /** What the landing page says about the fun run, as the admin wrote it (Markdown, raw HTML off). */
  descriptionMarkdown: text('description_markdown').notNull().default(''),
  /** The same, rendered and sanitised on the server when saved: all that the pages show of it. */
  descriptionHtml: text('description_html').notNull().default(''),
  termsText: text('terms_text').notNull(),
  termsVersion: integer('terms_version').notNull().default(1),
  registrationClosesAt: timestamp('registration_closes_at', { withTimezone: true }),
  /** The day of the event (Harare), shown on the landing page; null until the organisers set it. */
  eventDate: date('event_date'),
  venue: text('venue').notNull().default(''),
  /** The last day (Harare) an entrant may change the T-shirt size from "My registration"; null: no limit. */
  tshirtChangesUntil: date('tshirt_changes_until'),
  /** Whether an entrant may give his place to someone else from /My (issue 36). */
  transfersAllowed: boolean('transfers_allowed').notNull().default(true),
  /** The last day (Harare) a place may be given to someone; null: while registration is open. */
  transfersUntil: date('transfers_until'),
  /** What a completed transfer adds to what the entry owes, in each currency (0: nothing). */
  transferFeeUsd: numeric('transfer_fee_usd', { precision: 12, scale: 2 }).notNull().default('0'),
  transferFeeZwg: numeric('transfer_fee_zwg', { precision: 12, scale: 2 }).notNull().default('0'),
  /** How long a waitlist offer holds before it passes to the next person waiting. */
  waitlistOfferHours: integer('waitlist_offer_hours').notNull().default(48),
  /** How many bib numbers per race a phone prepared for race morning keeps for walk-ups (issue 37). */
  walkUpBibBlock: integer('walk_up_bib_block').notNull().default(20),
  /**
   * Null while the edition is a draft: the public sees "Registration opens soon" until an admin publishes it,
   * which needs its date, venue, fees, closing time, ways to pay, terms and privacy notice.
   */
  publishedAt: timestamp('published_at', { withTimezone: true }),
  /** When the admin published the edition's results (issue 41); null: preliminary, seen by organisers only. */
  resultsPublishedAt: timestamp('results_published_at', { withTimezone: true }),
  /** Where the race's photos are (http/https), linked from the landing page after the race; null: none. */
  photosUrl: text('photos_url'),
  /** Set when a new edition took over: the event is kept, read-only, for its lists and exports. */
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  payment: jsonb('payment').$type<PaymentOptions>().notNull(),
  tshirtSizes: jsonb('tshirt_sizes').$type<TshirtSizes>().notNull(),
  /** Paynow (issue 16): null until an admin sets it up. */
  onlinePayment: jsonb('online_payment').$type<OnlinePaymentSettings>(),
  /** The Paynow integration key, encrypted with a key derived from the server's secret; never sent out. */
  paynowKeyEncrypted: text('paynow_key_encrypted'),
  /** Text messages through txt.co.zw (issue 35): null until an admin sets them up. */
  sms: jsonb('sms').$type<SmsSettings>(),
  /** The txt.co.zw REMOTE user's password, encrypted as the Paynow key is; never sent out. */
  smsPasswordEncrypted: text('sms_password_encrypted'),
  /**
   * Issue 42 §1: ZWG fees follow each race's USD fee at the official rate the admin typed (rounded down to
   * zwgRoundTo ZWG), instead of the races' fixed ZWG fees. Off for editions made before it; a new edition turns
   * it on. The rate is ZWG per USD as the Reserve Bank published it on zwgRateDate, its mid or selling rate.
   */
  zwgFollowsRate: boolean('zwg_follows_rate').notNull().default(false),
  zwgRate: numeric('zwg_rate', { precision: 12, scale: 4 }),
  zwgRateDate: date('zwg_rate_date'),
  zwgRateKind: text('zwg_rate_kind', { enum: ['mid', 'selling'] })
    .notNull()
    .default('selling'),
  zwgRoundTo: integer('zwg_round_to').notNull().default(1),
  /** An entry's quoted ZWG fee is what it owes for this many days after it was quoted, whatever the rate does. */
  quoteHonourDays: integer('quote_honour_days').notNull().default(14),
  /** Unpaid entries are reminded this many days after registering, and this many days before closing. */
  reminderDaysAfter: integer('reminder_days_after').notNull().default(3),
  reminderDaysBeforeClose: integer('reminder_days_before_close').notNull().default(2),
  /** The race pack goes to each entrant this many days before the race (0: never), with what to bring. */
  racePackDaysBefore: integer('race_pack_days_before').notNull().default(3),
  whatToBring: text('what_to_bring')
    .notNull()
    .default('Your QR code (on your phone or printed), water, and comfortable shoes.'),
  /** The last receipt number given in this event: receipts are numbered 1, 2, 3… without gaps. */
  lastReceiptNumber: integer('last_receipt_number').notNull().default(0),
  /** The privacy notice shown at /Privacy (null: the standard notice); its version is raised on every change. */
  privacyText: text('privacy_text'),
  privacyVersion: integer('privacy_version').notNull().default(1),
  /** Retention (issue 18): entries are anonymised this many days after the event day. */
  entryRetentionDays: integer('entry_retention_days').notNull().default(180),
  /** Programme records are deleted this many days after a man leaves or graduates. */
  programmeRetentionDays: integer('programme_retention_days').notNull().default(730),
  /** "The cause" (issue 43): what gifts are for, shown on /Give and beside the registration forms. */
  causeTitle: text('cause_title').notNull().default(''),
  causeText: text('cause_text').notNull().default(''),
  /** Base path of the cause's photo sizes, stored as the background photo is; null: no photo. */
  causeImage: text('cause_image'),
  /** The goal in USD (0: none shown). */
  causeGoalUsd: numeric('cause_goal_usd', { precision: 12, scale: 2 }).notNull().default('0'),
  /** Whether gifts are taken: /Give and "Add a gift" show only while this is on. */
  giftsOpen: boolean('gifts_open').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Raised by a trigger on every change to the event or its races (migration 0006): the registration
   * insert checks it, so the server may keep the event in memory and still never use an outdated one.
   */
  revision: integer('revision').notNull().default(1),
});

/**
 * "Tell me about next year": addresses given with consent on the landing page after the race, mailed once
 * when the next edition is published and then deleted, or deleted by the retention run after 12 months.
 * Insert-only from the public; the same address may be given twice (nobody learns it was there).
 */
export const nextEditionSignups = pgTable(
  'next_edition_signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
    /** The edition whose after-the-race page it was given on: the next one published is mailed about. */
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
  },
  (table) => [index('next_edition_signups_consented_at').on(table.consentedAt)],
);

export const raceOptions = pgTable(
  'race_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    discipline: disciplineEnum('discipline').notNull(),
    label: text('label').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    capacity: integer('capacity'),
    feeUsd: numeric('fee_usd', { precision: 10, scale: 2 }),
    feeZwg: numeric('fee_zwg', { precision: 12, scale: 2 }),
    /** When the race starts on the day, "06:30" (24-hour, Harare); null until set. */
    startTime: text('start_time'),
    /** The race's bib numbers, e.g. 1001–1999, set by the admin before assigning them; null: none yet. */
    bibFrom: integer('bib_from'),
    bibTo: integer('bib_to'),
  },
  (table) => [
    uniqueIndex('race_options_event_discipline_label').on(table.eventId, table.discipline, table.label),
    check(
      'race_options_bib_range',
      sql`(${table.bibFrom} is null and ${table.bibTo} is null) or (${table.bibFrom} between 1 and ${table.bibTo})`,
    ),
  ],
);
