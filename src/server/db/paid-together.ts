import { and, eq, type SQL, sql } from 'drizzle-orm';
import { onlinePayments, registrations } from './schema/index.ts';

/**
 * Entries one payment pays together (issue 36): the members of a group form, or a company's team in the event.
 * Such a payment pays whole fees in their order (references were numbered in it), the rest a part payment.
 */
export type PaidTogether = { groupId: string } | { companyAccountId: string };

/** The registrations of the event paid together. */
export const memberOf = (together: PaidTogether, eventId: string): SQL | undefined =>
  and(
    eq(registrations.eventId, eventId),
    'groupId' in together
      ? eq(registrations.groupId, together.groupId)
      : eq(registrations.companyAccountId, together.companyAccountId),
  );

/** Their order: the references' (CFR26-9 before CFR26-10). */
export const membersInOrder = [sql`length(${registrations.reference})`, registrations.reference] as const;

/** Online payments of the whole group's or team's total. */
export const paymentOfTogether = (together: PaidTogether): SQL =>
  'groupId' in together
    ? eq(onlinePayments.groupId, together.groupId)
    : eq(onlinePayments.companyAccountId, together.companyAccountId);

/** What an online payment row pays together, if anything beyond its entry. */
export const togetherOfAttempt = (attempt: {
  groupId: string | null;
  companyAccountId: string | null;
}): PaidTogether | undefined =>
  attempt.groupId
    ? { groupId: attempt.groupId }
    : attempt.companyAccountId
      ? { companyAccountId: attempt.companyAccountId }
      : undefined;
