import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * Every invitation, role change, disabling and enabling of an account, written in the transaction that makes
 * it: who did it, when, from what, to what. Shown on /Accounts.
 */
export const accountChanges = pgTable(
  'account_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    changedBy: text('changed_by').references(() => user.id, { onDelete: 'set null' }),
    /** The admin's name at the time, kept if his account goes. */
    changedByName: text('changed_by_name'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    what: text('what', { enum: ['invited', 'role', 'disabled', 'enabled'] }).notNull(),
    /** A role for an invitation (the role it was sent with, in both) or a role change; 'enabled' or 'disabled' otherwise. */
    from: text('from').notNull(),
    to: text('to').notNull(),
  },
  (table) => [index('account_changes_account').on(table.accountId, table.at)],
);
