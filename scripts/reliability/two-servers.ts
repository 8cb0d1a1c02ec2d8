import pg from 'pg';
import { ACTION_LIMITS } from '../../src/server/http/limits.ts';
import { freePort } from '../lib/free-port.ts';
import type { ThrowawayPostgres } from '../lib/throwaway-postgres.ts';
import { startAppServer } from './app-server.ts';
import { LoadClients } from './load-clients.ts';
import { startNginx } from './nginx.ts';
import { filesSeenByEveryServer } from './shared-files.ts';
import { SmtpCatcher } from './smtp-catcher.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Checks {
  check(name: string, ok: boolean, detail: string): void;
  verifyNoLoss(scenario: string, acknowledged: Set<string>, stored: Map<string, number>): void;
  rowsByKey(url: string): Promise<Map<string, number>>;
  /** The Node the servers run on (CI's Node 24). */
  serverNode: string;
}

async function sql<Row>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

const search = (base: string, address: string) =>
  fetch(`${base}/api/registrations/search?q=load`, { headers: { 'x-forwarded-for': address } }).then(
    (response) => response.status,
  );

/**
 * nginx (the README's configuration) in front of two production servers on one PostgreSQL, with rate limits
 * on, as a church would run race week: registrations through nginx while one server is killed; one client's
 * searches over the limit, through nginx and straight to each server; a race filled through A, seen full on B;
 * an upload and the event photo made through A, served by B; each confirmation mail sent once by the two
 * servers' outbox jobs (a job scheduled on both, run once).
 */
export async function twoServersBehindNginx(
  postgres: ThrowawayPostgres,
  { check, verifyNoLoss, rowsByKey, serverNode }: Checks,
) {
  const url = await postgres.createDatabase('reliability_nginx');
  const smtp = new SmtpCatcher();
  const smtpPort = await smtp.reservePort();
  await smtp.listen(smtpPort);
  const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
  const env = {
    DATABASE_URL: url,
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    RATE_LIMITS: 'on',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
  };
  const options = { node: serverNode };
  let serverA = await startAppServer(env, portA, options);
  const serverB = await startAppServer(env, portB, options);
  const nginx = await startNginx([portA, portB], proxyPort);
  try {
    // Registrations through nginx, each from an address of its own; A is killed mid-way and started again.
    const clients = new LoadClients(nginx.url, 16, true);
    clients.start();
    await sleep(3000);
    serverA.kill('SIGKILL');
    await serverA.exited;
    await sleep(1000);
    serverA = await startAppServer(env, portA, options);
    await sleep(3000);
    await clients.finish(30_000);
    check(
      'nginx, A killed: every client got an answer',
      clients.unanswered() === 0 && clients.acknowledged.size > 0,
      `${clients.acknowledged.size} acknowledged, ${clients.unanswered()} unanswered; other answers on the way (retried): ${JSON.stringify(Object.fromEntries(clients.unexpected))}`,
    );
    verifyNoLoss('nginx, A killed', clients.acknowledged, await rowsByKey(url));

    // One client searching too often, turn and turn about on A and B through nginx.
    const { max } = ACTION_LIMITS.search;
    const address = '10.250.0.1';
    const answers: number[] = [];
    for (let i = 0; i < max + 10; i++) {
      answers.push(await search(nginx.url, address));
      await sleep(60);
    }
    const allowed = answers.filter((status) => status === 200).length;
    await sleep(100);
    const [onA, onB] = [await search(serverA.url, address), await search(serverB.url, address)];
    check(
      'nginx: a client over its limit is refused whichever server it reaches',
      allowed >= max &&
        allowed <= max + 2 &&
        answers.slice(-5).every((status) => status === 429) &&
        onA === 429 &&
        onB === 429,
      `${allowed} of ${answers.length} searches allowed (limit ${max}, each server may let one more through); then A ${onA}, B ${onB}`,
    );

    // A race with one place left, filled through A: B says it is full within a second.
    await sql(
      url,
      `update race_options set capacity = (select count(*) from registrations r
         where r.race_option_id = race_options.id and r.status = 'active') + 1
       where discipline = 'cycle'`,
    );
    const cyclist = LoadClients.body('lastplace');
    const filled = await fetch(`${serverA.url}/api/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.250.0.2' },
      body: JSON.stringify({
        ...cyclist,
        discipline: 'cycle',
        raceType: (await cycleRace(serverB.url)) ?? '',
      }),
    });
    const since = Date.now();
    let fullOnB = false;
    while (!fullOnB && Date.now() - since < 3000) {
      const event = (await (await fetch(`${serverB.url}/api/event`)).json()) as {
        races: { discipline: string; full: boolean }[];
      };
      fullOnB = event.races.some((race) => race.discipline === 'cycle' && race.full);
      if (!fullOnB) await sleep(50);
    }
    const took = Date.now() - since;
    check(
      'nginx: a race filled through A is full on B within a second',
      filled.status === 201 && fullOnB && took <= 1000,
      `registration through A answered ${filled.status}; B said full after ${took} ms`,
    );

    await filesSeenByEveryServer(check, {
      url,
      site: nginx.url,
      a: serverA.url,
      b: serverB.url,
      serverNode,
    });

    // The outbox job runs on both servers: each confirmation goes once.
    await smtp.waitFor(clients.acknowledged.size, 20_000);
    const perRecipient = smtp.countsByRecipient();
    const twice = [...perRecipient.values()].filter((n) => n > 1).length;
    check(
      'nginx: the two servers’ mail job sends each confirmation once',
      twice === 0 && perRecipient.size > 0,
      `${perRecipient.size} recipients got mail (${clients.acknowledged.size} acknowledged; any leased by the killed server go after their lease), ${twice} more than once`,
    );
  } finally {
    await nginx.stop();
    serverA.kill('SIGTERM');
    serverB.kill('SIGTERM');
    await Promise.all([serverA.exited, serverB.exited]);
    await smtp.close();
  }
}

/** The label of the event's first cycling race, as B's /api/event gives it. */
async function cycleRace(base: string) {
  const event = (await (await fetch(`${base}/api/event`)).json()) as {
    races: { discipline: string; label: string }[];
  };
  return event.races.find((race) => race.discipline === 'cycle')?.label;
}
