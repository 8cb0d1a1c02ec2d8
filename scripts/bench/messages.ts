import os from 'node:os';
import pg from 'pg';
import { FAKE_TXT_ACCOUNT, startFakeTxt } from '../../src/server/fakes/txt-co-zw.ts';
import { encryptSmsPassword } from '../../src/server/sms/sms-password.ts';
import { DEFAULT_SMS_SETTINGS } from '../../src/shared/sms/sms-settings.ts';
import { onCleanup } from './cleanup.ts';
import { cpuWindow, serverCpuSeconds } from './cpu-use.ts';
import { ADMIN, BenchData } from './data.ts';
import { atMost, figure, type MeasurementResult, type MeasurementSpec } from './figures.ts';
import { median, percentile, roundMs, signIn } from './http.ts';
import { type LoadFigures, responseTimes, runLoad } from './load.ts';
import { waitForQuietCpu } from './machine.ts';
import {
  holdTexts,
  lastIds,
  type Outboxes,
  type Query,
  queuedAfter,
  quieten,
  sampleDrain,
  textStates,
} from './outboxes.ts';
import { loggedErrors, loggedWarnings, type RunningServer, startServer } from './processes.ts';
import { distinctEntries, prepareRegistrationTarget } from './registrations.ts';

export const MESSAGE_ENTRANTS = 5_000;
const RUNS = 3;
/** How long the fake txt.co.zw takes to answer each send: a round trip to a gateway over the internet. */
const GATEWAY_MS = 200;
const CONNECTIONS = 10;
const LOAD_SECONDS = 10;
const WARM_UP_SECONDS = 2;
const SAMPLE_MS = 500;
/** Issue 39: a message to 5,000 entrants is queued within 2 s. */
const QUEUED_BUDGET_SECONDS = 2;
const SECRET = 'bench-messages-session-secret-0123456789abcdef';

const DRAFT = {
  audience: {},
  byMail: true,
  bySms: true,
  subject: 'Race week: parking and your start',
  body:
    'Hello {first name},\n\nPark at the east gate from 5:30; the start closes 10 minutes before your race. ' +
    'Bring the QR code on your entry page.\n\nYour reference is {reference}. Your entry: {link}',
  smsText: 'Hi {first name}, park at the east gate from 5:30. Bring your QR code. Ref {reference}: {link}',
};

export const MESSAGE_TO_ALL: MeasurementSpec = {
  id: 'message-to-all',
  title: `Race-week message to ${MESSAGE_ENTRANTS.toLocaleString('en')} entrants, and registrations while it drains`,
  method:
    `Its own PostgreSQL database: the admin, ${MESSAGE_ENTRANTS.toLocaleString('en')} active registrations of ` +
    `npm run seed:demo, all set to be told by SMS and email; texts on for the edition (sending hours all day, cap ` +
    `100,000) through a fake txt.co.zw on loopback (src/server/fakes/txt-co-zw.ts) that answers every send after ` +
    `${GATEWAY_MS} ms, as a gateway across the internet would; mail to the dev outbox (no SMTP_URL). ` +
    `Queued: POST /api/admin/messages as the signed-in admin to all entrants by mail and SMS (placeholders ` +
    `{first name}, {reference}, {link}: a new private link each), from the request to the 200; median of ` +
    `${RUNS} runs, each to all ${MESSAGE_ENTRANTS.toLocaleString('en')} (between runs the earlier texts are held ` +
    `and their mails drained, so each run starts with quiet outboxes, though not empty ones: run n finds ` +
    `(n − 1) × ${MESSAGE_ENTRANTS.toLocaleString('en')} texts queued); and the CPU seconds the server process ` +
    `and its PostgreSQL connections spent over the request (/proc), which depends less on other work on the ` +
    `machine. Registrations: autocannon POST /api/registrations (valid new entries, as the registrations part) ` +
    `with ${CONNECTIONS} connections for ${LOAD_SECONDS} s, once before any message (after a ${WARM_UP_SECONDS} s ` +
    `warm-up; its entries then cancelled, so each message goes to the same ${MESSAGE_ENTRANTS.toLocaleString('en')}) ` +
    `once from the last run's 200, while its outboxes drain, and once after with its texts held (how far two ` +
    `loads without a message differ on this machine); the responses that came while the mails were ` +
    `still going out are also taken apart (p99 of their own times, against the baseline's likewise). Drain: the ` +
    `outboxes sampled every ${SAMPLE_MS} ms: mails sent per second until none was left, texts accepted per ` +
    `second over the window, and what was left at its end. Budget (issue 39): queued within ` +
    `${QUEUED_BUDGET_SECONDS} s.`,
};

