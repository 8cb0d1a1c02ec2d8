import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What every server process on one PostgreSQL must share and nobody configured: the session secret made on
 * the first start (SESSION_SECRET, when set, wins). Written once, under the migrations' advisory lock.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rate-limit counters every server on one PostgreSQL shares (http/shared-rate-limits.ts): one row per limit
 * and client (or account, or email). UNLOGGED: written often, worthless after a crash (they start again).
 */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
});

/** Wrong passwords (http/sign-in-throttle.ts) counted across servers: per email, and per (email, client). */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  forgetAt: timestamp('forget_at', { withTimezone: true }).notNull(),
  waitUntil: timestamp('wait_until', { withTimezone: true }),
});

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Files every server on one PostgreSQL must see (storage/files.ts): assignment uploads by their random key,
 * and the event's images by their path under /media/. On the embedded database they stay on disk.
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  content: bytea('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
