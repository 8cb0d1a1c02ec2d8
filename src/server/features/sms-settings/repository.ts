import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SmsSettings } from '../../../shared/sms/sms-settings.ts';
import type { Database } from '../../db/client.ts';
import { events, registrations, waitlistEntries } from '../../db/schema/index.ts';

/** Saves the event's text-message settings; the password only when a new one is given (already encrypted). */
export async function saveSmsSettings(
  db: Database,
  eventId: string,
  settings: SmsSettings,
  passwordEncrypted: string | undefined,
) {
  await db
    .update(events)
    .set({
      sms: settings,
      ...(passwordEncrypted === undefined ? {} : { smsPasswordEncrypted: passwordEncrypted }),
    })
    .where(eq(events.id, eventId));
}

/**
 * The event's active entries and waiting or offered places without an email: with texts off they get no
 * messages. One query.
 */
export async function countWithoutEmail(db: Database, eventId: string): Promise<number> {
  const entries = db
    .select({ n: count() })
    .from(registrations)
    .where(
      and(
        eq(registrations.eventId, eventId),
        eq(registrations.status, 'active'),
        isNull(registrations.anonymisedAt),
        isNull(registrations.email),
      ),
    );
  const places = db
    .select({ n: count() })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.eventId, eventId),
        inArray(waitlistEntries.status, ['waiting', 'offered']),
        isNull(waitlistEntries.anonymisedAt),
        isNull(waitlistEntries.email),
      ),
    );
  const [row] = await db
    .select({ n: sql<number>`(${entries}) + (${places})`.mapWith(Number) })
    .from(events)
    .where(eq(events.id, eventId));
  return row?.n ?? 0;
}
