import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { events, raceOptions } from './events.ts';
import { registrations } from './registrations.ts';

/**
 * Entries registered at the check-in table on the event day (issue 37): who took each, when, from which phone,
 * and whether it was registered over its race's capacity (sent from a phone that was offline).
 */
export const walkUps = pgTable(
  'walk_ups',
  {
    registrationId: uuid('registration_id')
      .primaryKey()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    deviceId: text('device_id'),
    takenById: text('taken_by_id').references(() => user.id, { onDelete: 'set null' }),
    takenByName: text('taken_by_name').notNull(),
    /** When the volunteer took it, by the phone's clock; recordedAt is when the server heard of it. */
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    offline: boolean('offline').notNull(),
    overCapacity: boolean('over_capacity').notNull().default(false),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('walk_ups_over_capacity').on(table.eventId).where(sql`${table.overCapacity}`)],
);

/**
 * Walk-ups nobody registered: another active entry had the person's name and email in the discipline. Kept
 * apart for an admin to look at, never merged; the form's data is dropped once the admin marks it done.
 */
export const walkUpClashes = pgTable(
  'walk_up_clashes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    requestDigest: text('request_digest').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    raceOptionId: uuid('race_option_id').references(() => raceOptions.id, { onDelete: 'set null' }),
    clashingRegistrationId: uuid('clashing_registration_id').references(() => registrations.id, {
      onDelete: 'set null',
    }),
    clashingReference: text('clashing_reference').notNull(),
    /** The form as the volunteer sent it, until the clash is done. */
    submitted: jsonb('submitted'),
    takenById: text('taken_by_id').references(() => user.id, { onDelete: 'set null' }),
    takenByName: text('taken_by_name').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: text('done_by'),
  },
  (table) => [index('walk_up_clashes_open').on(table.eventId).where(sql`${table.doneAt} is null`)],
);
