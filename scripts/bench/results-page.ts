import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from '../lib/chromium.ts';
import { onCleanup, withTimeout } from './cleanup.ts';
import { BenchData } from './data.ts';
import { atMost, figure, type MeasurementResult, type MeasurementSpec } from './figures.ts';
import { median } from './http.ts';
import { waitForQuietCpu } from './machine.ts';
import { PHONE, withPhone } from './phone.ts';
import { startServer } from './processes.ts';

export const RESULTS_FINISHERS = 5_000;
const RUNS = 3;
const LOAD_TIMEOUT_MS = 30_000;
const KB = 1000;

export const RESULTS_PAGE: MeasurementSpec = {
  id: 'results-page',
  title: `/Results of a race with ${RESULTS_FINISHERS.toLocaleString('en')} finishers on the slow phone`,
  method:
    `npm run seed:demo's ${RESULTS_FINISHERS.toLocaleString('en')} active registrations, all put in one ` +
    `race with a bib and a published finish time each (results, events.results_published_at). /Results?race=… ` +
    `opened cold (cache off, fresh context) on the emulated phone of issue 19 ` +
    `(${(PHONE.bytesPerSecond * 8) / 1000} kbps, ${PHONE.latencyMs} ms round trip, CPU ÷${PHONE.cpuSlowdown}). ` +
    `First content: the later of first-contentful-paint and the moment the h1 and the winner's row (place 1, ` +
    `the first item of the list) are in the DOM and visible (a MutationObserver and a 50 ms timer, ` +
    `performance.now() from navigation start), as / is measured. Median of ${RUNS} runs. kB = 1000 bytes.`,
};

export async function measureResultsPageOnPostgres(databaseUrl: string): Promise<MeasurementResult> {
  const data = new BenchData(databaseUrl);
  await data.createAdmin();
  await data.ensure(RESULTS_FINISHERS);
  const [race] = await data.query<{ id: string }>(
    `select r.id from race_options r join events e on e.id = r.event_id
      where e.is_current and r.discipline = 'run' order by r.sort_order, r.label limit 1`,
  );
  if (!race) throw new Error('The seeded event has no runners’ race');
  // Every entrant a runner of that race, with a bib and a time between 25 and 95 minutes.
  await data.query(
    `update registrations r set discipline = 'run', race_option_id = $1, bib = numbered.n
      from (select id, row_number() over (order by created_at, id) as n from registrations
        where event_id = (select id from events where is_current) and status = 'active') as numbered
      where r.id = numbered.id`,
    [race.id],
  );
  await data.query(
    `insert into results (registration_id, event_id, status, time_ms, source)
      select id, event_id, 'finished', 1500000 + floor(random() * 4200000)::integer, 'import'
      from registrations where event_id = (select id from events where is_current) and status = 'active'
      on conflict (registration_id) do nothing`,
  );
  await data.query(`update events set results_published_at = now() where is_current`);
  await data.query('vacuum analyze registrations');
  await data.query('vacuum analyze results');

  const server = await startServer({ databaseUrl, label: 'results', dataDir: data.dataDir });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, timeout: 30_000 });
  const removeCleanup = onCleanup(() => browser.close());
  const url = `${server.url}/Results?race=${race.id}`;
  const runs: { firstContent: number; fcp: number; bytes: number }[] = [];
  try {
    for (let run = 1; run <= RUNS; run++) {
      await waitForQuietCpu(5000);
      runs.push(await withTimeout(once(browser, url), 90_000, `Results run ${run}`));
      const last = runs.at(-1);
      console.log(
        `run ${run}: first content ${last?.firstContent.toFixed(2)} s, ${((last?.bytes ?? 0) / KB).toFixed(1)} kB`,
      );
    }
  } finally {
    removeCleanup();
    await browser.close();
    await server.stop();
  }
  return {
    figures: [
      figure(
        'Phone: /Results first content (heading and the winner)',
        median(runs.map((run) => run.firstContent)),
        's',
        atMost(1.2),
      ),
      figure('Phone: /Results first-contentful-paint', median(runs.map((run) => run.fcp)), 's'),
      figure('Phone: /Results bytes of the cold load', median(runs.map((run) => run.bytes)) / KB, 'kB'),
    ],
    notes: [`${RESULTS_FINISHERS.toLocaleString('en')} finishers in the race shown, 100 a page.`],
    details: { runs },
  };
}

/** The probe: the h1 and the first row of the list, visible; first-contentful-paint beside it. */
const PROBE = `(() => {
  const state = {};
  window.__resultsProbe = state;
  const look = () => {
    if (state.fcp === undefined) {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      if (paint) state.fcp = paint.startTime;
    }
    if (state.content === undefined && document.body) {
      const h1 = document.querySelector('h1');
      const first = document.querySelector('ol > li');
      const place = first && first.firstElementChild;
      if (h1 && h1.checkVisibility() && first && first.checkVisibility() && place && place.textContent.trim() === '1')
        state.content = performance.now();
    }
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
  setInterval(look, 50);
  new PerformanceObserver(look).observe({ type: 'paint', buffered: true });
})();`;

async function once(browser: import('@playwright/test').Browser, url: string) {
  return withPhone(browser, async (page, cdp) => {
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    let bytes = 0;
    const onFinished = (event: { encodedDataLength: number }) => {
      bytes += event.encodedDataLength;
    };
    cdp.on('Network.loadingFinished', onFinished);
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: PROBE });
    await page.goto(url, { waitUntil: 'commit', timeout: LOAD_TIMEOUT_MS });
    await page.waitForFunction(
      () => {
        const state = (window as unknown as { __resultsProbe?: { content?: number; fcp?: number } })
          .__resultsProbe;
        return state?.content !== undefined && state.fcp !== undefined;
      },
      undefined,
      { polling: 250, timeout: LOAD_TIMEOUT_MS },
    );
    await page.waitForLoadState('load', { timeout: LOAD_TIMEOUT_MS });
    cdp.off('Network.loadingFinished', onFinished);
    const state = await page.evaluate(
      () => (window as unknown as { __resultsProbe: { content: number; fcp: number } }).__resultsProbe,
    );
    return { firstContent: Math.max(state.content, state.fcp) / 1000, fcp: state.fcp / 1000, bytes };
  });
}
