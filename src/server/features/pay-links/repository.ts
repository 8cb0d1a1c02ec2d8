import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { payLinks, raceOptions, registrationGroups, registrations } from '../../db/schema/index.ts';
import { activeEntry } from '../registrations/queries.ts';

export type PayLinkTarget = { registrationId: string } | { groupId: string };

/** Keeps a new pay link's digest, for the entry or for its group. */
export async function insertPayLink(db: Database, tokenDigest: string, target: PayLinkTarget) {
  await db.insert(payLinks).values({ tokenDigest, ...target });
}

/** How many pay links the entry (or the group) has. */
export async function payLinksOf(db: Database, target: PayLinkTarget) {
  const [row] = await db
    .select({ links: count() })
    .from(payLinks)
    .where(
      'groupId' in target
        ? eq(payLinks.groupId, target.groupId)
        : eq(payLinks.registrationId, target.registrationId),
    );
  return Number(row?.links ?? 0);
}

/** What a pay link opens: an entry, or a group (with its edition). */
export async function findPayLink(db: Database, tokenDigest: string) {
  const [row] = await db
    .select({
      registrationId: payLinks.registrationId,
      groupId: payLinks.groupId,
      eventId: sql<string>`coalesce(${registrations.eventId}, ${registrationGroups.eventId})`,
    })
    .from(payLinks)
    .leftJoin(registrations, eq(registrations.id, payLinks.registrationId))
    .leftJoin(registrationGroups, eq(registrationGroups.id, payLinks.groupId))
    .where(eq(payLinks.tokenDigest, tokenDigest));
  return row;
}

const personColumns = {
  id: registrations.id,
  firstName: registrations.firstName,
  discipline: registrations.discipline,
  raceType: raceOptions.label,
  status: registrations.status,
  paymentStatus: registrations.paymentStatus,
};

/** The entry a pay link names, as its page shows it (no contact details). */
export async function payLinkEntry(db: Database, registrationId: string) {
  return db
    .select(personColumns)
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(eq(registrations.id, registrationId));
}

/** A group's active members in form order, as a pay link's page shows them (no contact details). */
export async function payLinkGroupMembers(db: Database, groupId: string) {
  return db
    .select(personColumns)
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(and(eq(registrations.groupId, groupId), activeEntry))
    .orderBy(sql`length(${registrations.reference})`, registrations.reference);
}
