import { sql } from 'drizzle-orm';
import { index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/** Men and facilitators share their fields (the "Be That Man" form); each kind has its own register. */
function personColumns<S extends string>(statuses: readonly [S, ...S[]], initial: S) {
  return {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile').notNull(),
    maritalStatus: text('marital_status', { enum: ['Single', 'Married', 'Divorced', 'Widowed'] }),
    church: text('church'),
    age: smallint('age'),
    address: text('address'),
    status: text('status', { enum: statuses }).notNull().default(initial),
    /** The account this person signs in with, linked by verified email. */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

export const men = pgTable('men', personColumns(['active', 'incomplete'] as const, 'active'), (table) => [
  uniqueIndex('men_email').on(sql`lower(${table.email})`),
  uniqueIndex('men_user').on(table.userId),
  index('men_last_name').on(sql`lower(${table.lastName})`),
]);

export const facilitators = pgTable(
  'facilitators',
  personColumns(['applicant', 'approved', 'declined'] as const, 'applicant'),
  (table) => [
    uniqueIndex('facilitators_email').on(sql`lower(${table.email})`),
    uniqueIndex('facilitators_user').on(table.userId),
    index('facilitators_status').on(table.status),
  ],
);
