import { FAKE_PAYNOW_INTEGRATION } from '../../src/server/fakes/gateways.ts';
import { startFakePaynow } from '../../src/server/fakes/paynow.ts';

/**
 * The fake Paynow as a process of its own, for the browser tests (whose server talks to it as to Paynow,
 * with no test-payments banner). `PAYNOW_URL=fake npm start` runs it inside the server instead.
 */
export const FAKE_INTEGRATION = FAKE_PAYNOW_INTEGRATION;

const fake = await startFakePaynow({
  ...FAKE_INTEGRATION,
  port: Number(process.env.FAKE_PAYNOW_PORT ?? 0),
  timeScale: Number(process.env.FAKE_PAYNOW_TIME_SCALE ?? 1),
});
console.log(`Fake Paynow at ${fake.url} (integration ID ${FAKE_INTEGRATION.integrationId})`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
