import { eq } from 'drizzle-orm';
import type { SmsSettings } from '../../../shared/sms/sms-settings.ts';
import type { Database } from '../../db/client.ts';
import { events } from '../../db/schema/index.ts';

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
