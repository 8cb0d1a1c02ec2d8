import { expect } from '@playwright/test';
import { FAKE_TXT_ACCOUNT, type FakeTxtMessage } from '../../../src/server/fakes/txt-co-zw.ts';
import { encryptSmsPassword } from '../../../src/server/sms/sms-password.ts';
import type { SmsSettings } from '../../../src/shared/sms/sms-settings.ts';
import { query } from './database.ts';

const GATEWAY = `http://127.0.0.1:${process.env.FAKE_SMS_PORT ?? 3128}`;

/** Every text the fake txt.co.zw took for this E.164 number, oldest first. */
export async function smsTo(e164: string): Promise<FakeTxtMessage[]> {
  const response = await fetch(`${GATEWAY}/_messages`);
  if (!response.ok) throw new Error(`The fake SMS gateway answered ${response.status}`);
  const wanted = e164.replace(/^\+/, '');
  return ((await response.json()) as FakeTxtMessage[]).filter((message) => message.to === wanted);
}

/** Waits for a text to the number whose body matches, and returns the newest. */
export async function waitForSms(e164: string, body: RegExp): Promise<FakeTxtMessage> {
  let matching: FakeTxtMessage[] = [];
  await expect
    .poll(
      async () => {
        matching = (await smsTo(e164)).filter((message) => body.test(message.body));
        return matching.length;
      },
      { message: `waiting for a text "${body.source}" to ${e164}`, timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(1);
  const newest = matching.at(-1);
  if (!newest) throw new Error('unreachable');
  return newest;
}

/**
 * Turns the current event's texts on, sent to this worker's fake txt.co.zw at any hour (its password encrypted
 * with the server's secret, E2E_SESSION_SECRET), or off again. The database is the worker's, shared by every
 * spec it runs: a spec that turns them on turns them off when it ends. A new revision: the server reads the
 * event again.
 */
export async function setEventSms(on: boolean) {
  const [event] = await query<{ id: string }>('select id from events where is_current');
  if (!event) throw new Error('no current event');
  const settings: SmsSettings = {
    enabled: true,
    account: 'USD',
    username: FAKE_TXT_ACCOUNT.username,
    senderNumber: '',
    capPerEdition: 1000,
    sendFrom: '00:00',
    sendUntil: '23:59',
  };
  const secret = process.env.E2E_SESSION_SECRET;
  if (!secret) throw new Error('E2E_SESSION_SECRET is set by playwright.config.ts');
  await query(
    'update events set sms = $2::jsonb, sms_password_encrypted = $3, revision = revision + 1 where id = $1',
    on
      ? [event.id, JSON.stringify(settings), encryptSmsPassword(secret, event.id, FAKE_TXT_ACCOUNT.password)]
      : [event.id, null, null],
  );
}
