import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from '../lib/chromium.ts';
import { onCleanup, withTimeout } from './cleanup.ts';
import { BenchData } from './data.ts';
import { atMost, figure, type MeasurementResult, type MeasurementSpec } from './figures.ts';
import { median } from './http.ts';
import { waitForQuietCpu } from './machine.ts';
import { PHONE, withPhone } from './phone.ts';
import { startServer } from './processes.ts';

const GIFTS = 2_000;
const RUNS = 3;
const LOAD_TIMEOUT_MS = 30_000;
const KB = 1000;

export const GIVE_PAGE: MeasurementSpec = {
  id: 'give-page',
  title: `/Give with ${GIFTS.toLocaleString('en')} paid gifts on the slow phone`,
  method:
    `npm run seed:demo's event, published, its cause open with a goal and ${GIFTS.toLocaleString('en')} paid ` +
    `gifts (half named with consent). /Give opened cold (cache off, fresh context) on the emulated phone of ` +
    `issue 19 (${(PHONE.bytesPerSecond * 8) / 1000} kbps, ${PHONE.latencyMs} ms round trip, CPU ÷${PHONE.cpuSlowdown}). ` +
    `First content: the later of first-contentful-paint and the moment the h1 and the progress bar are in the ` +
    `DOM and visible (a MutationObserver and a 50 ms timer, performance.now() from navigation start), as ` +
    `/Results is measured. Median of ${RUNS} runs. kB = 1000 bytes.`,
};

export async function measureGivePageOnPostgres(databaseUrl: string): Promise<MeasurementResult> {
  const data = new BenchData(databaseUrl);
  await data.createAdmin();
  await data.ensure(100);
  await data.query(
    `update events set published_at = coalesce(published_at, now()), gifts_open = true,
       cause_title = 'Borehole for the church school', cause_text = 'Clean water for 400 families.',
       cause_goal_usd = 100000 where is_current`,
  );
  await data.query(
    `insert into gifts (event_id, reference, amount, currency, giver_name, giver_email, show_name, status, paid_by, paid_at)
      select e.id, e.reference_prefix || '-D' || nextval('gift_number_seq'), (5 + n % 50)::numeric, 'USD',
             'Giver' || chr(97 + n % 26) || ' Bench', 'giver' || n || '@example.com', n % 2 = 0, 'paid', 'cash',
             now() - (n || ' minutes')::interval
        from events e, generate_series(1, $1::integer) as n where e.is_current`,
    [GIFTS],
  );
  await data.query('vacuum analyze gifts');

  const server = await startServer({ databaseUrl, label: 'give', dataDir: data.dataDir });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, timeout: 30_000 });
  const removeCleanup = onCleanup(() => browser.close());
  const url = `${server.url}/Give`;
  const runs: { firstContent: number; fcp: number; bytes: number }[] = [];
  try {
    for (let run = 1; run <= RUNS; run++) {
      await waitForQuietCpu(5000);
      runs.push(await withTimeout(once(browser, url), 90_000, `Give run ${run}`));
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
        'Phone: /Give first content (heading and progress bar)',
        median(runs.map((run) => run.firstContent)),
        's',
        atMost(1.2),
      ),
      figure('Phone: /Give first-contentful-paint', median(runs.map((run) => run.fcp)), 's'),
      figure('Phone: /Give bytes of the cold load', median(runs.map((run) => run.bytes)) / KB, 'kB'),
    ],
    notes: [`${GIFTS.toLocaleString('en')} paid gifts; the page names the newest 50 givers who agreed.`],
    details: { runs },
  };
}

/** The probe: the h1 and the progress bar, visible; first-contentful-paint beside it. */
const PROBE = `(() => {
  const state = {};
  window.__giveProbe = state;
  const look = () => {
    if (state.fcp === undefined) {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      if (paint) state.fcp = paint.startTime;
    }
    if (state.content === undefined && document.body) {
      const h1 = document.querySelector('h1');
      const bar = document.querySelector('[role=progressbar]');
      if (h1 && h1.checkVisibility() && bar && bar.checkVisibility()) state.content = performance.now();
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
        const state = (window as unknown as { __giveProbe?: { content?: number; fcp?: number } }).__giveProbe;
        return state?.content !== undefined && state.fcp !== undefined;
      },
      undefined,
      { polling: 250, timeout: LOAD_TIMEOUT_MS },
    );
    await page.waitForLoadState('load', { timeout: LOAD_TIMEOUT_MS });
    cdp.off('Network.loadingFinished', onFinished);
    const state = await page.evaluate(
      () => (window as unknown as { __giveProbe: { content: number; fcp: number } }).__giveProbe,
    );
    return { firstContent: Math.max(state.content, state.fcp) / 1000, fcp: state.fcp / 1000, bytes };
  });
}
