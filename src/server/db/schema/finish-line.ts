import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { events, raceOptions } from './events.ts';

/**
 * The finish line on phones (issue 41): the timing phone's taps, each the instant its clock gave. A race's
 * start is a tap too ('start'), made on the same phone as the finishes, so a phone's clock being off does not
 * change a time. The admin's inserted taps come from the phone 'desk'. (phone_id, seq) makes a phone's queue,
 * sent again after signal returns, add nothing twice; an undone or deleted tap keeps its row (removed_at).
 */
export const finishTaps = pgTable(
  'finish_taps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    raceOptionId: uuid('race_option_id')
      .notNull()
      .references(() => raceOptions.id, { onDelete: 'cascade' }),
    phoneId: text('phone_id').notNull(),
    seq: integer('seq').notNull(),
    kind: text('kind', { enum: ['start', 'finish'] }).notNull(),
    tappedAt: timestamp('tapped_at', { withTimezone: true, precision: 3 }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [
    unique('finish_taps_phone_seq').on(table.phoneId, table.seq),
    index('finish_taps_race').on(table.raceOptionId),
  ],
);

/**
 * The bibs typed at the finish line in finishing order: `enteredAt` (the phone's clock, or between its two
 * neighbours for a bib the admin inserted) orders them.
 */
export const finishBibs = pgTable(
  'finish_bibs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    raceOptionId: uuid('race_option_id')
      .notNull()
      .references(() => raceOptions.id, { onDelete: 'cascade' }),
    phoneId: text('phone_id').notNull(),
    seq: integer('seq').notNull(),
    bib: integer('bib').notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true, precision: 3 }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [
    unique('finish_bibs_phone_seq').on(table.phoneId, table.seq),
    index('finish_bibs_race').on(table.raceOptionId),
  ],
);
