import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What every server process on one PostgreSQL must share and nobody configured: the session secret made on
 * the first start (SESSION_SECRET, when set, wins). Written once, under the migrations' advisory lock.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
