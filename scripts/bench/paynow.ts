import type { AutocannonRequest } from 'autocannon';
import pg from 'pg';
import { startFakePaynow } from '../../src/server/fakes/paynow.ts';
import { encryptIntegrationKey } from '../../src/server/features/payments/paynow/integration-key.ts';
import { type PaynowFields, signedForm } from '../../src/server/features/payments/paynow/paynow-client.ts';
import { onCleanup } from './cleanup.ts';
import { atLeast, figure, type MeasurementResult, type MeasurementSpec } from './figures.ts';
import { runLoad } from './load.ts';
import { waitForQuietCpu } from './machine.ts';
import { startServer } from './processes.ts';

const KEY = '3e9fed89-60e1-4ce5-ab6e-6b1eb2d4f977';
const SECRET = 'the paynow bench server secret, 32+ characters';
const ATTEMPTS = 20;
/** One update in this many is forged (signed with another key): refused and kept for review. */
const FORGED_EVERY = 10;
const LOAD_CONNECTIONS = 10;
const LOAD_SECONDS = 10;
const BUDGET_PER_SECOND = 500;

export const PAYNOW_RESULTS: MeasurementSpec = {
  id: 'paynow-results',
  title: 'Paynow status updates at the result URL',
  method:
    `The production server on the throwaway PostgreSQL with online payment on and a fake Paynow on loopback ` +
    `(src/server/fakes/paynow.ts, status updates off: the load is ours). ${ATTEMPTS} entries registered and ` +
    `an EcoCash payment started for each through the public API; then autocannon POSTs form-encoded status ` +
    `updates to /api/paynow/result with ${LOAD_CONNECTIONS} connections for ${LOAD_SECONDS} s (after a 2 s ` +
    `warm-up), cycling through the attempts (half say Sent, half Paid), one in ${FORGED_EVERY} signed with a wrong ` +
    'key. Each is looked up and its SHA-512 hash checked; a good "Paid" makes the poller confirm the attempt with ' +
    'the fake Paynow (at most once a second per attempt), a forged one is stored for review. The test number ' +
    `0772222222 is paid after 30 s, so some entries are paid during the run. RATE_LIMITS=off. Budget (issue 16): ` +
    `≥ ${BUDGET_PER_SECOND} updates/s.`,
};

async function sql<T extends pg.QueryResultRow>(databaseUrl: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export async function measurePaynowResults(databaseUrl: string): Promise<MeasurementResult> {
  const fake = await startFakePaynow({ integrationId: '1201', integrationKey: KEY });
  fake.switches.silent = true;
  const removeFake = onCleanup(() => fake.close());
  const server = await startServer({
    databaseUrl,
    label: 'paynow',
    env: { SESSION_SECRET: SECRET, PAYNOW_URL: fake.url },
  });
  try {
    const [event] = await sql<{ id: string; sizes: { run: string[] } }>(
      databaseUrl,
      'select id, tshirt_sizes as sizes from events where is_current',
    );
    if (!event) throw new Error('No current event');
    const [race] = await sql<{ label: string }>(
      databaseUrl,
      `update race_options set fee_usd = '10.00' where event_id = $1 and discipline = 'run' returning label`,
      [event.id],
    );
    await sql(databaseUrl, 'update events set online_payment = $2, paynow_key_encrypted = $3 where id = $1', [
      event.id,
      JSON.stringify({ enabled: true, integrationId: '1201', methods: ['ecocash', 'web'], currency: 'USD' }),
      encryptIntegrationKey(SECRET, event.id, KEY),
    ]);

    for (let index = 0; index < ATTEMPTS; index++) {
      const registered = await fetch(`${server.url}/api/registrations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `bench-paynow-${index}` },
        body: JSON.stringify({
          discipline: 'run',
          firstName: 'Paynow',
          lastName: `Bench${index}`,
          email: `paynow.bench.${index}@example.org`,
          mobile: '0771234567',
          age: 30,
          gender: 'Female',
          raceType: race?.label,
          nextOfKinMobile: '0772345678',
          tshirtSize: event.sizes.run[0],
          consent: true,
        }),
      });
      const receipt = (await registered.json()) as { myLink?: string };
      if (registered.status !== 201 || !receipt.myLink) throw new Error(`Registering: ${registered.status}`);
      const started = await fetch(`${server.url}/api/pay/${receipt.myLink.replace('/My/', '')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method: 'ecocash', phone: '0772222222' }),
      });
      if (started.status !== 201)
        throw new Error(`Starting a payment: ${started.status} ${await started.text()}`);
    }
    const attempts = await sql<{ trace: string; poll: string; ref: string }>(
      databaseUrl,
      'select merchant_trace as trace, poll_url as poll, paynow_reference as ref from online_payments',
    );
    const bodies = attempts.flatMap(({ trace, poll, ref }, index) => {
      const fields: PaynowFields = [
        ['reference', trace],
        ['amount', '10.00'],
        ['paynowreference', ref],
        ['pollurl', poll],
        ['status', index % 2 ? 'Paid' : 'Sent'],
      ];
      return [signedForm(fields, index % FORGED_EVERY === 0 ? `${KEY}-forged` : KEY)];
    });

    const busy = await waitForQuietCpu();
    let next = 0;
    const requests: AutocannonRequest[] = [
      {
        method: 'POST',
        setupRequest: (request) => {
          const body = bodies[next % bodies.length] as string;
          next += 1;
          return {
            ...request,
            path: '/api/paynow/result',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body,
          };
        },
      },
    ];
    const options = { url: server.url, connections: LOAD_CONNECTIONS, expectedStatus: 200, requests };
    await runLoad({ ...options, seconds: 2 });
    const load = await runLoad({ ...options, seconds: LOAD_SECONDS });
    const [notices] = await sql<{ n: number }>(databaseUrl, 'select count(*)::int as n from payment_notices');
    const [paid] = await sql<{ n: number }>(
      databaseUrl,
      `select count(*)::int as n from registrations where payment_status = 'paid'`,
    );
    console.log(
      `result URL: ${load.expectedPerSecond.toFixed(0)} updates/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms, ` +
        `statuses ${JSON.stringify(load.byStatus)}, notices ${notices?.n}, entries paid ${paid?.n}`,
    );
    const notes: string[] = [];
    if (busy >= 10)
      notes.push(`The CPUs were still ${busy.toFixed(0)}% busy with other work when this run began.`);
    return {
      figures: [
        figure(
          `Status updates, ${LOAD_CONNECTIONS} connections: answered 200/s`,
          Math.round(load.expectedPerSecond),
          'updates/s',
          atLeast(BUDGET_PER_SECOND),
        ),
        figure(`Status updates, ${LOAD_CONNECTIONS} connections: p50`, load.p50Ms, 'ms'),
        figure(`Status updates, ${LOAD_CONNECTIONS} connections: p99`, load.p99Ms, 'ms'),
        figure('Status updates: non-200 responses, errors, timeouts', load.unexpected, ''),
      ],
      breakdown: [
        `Forged updates stored for review: ${notices?.n}; entries paid by the end (confirmed by polling): ${paid?.n} of ${ATTEMPTS}.`,
      ],
      notes,
      details: { load, notices: notices?.n, paid: paid?.n },
    };
  } finally {
    await server.stop();
    removeFake();
    await fake.close();
  }
}
