import { FAKE_TXT_ACCOUNT, startFakeTxt } from '../../src/server/fakes/txt-co-zw.ts';

/**
 * The fake txt.co.zw as a process of its own, for the browser tests: their server sends to it as to the
 * gateway, and the tests read what it took at /_messages (tests/e2e/support/sms.ts).
 */
const fake = await startFakeTxt({
  ...FAKE_TXT_ACCOUNT,
  port: Number(process.env.FAKE_SMS_PORT ?? 0),
  deliverAfterMs: 500,
  slowMs: 5000,
  inspectable: true,
});
console.log(`Fake txt.co.zw at ${fake.url} (username ${FAKE_TXT_ACCOUNT.username})`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
