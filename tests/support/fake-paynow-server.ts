import { startFakePaynow } from './fake-paynow.ts';

/**
 * The fake Paynow as a process, for the browser tests and for trying payments by hand (`npm run dev` with
 * PAYNOW_URL=fake). Its integration: ID 1201, key 3e9fed89-60e1-4ce5-ab6e-6b1eb2d4f977 (Paynow's example).
 */
export const FAKE_INTEGRATION = {
  integrationId: '1201',
  integrationKey: '3e9fed89-60e1-4ce5-ab6e-6b1eb2d4f977',
};

const fake = await startFakePaynow({
  ...FAKE_INTEGRATION,
  port: Number(process.env.FAKE_PAYNOW_PORT ?? 0),
  timeScale: Number(process.env.FAKE_PAYNOW_TIME_SCALE ?? 1),
});
console.log(`Fake Paynow at ${fake.url} (integration ID ${FAKE_INTEGRATION.integrationId})`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
