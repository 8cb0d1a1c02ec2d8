import { type SQL, sql } from 'drizzle-orm';
import { onlinePayments, registrations } from './schema/index.ts';

/**
 * An online (Paynow) payment attempt that may still end paid: not paid, not failed, and either followed by
 * the poller or still being started (a 'Created' attempt less than ten minutes old: a server stopped while
 * starting one must not block its entry for ever). Its amount was the fee when it started, so the entry's
 * race must not change meanwhile (participants/); payments/ keeps a second attempt from starting.
 */
export const underWay: SQL = sql`(${onlinePayments.paidAt} is null and ${onlinePayments.error} is null
  and (${onlinePayments.nextPollAt} is not null
    or (${onlinePayments.status} = 'Created' and ${onlinePayments.createdAt} > now() - interval '10 minutes')))`;

/** A payment of the total of the group or company team the entry belongs to, whichever link or manager started it. */
export const ofEntrysGroupOrTeam = (id: string): SQL =>
  sql`(${onlinePayments.groupId} = (select ${registrations.groupId} from ${registrations} where ${registrations.id} = ${id})
    or ${onlinePayments.companyAccountId} = (select ${registrations.companyAccountId} from ${registrations} where ${registrations.id} = ${id}))`;

/** A payment that pays the entry: its own, or its group's or team's total. */
export const paysEntry = (id: string): SQL =>
  sql`(${onlinePayments.registrationId} = ${id} or ${ofEntrysGroupOrTeam(id)})`;
