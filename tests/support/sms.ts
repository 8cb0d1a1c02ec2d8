import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { events, smsOutbox } from '../../src/server/db/schema/index.ts';
import { FAKE_TXT_ACCOUNT, type FakeTxt, startFakeTxt } from '../../src/server/fakes/txt-co-zw.ts';
import type { SmsSender } from '../../src/server/sms/sender.ts';
import { encryptSmsPassword } from '../../src/server/sms/sms-password.ts';
import { DEFAULT_SMS_SETTINGS, type SmsSettings } from '../../src/shared/sms/sms-settings.ts';

/**
 * A fake txt.co.zw for the file, started before the app (pass `env` to setUpTestApp: its SMS_URL is read when
 * the app is made). Delivery reports say "Delivered" at once.
 */
export function setUpFakeGateway() {
  let fake: FakeTxt | undefined;
  beforeAll(async () => {
    fake = await startFakeTxt({ ...FAKE_TXT_ACCOUNT, deliverAfterMs: 0, slowMs: 3000 });
  });
  afterAll(async () => fake?.close());
  const gateway = () => {
    if (!fake) throw new Error('the fake gateway starts in beforeAll');
    return fake;
  };
  return {
    gateway,
    env: {
      get SMS_URL() {
        return gateway().url;
      },
    } as Record<string, string>,
  };
}

/** Turns the current event's texts on with the fake's account (sending hours all day unless changed). */
export async function turnTextsOn(db: Database, secret: string, change: Partial<SmsSettings> = {}) {
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.isCurrent, true));
  if (!event) throw new Error('no current event');
  await db
    .update(events)
    .set({
      sms: {
        ...DEFAULT_SMS_SETTINGS,
        enabled: true,
        username: FAKE_TXT_ACCOUNT.username,
        sendFrom: '00:00',
        sendUntil: '23:59',
        ...change,
      },
      smsPasswordEncrypted: encryptSmsPassword(secret, event.id, FAKE_TXT_ACCOUNT.password),
    })
    .where(eq(events.id, event.id));
  return event.id;
}

/** Turns the current event's texts off again, as before any setting. */
export async function turnTextsOff(db: Database) {
  const [event] = await db
    .update(events)
    .set({ sms: null, smsPasswordEncrypted: null })
    .where(eq(events.isCurrent, true))
    .returning({ id: events.id });
  if (!event) throw new Error('no current event');
  return event.id;
}

/** The outbox's texts to this E.164 number, oldest first. */
export const textsTo = (db: Database, e164: string) =>
  db.select().from(smsOutbox).where(eq(smsOutbox.to, e164)).orderBy(smsOutbox.id);

/** One round of the app's sender, with every text waiting or leased made due first (no test waits for a timer). */
export async function sendTexts(app: { context: { sms: SmsSender } }, db: Database) {
  await db
    .update(smsOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(sql`${smsOutbox.nextAttemptAt} <> 'infinity'`);
  return app.context.sms.deliverDue();
}
