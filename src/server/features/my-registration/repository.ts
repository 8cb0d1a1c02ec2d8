import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { entryLinks, raceOptions, registrations } from '../../db/schema/index.ts';
import { activeInEvent } from '../registrations/queries.ts';

/** The entry a private link opens, with its event's id. */
export async function findEntryByLink(db: Database, digest: string) {
  const [row] = await db
    .select({
      id: registrations.id,
      eventId: registrations.eventId,
      status: registrations.status,
      checkInCode: registrations.checkInCode,
    })
    .from(entryLinks)
    .innerJoin(registrations, eq(registrations.id, entryLinks.registrationId))
    .where(eq(entryLinks.tokenDigest, digest));
  return row;
}

/** The event's entries under an email address that are not cancelled, for mailing their links. */
export async function activeEntriesOfEmail(db: Database, eventId: string, email: string) {
  return db
    .select({
      id: registrations.id,
      reference: registrations.reference,
      discipline: registrations.discipline,
      firstName: registrations.firstName,
      lastName: registrations.lastName,
      raceType: raceOptions.label,
    })
    .from(registrations)
    .innerJoin(raceOptions, eq(raceOptions.id, registrations.raceOptionId))
    .where(and(activeInEvent(eventId), sql`lower(${registrations.email}) = lower(${email})`))
    .orderBy(asc(registrations.reference));
}