/** Its own database: the admin and MESSAGE_ENTRANTS demo registrations, texts on with a fake gateway, then the runs. */
export async function measureMessagesOnPostgres(databaseUrl: string): Promise<MeasurementResult> {
  const data = new BenchData(databaseUrl);
  await data.createAdmin();
  await data.ensure(MESSAGE_ENTRANTS);
  const fake = await startFakeTxt({ ...FAKE_TXT_ACCOUNT, sendMs: GATEWAY_MS });
  const removeFake = onCleanup(() => fake.close());
  try {
    await turnTextsOn(data);
    const server = await startServer({
      databaseUrl,
      label: 'messages',
      dataDir: data.dataDir,
      env: { SESSION_SECRET: SECRET, SMS_URL: fake.url },
    });
    try {
      return await measureOn(server, data);
    } finally {
      await server.stop();
    }
  } finally {
    removeFake();
    await fake.close();
  }
}

/** Everyone told by SMS and email; the edition published, its texts on through the fake all day. */
async function turnTextsOn(data: BenchData) {
  await data.query(`update registrations set notify_by = 'both'`);
  const [event] = await data.query<{ id: string }>('select id from events where is_current');
  if (!event) throw new Error('No current event');
  const settings = {
    ...DEFAULT_SMS_SETTINGS,
    enabled: true,
    username: FAKE_TXT_ACCOUNT.username,
    capPerEdition: 100_000,
    sendFrom: '00:00',
    sendUntil: '23:59',
  };
  await data.query(
    `update events set published_at = coalesce(published_at, now()), sms = $2::jsonb,
       sms_password_encrypted = $3 where id = $1`,
    [event.id, JSON.stringify(settings), encryptSmsPassword(SECRET, event.id, FAKE_TXT_ACCOUNT.password)],
  );
}

