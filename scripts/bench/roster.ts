import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from '../lib/chromium.ts';
import { onCleanup } from './cleanup.ts';
import { ADMIN, BenchData } from './data.ts';
import { atMost, figure, type MeasurementResult, type MeasurementSpec } from './figures.ts';
import { median, signIn } from './http.ts';
import { waitForQuietCpu } from './machine.ts';
import { PHONE, withPhone } from './phone.ts';
import { type RunningServer, startServer } from './processes.ts';

export const ROSTER_ENTRANTS = 5_000;
const RUNS = 3;
const KB = 1000;
/** Issue 37: 1,000 entrants in at most 60 KB compressed; the same per entrant for 5,000. */
const BYTES_PER_THOUSAND = 60;

export const ROSTER_DOWNLOAD: MeasurementSpec = {
  id: 'roster-download',
  title: `Check-in roster for ${ROSTER_ENTRANTS.toLocaleString('en')} entrants on the slow phone`,
  method:
    `"Prepare this phone for race morning" (issue 37) as the signed-in admin: POST /api/check-in/roster ` +
    `(the event's date set to today first) from a page of the server on the emulated phone of issue 19 ` +
    `(${(PHONE.bytesPerSecond * 8) / 1000} kbps, ${PHONE.latencyMs} ms round trip, CPU ÷${PHONE.cpuSlowdown}, ` +
    `cache off), with the ${ROSTER_ENTRANTS.toLocaleString('en')} active registrations of npm run seed:demo. ` +
    `Time: from the request to the roster parsed and stored in IndexedDB, in the page (performance.now()). ` +
    `Bytes: the response as transferred (headers and compressed body: CDP encodedDataLength). Median of ` +
    `${RUNS} runs. Budget: ${BYTES_PER_THOUSAND} KB per 1,000 entrants (kB = 1000 bytes).`,
};

export async function measureRosterDownload(
  app: RunningServer,
  cookie: string,
  data: BenchData,
): Promise<MeasurementResult> {
  await data.query(
    `update events set event_date = (now() at time zone 'Africa/Harare')::date where is_current`,
  );
  const [{ count } = { count: '0' }] = await data.query<{ count: string }>(
    `select count(*) from registrations r join events e on e.id = r.event_id
      where e.is_current and r.status = 'active'`,
  );
  const entrants = Number(count);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, timeout: 30_000 });
  const removeCleanup = onCleanup(() => browser.close());
  const runs: { seconds: number; bytes: number; rows: number }[] = [];
  try {
    for (let run = 1; run <= RUNS; run++) {
      await waitForQuietCpu(5000);
      runs.push(await once(browser, app.url, cookie, run));
      const last = runs.at(-1);
      console.log(
        `run ${run}: ${last?.rows} rows, ${((last?.bytes ?? 0) / KB).toFixed(1)} kB, ${last?.seconds.toFixed(2)} s`,
      );
    }
  } finally {
    removeCleanup();
    await browser.close();
  }
  const bytes = median(runs.map((run) => run.bytes)) / KB;
  const seconds = median(runs.map((run) => run.seconds));
  const perThousand = (bytes / Math.max(1, entrants)) * 1000;
  return {
    figures: [
      figure('bytes over the wire', bytes, 'kB'),
      figure('bytes per 1,000 entrants', perThousand, 'kB', atMost(BYTES_PER_THOUSAND)),
      figure('download, parse and store on the slow phone', seconds, 's'),
    ],
    notes: [
      `${entrants.toLocaleString('en')} active entrants; ${PHONE.bytesPerSecond / KB} kB/s alone would take ` +
        `${(bytes / (PHONE.bytesPerSecond / KB)).toFixed(1)} s for these bytes.`,
    ],
    details: { runs, entrants },
  };
}

async function once(
  browser: import('@playwright/test').Browser,
  baseUrl: string,
  cookie: string,
  run: number,
) {
  return withPhone(browser, async (page, cdp) => {
    const [name = '', ...rest] = cookie.split('=');
    await page.context().addCookies([{ name, value: rest.join('=').split(';')[0] ?? '', url: baseUrl }]);
    await page.goto(`${baseUrl}/robots.txt`);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const sizes = new Map<string, number>();
    const rosterRequests = new Set<string>();
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.request.url.endsWith('/api/check-in/roster')) rosterRequests.add(event.requestId);
    });
    cdp.on('Network.loadingFinished', (event) => sizes.set(event.requestId, event.encodedDataLength));
    const timed = await page.evaluate(
      async ({ origin, device }) => {
        const started = performance.now();
        const response = await fetch('/api/check-in/roster', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify({ deviceId: device }),
        });
        if (!response.ok)
          throw new Error(`POST /api/check-in/roster: ${response.status} ${await response.text()}`);
        const roster = (await response.json()) as { entries: unknown[] };
        await new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('bench-roster', 1);
          open.onupgradeneeded = () => open.result.createObjectStore('roster');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('roster', 'readwrite');
            tx.objectStore('roster').put(roster, 'roster');
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          };
        });
        return { seconds: (performance.now() - started) / 1000, rows: roster.entries.length };
      },
      { origin: new URL(baseUrl).origin, device: `bench-phone-${String(run).padStart(8, '0')}` },
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const bytes = [...rosterRequests].reduce((sum, id) => sum + (sizes.get(id) ?? 0), 0);
    return { ...timed, bytes };
  });
}

/** Its own database: the admin, then ROSTER_ENTRANTS demo registrations, then the server and the runs. */
export async function measureRosterOnPostgres(databaseUrl: string): Promise<MeasurementResult> {
  const data = new BenchData(databaseUrl);
  await data.createAdmin();
  await data.ensure(ROSTER_ENTRANTS);
  const server = await startServer({ databaseUrl, label: 'roster', dataDir: data.dataDir });
  try {
    const cookie = await signIn(server.url, ADMIN.email, ADMIN.password);
    return await measureRosterDownload(server, cookie, data);
  } finally {
    await server.stop();
  }
}
