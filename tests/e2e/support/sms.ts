import { expect } from '@playwright/test';
import type { FakeTxtMessage } from '../../../src/server/fakes/txt-co-zw.ts';

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