async function measureOn(server: RunningServer, data: BenchData): Promise<MeasurementResult> {
  const notes: string[] = [];
  const cookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  const target = await prepareRegistrationTarget(data.databaseUrl);
  const client = new pg.Client({ connectionString: data.databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  const removeClient = onCleanup(() => client.end());
  const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await client.query<T>(text, values)).rows;
  try {
    const options = { url: `${server.url}/api/registrations`, connections: CONNECTIONS, expectedStatus: 201 };
    const quietBeforeBaseline = await waitForQuietCpu(5000);
    await runLoad({ ...options, seconds: WARM_UP_SECONDS, requests: distinctEntries(target, 'msgw') });
    const baselineWindow = cpuWindow(server.pid);
    const baselineTimes = responseTimes();
    const baseline = await runLoad({
      ...options,
      seconds: LOAD_SECONDS,
      requests: distinctEntries(target, 'msgb'),
      onResponse: baselineTimes.add,
    });
    const baselineCpu = baselineWindow();
    printLoad('baseline', baseline, baselineCpu);

    const runs: {
      seconds: number;
      cpuSeconds: number;
      cpu: { server: number; database: number };
      mails: number;
      sms: number;
    }[] = [];
    let quietBeforeLast = 0;
    let outboxes: Outboxes = { mailAfter: 0, smsAfter: 0 };
    for (let run = 1; run <= RUNS; run++) {
      if (run === RUNS) quietBeforeLast = await waitForQuietCpu(5000);
      if (run === 1) await cancelLoadEntries(query);
      outboxes = await lastIds(query);
      const cpuBefore = await serverCpuSeconds(query, server.pid);
      const seconds = await postMessage(server.url, cookie);
      const cpuAfter = await serverCpuSeconds(query, server.pid);
      const cpu = {
        server: cpuAfter.server - cpuBefore.server,
        database: cpuAfter.database - cpuBefore.database,
      };
      const queued = await queuedAfter(query, outboxes);
      runs.push({ seconds, cpuSeconds: cpu.server + cpu.database, cpu, ...queued });
      console.log(
        `run ${run}: ${queued.mails} mails and ${queued.sms} texts queued in ${seconds.toFixed(2)} s ` +
          `(CPU: server ${cpu.server.toFixed(2)} s, PostgreSQL ${cpu.database.toFixed(2)} s)`,
      );
      if (run < RUNS) await quieten(query);
    }

    // The last run's outboxes drain while new entries come in.
    const sampler = sampleDrain(query, outboxes, SAMPLE_MS);
    const drainWindow = cpuWindow(server.pid);
    const drainTimes = responseTimes();
    const during = await runLoad({
      ...options,
      seconds: LOAD_SECONDS,
      requests: distinctEntries(target, 'msgd'),
      onResponse: drainTimes.add,
    });
    const drainCpu = drainWindow();
    const samples = await sampler.stop();
    printLoad('while draining', during, drainCpu);

    // The same load once more with the texts held: how far two loads differ on this machine without a message.
    await holdTexts(query);
    const afterWindow = cpuWindow(server.pid);
    const after = await runLoad({
      ...options,
      seconds: LOAD_SECONDS,
      requests: distinctEntries(target, 'msga'),
    });
    const afterCpu = afterWindow();
    printLoad('after (texts held)', after, afterCpu);
    const spread = Math.max(baseline.p99Ms, after.p99Ms) / Math.min(baseline.p99Ms, after.p99Ms);
    const texts = await textStates(query);

    const first = samples[0];
    const last = samples.at(-1);
    if (!first || !last) throw new Error('No sample of the outboxes was taken');
    const windowSeconds = last.seconds - first.seconds;
    const mailsDrained = samples.find((sample) => sample.mailsLeft === 0) ?? last;
    // Over the time the mails took (the whole window when some were left): a rate, not a window's average.
    const mailsPerSecond =
      (mailsDrained.mailsSent - first.mailsSent) / (mailsDrained.seconds - first.seconds || windowSeconds);
    const smsPerSecond = (last.smsSent - first.smsSent) / windowSeconds;
    const mailsDrainedAt = mailsDrained.mailsLeft === 0 ? mailsDrained.seconds : undefined;
    const lastRun = runs.at(-1) ?? { mails: 0, sms: 0 };
    // The dev outbox sends the mails within seconds: the registrations answered meanwhile, on their own.
    const mailPhase = drainTimes.until(mailsDrainedAt ?? windowSeconds);
    const mailPhaseP99 = percentile(mailPhase.ms, 99);
    const baselineP99 = percentile(baselineTimes.until(Number.POSITIVE_INFINITY).ms, 99);
    const secondsForAllTexts = smsPerSecond > 0 ? lastRun.sms / smsPerSecond : Number.POSITIVE_INFINITY;

    const expected = MESSAGE_ENTRANTS;
    for (const [index, run] of runs.entries()) {
      if (run.mails !== expected || run.sms !== expected)
        notes.push(`Run ${index + 1} queued ${run.mails} mails and ${run.sms} texts, not ${expected} each.`);
    }
    notes.push(
      `Gateway pace: the fake txt.co.zw answers each send after ${GATEWAY_MS} ms and the server sends one ` +
        `text at a time, so texts go at most ${(1000 / GATEWAY_MS).toFixed(0)} a second: ` +
        `${lastRun.sms.toLocaleString('en')} texts take about ${formatDuration(secondsForAllTexts)} at the pace measured.`,
      mailsDrainedAt === undefined
        ? `The ${lastRun.mails.toLocaleString('en')} mails were not all out by the end of the window ` +
            `(${last.mailsLeft} left): the dev outbox marks them sent without a relay.`
        : `The dev outbox (no relay) had all ${lastRun.mails.toLocaleString('en')} mails out ` +
            `${mailsDrainedAt.toFixed(1)} s after the message was queued.`,
      `Machine: ${os.availableParallelism()} CPUs. Busy share of all of them (this bench, its server and ` +
        `PostgreSQL included): ${baselineCpu.machine.toFixed(0)}% during the baseline, ` +
        `${drainCpu.machine.toFixed(0)}% while draining, ${afterCpu.machine.toFixed(0)}% after; the server process ` +
        `alone used ${baselineCpu.server.toFixed(0)}%, ${drainCpu.server.toFixed(0)}% and ` +
        `${afterCpu.server.toFixed(0)}% of one CPU. Before the baseline ` +
        `the CPUs were ${quietBeforeBaseline.toFixed(0)}% busy, before the last run ` +
        `${quietBeforeLast.toFixed(0)}% (waited up to 5 s for under 10%). Load average (1 min) at the end: ` +
        `${os.loadavg()[0]?.toFixed(2)}.`,
      `The two loads without a message (before it, and after with its texts held) differ ${spread.toFixed(2)}× ` +
        `in p99: a ratio within that is this machine's noise.`,
      ...target.notes,
    );
    if (baseline.unexpected + during.unexpected + after.unexpected > 0) {
      const causes = loggedErrors(server.logFile).slice(0, 3);
      notes.push(
        `Unexpected registration outcomes: ${baseline.unexpected} in the baseline, ${during.unexpected} while ` +
          `draining, ${after.unexpected} after. Server errors: ${causes.map(({ count, cause }) => `${count} × ${cause}`).join('; ') || 'none'}.`,
      );
    }
    if (last.smsFailed > 0) notes.push(`${last.smsFailed} texts failed at the fake gateway.`);

    const queuedSeconds = median(runs.map((run) => run.seconds));
    return {
      figures: [
        figure(
          `POST /api/admin/messages to ${expected.toLocaleString('en')} entrants (mail and SMS): queued`,
          queuedSeconds,
          's',
          atMost(QUEUED_BUDGET_SECONDS),
        ),
        figure('queued: slowest run', Math.max(...runs.map((run) => run.seconds)), 's'),
        figure(
          'queued: CPU time of the server and its PostgreSQL connections',
          median(runs.map((run) => run.cpuSeconds)),
          's',
        ),
        figure('queued: CPU time of the server process', median(runs.map((run) => run.cpu.server)), 's'),
        figure('registrations, baseline: 201 responses', Math.round(baseline.expectedPerSecond), 'per s'),
        figure('registrations, baseline: p50 latency', baseline.p50Ms, 'ms'),
        figure('registrations, baseline: p99 latency', baseline.p99Ms, 'ms'),
        figure(
          'registrations after, texts held: 201 responses',
          Math.round(after.expectedPerSecond),
          'per s',
        ),
        figure('registrations after, texts held: p99 latency', after.p99Ms, 'ms'),
        figure('registrations while draining: 201 responses', Math.round(during.expectedPerSecond), 'per s'),
        figure('registrations while draining: p50 latency', during.p50Ms, 'ms'),
        figure('registrations while draining: p99 latency', during.p99Ms, 'ms'),
        figure('registration p99 while draining ÷ baseline', during.p99Ms / baseline.p99Ms, '×'),
        figure('registration p50 while draining ÷ baseline', during.p50Ms / baseline.p50Ms, '×'),
        figure(
          `registrations while the mails drain (first ${(mailsDrainedAt ?? windowSeconds).toFixed(1)} s): 201 responses`,
          Math.round(mailPhase.created / (mailsDrainedAt ?? windowSeconds)),
          'per s',
        ),
        figure('registrations while the mails drain: p99 latency', roundMs(mailPhaseP99), 'ms'),
        figure(
          'registration p99 while the mails drain ÷ baseline (per response)',
          mailPhaseP99 / baselineP99,
          '×',
        ),
        figure(
          'registrations while draining: non-201 responses, errors, timeouts',
          during.unexpected,
          '',
          atMost(0),
        ),
        figure('mails sent while they drained', mailsPerSecond, 'per s'),
        figure('texts accepted by the gateway over the window', smsPerSecond, 'per s'),
        figure('mails left at the end of the window', last.mailsLeft, ''),
        figure('texts left at the end of the window', last.smsLeft, ''),
      ],
      notes,
      details: {
        gatewayMs: GATEWAY_MS,
        runs,
        baseline,
        during,
        after,
        mailPhase: {
          seconds: mailsDrainedAt,
          responses: mailPhase.ms.length,
          p99Ms: mailPhaseP99,
          baselineP99Ms: baselineP99,
        },
        cpu: {
          baseline: baselineCpu,
          draining: drainCpu,
          after: afterCpu,
          quietBeforeBaseline,
          quietBeforeLast,
        },
        samples,
        textStates: texts,
        serverErrors: loggedErrors(server.logFile),
        serverWarnings: loggedWarnings(server.logFile),
      },
    };
  } finally {
    removeClient();
    await client.end();
  }
}

async function postMessage(baseUrl: string, cookie: string) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/admin/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: baseUrl },
    body: JSON.stringify(DRAFT),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 200)
    throw new Error(`POST /api/admin/messages: ${response.status} ${text.slice(0, 300)}`);
  return seconds;
}

/**
 * The load's entries are cancelled, so that every message goes to the same entrants; after a pause, for the
 * requests still in the server when the load stopped.
 */
async function cancelLoadEntries(query: Query) {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await query(`update registrations set status = 'cancelled' where email like 'tendai.msg%@example.com'`);
}

function printLoad(label: string, load: LoadFigures, cpu: { machine: number; server: number }) {
  console.log(
    `registrations ${label}: ${load.expectedPerSecond.toFixed(0)} 201/s, p50 ${load.p50Ms} ms, ` +
      `p99 ${load.p99Ms} ms, unexpected ${load.unexpected}; CPUs ${cpu.machine.toFixed(0)}% busy, ` +
      `server ${cpu.server.toFixed(0)}% of one CPU`,
  );
}

function formatDuration(seconds: number) {
  if (!Number.isFinite(seconds)) return 'forever';
  return seconds >= 120 ? `${(seconds / 60).toFixed(0)} minutes` : `${seconds.toFixed(0)} s`;
}
