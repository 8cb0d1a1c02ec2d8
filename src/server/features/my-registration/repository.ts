import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { ADULT_AGE } from '../../../shared/registrations/guardian.ts';
import type { Database } from '../../db/client.ts';
import { entryLinks, events, raceOptions, registrations } from '../../db/schema/index.ts';
import {
  activeInEvent,
  entryQuoteHonoured,
  entryZwgRate,
  entryZwgRateDate,
} from '../registrations/queries.ts';

/** The entry a private link opens, with its event's id. */
export async function findEntryByLink(db: Database, digest: string) {
  const [row] = await db
    .select({
      id: registrations.id,
      eventId: registrations.eventId,
      reference: registrations.reference,
      status: registrations.status,
      checkInCode: registrations.checkInCode,
      notifyBy: registrations.notifyBy,
      smsRemindersStoppedAt: registrations.smsRemindersStoppedAt,
      /** A text message's short link: it opens nothing once the edition is over. */
      short: entryLinks.short,
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

/**
 * The event's entries that are not cancelled whose texts go to this number (E.164): an adult's own mobile, a
 * minor's guardian's (as smsRecipientOf decides), newest first.
 */
export async function activeEntriesOfMobile(db: Database, eventId: string, mobile: string, limit: number) {
  return db
    .select({ id: registrations.id, reference: registrations.reference })
    .from(registrations)
    .where(
      and(
        activeInEvent(eventId),
        sql`(case when ${registrations.age} < ${ADULT_AGE} and ${registrations.guardianMobile} is not null
          then ${registrations.guardianMobile} else ${registrations.mobile} end) = ${mobile}`,
      ),
    )
    .orderBy(desc(registrations.createdAt), desc(registrations.reference))
    .limit(limit);
}

/** Stops reminders by SMS to an entry (the entrant's opt-out), or lets them go again. */
export async function setSmsRemindersStopped(db: Database, registrationId: string, stopped: boolean) {
  await db
    .update(registrations)
    .set({
      smsRemindersStoppedAt: stopped ? sql`coalesce(${registrations.smsRemindersStoppedAt}, now())` : null,
    })
    .where(eq(registrations.id, registrationId));
}

/**
 * The ZWG quote kept on an entry, whether it is still honoured, its last day (Harare), and the rate its ZWG
 * fee follows now (the quote's while honoured; null with fixed fees).
 */
export async function zwgQuoteOfEntry(db: Database, registrationId: string) {
  const [row] = await db
    .select({
      quoteZwg: registrations.quoteZwg,
      quoteRate: registrations.quoteRate,
      quoteRateDate: sql<string | null>`${registrations.quoteRateDate}::text`,
      heldUntil: sql<
        string | null
      >`((${registrations.quotedAt} + make_interval(days => ${events.quoteHonourDays}))
        at time zone 'Africa/Harare')::date::text`,
      honoured: entryQuoteHonoured,
      rate: entryZwgRate,
      rateDate: entryZwgRateDate,
    })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(eq(registrations.id, registrationId));
  return row;
}
