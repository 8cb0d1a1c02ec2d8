import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.ts';
import { registrations } from './registrations.ts';

export const resultStatusEnum = pgEnum('result_status', ['finished', 'dnf', 'dns', 'dq']);

/**
 * An entry's result (issue 41), from the timer's file or the finish line: preliminary until the admin
 * publishes the edition's results (events.results_published_at); a correction after is in the entry's history.
 */
export const results = pgTable(
  'results',
  {
    registrationId: uuid('registration_id')
      .primaryKey()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    status: resultStatusEnum('status').notNull(),
    /** The finish time in milliseconds (gun or chip, as the timer gave it); null unless finished. */
    timeMs: integer('time_ms'),
    /** The place the timer's file gave, if any: it orders equal times (a photo finish). */
    timerPlace: integer('timer_place'),
    source: text('source', { enum: ['import', 'finish-line', 'admin'] }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the finisher was told his result (text or mail) on publishing: never twice, whatever is republished. */
    toldAt: timestamp('told_at', { withTimezone: true }),
  },
  (table) => [index('results_event').on(table.eventId)],
);
