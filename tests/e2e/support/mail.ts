import { expect } from '@playwright/test';
import type { ReceivedMail } from './smtp-sink.ts';

const SINK = `http://127.0.0.1:${process.env.SMTP_SINK_HTTP_PORT ?? 3126}`;

/** Every message the SMTP sink received for this address, oldest first. */
export async function mailTo(address: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${SINK}/messages?to=${encodeURIComponent(address.toLowerCase())}`);
  if (!response.ok) throw new Error(`The SMTP sink answered ${response.status}`);
  return ((await response.json()) as { messages: ReceivedMail[] }).messages;
}

/**
 * Waits until at least `count` messages whose subject matches have arrived for the address, and
 * returns the newest one.
 */
export async function waitForMail(address: string, subject: RegExp, count = 1): Promise<ReceivedMail> {
  let matching: ReceivedMail[] = [];
  await expect
    .poll(
      async () => {
        matching = (await mailTo(address)).filter((mail) => subject.test(mail.subject));
        return matching.length;
      },
      { message: `waiting for mail "${subject.source}" to ${address}`, timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count);
  const newest = matching.at(-1);
  if (!newest) throw new Error('unreachable');
  return newest;
}

/** The first web address in a mail's text. */
export function linkIn(mail: ReceivedMail): string {
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`No link in the mail "${mail.subject}":\n${mail.text}`);
  return link;
}
