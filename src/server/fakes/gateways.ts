import type { FastifyBaseLogger } from 'fastify';

/**
 * The outside services a variable set to `fake` replaces with a stand-in inside the server, to try
 * Celebration with no money moving: `PAYNOW_URL=fake` (Paynow's wire format and test numbers) and
 * `SMS_URL=fake` (txt.co.zw's: no text message leaves the machine).
 */
export const FAKEABLE = { PAYNOW_URL: 'Paynow', SMS_URL: 'txt.co.zw' } as const;
export type FakeableVariable = keyof typeof FAKEABLE;

/** Paynow's own example integration, which the fake accepts. */
export const FAKE_PAYNOW_INTEGRATION = {
  integrationId: '1201',
  integrationKey: '3e9fed89-60e1-4ce5-ab6e-6b1eb2d4f977',
};

/** The variables set to `fake`. */
export const fakedIn = (source: Record<string, unknown>) =>
  (Object.keys(FAKEABLE) as FakeableVariable[]).filter((name) => source[name] === 'fake');

/**
 * Starts a stand-in for each faked service on loopback, and answers the environment pointing at them.
 * Their code loads only then: a real site never runs it.
 */
export async function startFakes<
  E extends { fakes: readonly FakeableVariable[]; PAYNOW_URL: string; SMS_URL?: string },
>(env: E, log: FastifyBaseLogger) {
  const closers: (() => Promise<void>)[] = [];
  let started = env;
  if (env.fakes.includes('PAYNOW_URL')) {
    const { startFakePaynow } = await import('./paynow.ts');
    const paynow = await startFakePaynow(FAKE_PAYNOW_INTEGRATION);
    closers.push(() => paynow.close());
    started = { ...started, PAYNOW_URL: paynow.url };
    log.warn(
      `Test payments — no money moves: a fake Paynow at ${paynow.url}. On /EventSettings use integration ID ` +
        `${FAKE_PAYNOW_INTEGRATION.integrationId} and key ${FAKE_PAYNOW_INTEGRATION.integrationKey}.`,
    );
  }
  if (env.fakes.includes('SMS_URL')) {
    const { startFakeTxt, FAKE_TXT_ACCOUNT } = await import('./txt-co-zw.ts');
    const txt = await startFakeTxt({ ...FAKE_TXT_ACCOUNT, deliverAfterMs: 5000, slowMs: 30_000 });
    closers.push(() => txt.close());
    started = { ...started, SMS_URL: txt.url };
    log.warn(
      `Test text messages — none leaves this machine: a fake txt.co.zw at ${txt.url}. On /EventSettings use ` +
        `username ${FAKE_TXT_ACCOUNT.username} and password ${FAKE_TXT_ACCOUNT.password}.`,
    );
  }
  return { env: started, close: async () => void (await Promise.all(closers.map((close) => close()))) };
}
