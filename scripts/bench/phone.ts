import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from '../lib/chromium.ts';
import { onCleanup, withTimeout } from './cleanup.ts';
import { atMost, type Figure, figure, type MeasurementResult, type MeasurementSpec } from './figures.ts';
import { waitForQuietCpu } from './machine.ts';

/** The phone of issue 19: a cheap Android on costly, patchy data. */
export const PHONE = {
  width: 390,
  height: 844,
  deviceScaleFactor: 2,
  latencyMs: 400,
  /** 400 kbps down and up. */
  bytesPerSecond: 50_000,
  cpuSlowdown: 4,
};
const RUNS = 3;
const LOAD_TIMEOUT_MS = 30_000;
const FLOOR_FILE = '/robots.txt';
const KB = 1000;

/**
 * The fields of the runner and cyclist forms, by the start of their labels (the form the registration
 * contract in src/shared/registrations describes); the race options come from /api/event.
 */
const FORM_LABELS = [
  'First name',
  'Last name',
  'Email',
  'Mobile',
  'Age',
  'Race type',
  'Gender',
  'T-shirt size',
  'Next of kin mobile',
  'I agree to the',
];
const FORMS = [
  { route: '/Register', discipline: 'runner' },
  { route: '/RegisterCyclist', discipline: 'cyclist' },
] as const;

const BUDGETS = {
  firstContent: atMost(1.2),
  form: atMost(1.5),
  bytesBeforeFirstContent: atMost(20),
  secondVisit: atMost(0.8),
  secondVisitBytes: atMost(3),
};

export const PHONE_PROFILE: MeasurementSpec = {
  id: 'phone',
  title: 'Phone on bad data: first content, usable forms, bytes',
  method:
    `Headless Chromium (Playwright) emulating the phone of issue 19 through the DevTools protocol: ` +
    `${PHONE.width} px wide at ${PHONE.deviceScaleFactor}× (touch, mobile), Network.emulateNetworkConditions ` +
    `(${PHONE.latencyMs} ms round trip, ${(PHONE.bytesPerSecond * 8) / 1000} kbps down and up), ` +
    `Emulation.setCPUThrottlingRate ${PHONE.cpuSlowdown}; every cold load in a fresh browser context with ` +
    `Network.setCacheDisabled. A script added with Page.addScriptToEvaluateOnNewDocument watches the DOM ` +
    `(a MutationObserver, and every 50 ms for changes no mutation shows, such as hydration) and notes ` +
    `performance.now() (from navigation start) when the condition first holds: on / the event's title in ` +
    `an h1, its greeting and the links to /Register and /RegisterCyclist, each visible (checkVisibility); ` +
    `first content is the later of that and first-contentful-paint, since elements in the DOM are not yet ` +
    `painted. On the forms: a labelled control for every field, an option for every race of the discipline ` +
    `(from /api/event), and an enabled submit button in a form that can be sent: a <form method="post"> ` +
    `before any JavaScript, or one React has attached its handlers to, whichever came first (said below). ` +
    `Bytes before first content: the encodedDataLength (headers and compressed body, as transferred) of ` +
    `the requests whose Network.loadingFinished came before the firstContentfulPaint lifecycle event. ` +
    `Second visit: in the same context, once the cold load of / has settled, with the cache on: / opened ` +
    `again, the same condition, and every byte transferred until the load event and 0.5 s without ` +
    `requests. Floor: ${FLOOR_FILE} under the same emulation, until its response ended. Each figure is ` +
    `the median of ${RUNS} runs, each after waiting (up to 5 s) for quiet CPUs. kB = 1000 bytes.`,
};

interface PublicEvent {
  title: string;
  greeting: string;
  registrationOpen: boolean;
  races: { discipline: string; label: string }[];
}

/** What the injected probe leaves on window.__phoneProbe. */
interface ProbeState {
  content?: number;
  form?: number;
  formHow?: 'native' | 'react';
  fcp?: number;
}

interface Transfer {
  url: string;
  bytes: number;
  finishedAt: number;
  fromCache: boolean;
}

interface Load {
  probe: ProbeState;
  transfers: Transfer[];
  /** Monotonic time (s) of the firstContentfulPaint lifecycle event, when there was one. */
  fcpAt?: number;
}

export async function measurePhone(baseUrl: string): Promise<MeasurementResult> {
  const event = (await (await fetch(`${baseUrl}/api/event`)).json()) as PublicEvent;
  if (!event.registrationOpen) throw new Error('Registration is closed: / shows no links to the forms');
  await waitForQuietCpu();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, timeout: 30_000 });
  const removeCleanup = onCleanup(() => browser.close());
  try {
    const runs: Run[] = [];
    for (let run = 1; run <= RUNS; run++) {
      await waitForQuietCpu(5000);
      runs.push(await withTimeout(measureOnce(browser, baseUrl, event), 150_000, `Phone run ${run}`));
      console.log(`run ${run}: ${describeRun(runs[runs.length - 1] as Run)}`);
    }
    return summarise(runs);
  } finally {
    removeCleanup();
    await browser.close();
  }
}

interface Run {
  firstContent: number;
  fcp: number;
  bytesBeforeFirstContent: number;
  bytesBeforeFirstContentFiles: string[];
  coldBytes: number;
  forms: { route: string; seconds: number; how: string }[];
  secondVisit: number;
  secondVisitBytes: number;
  secondVisitFiles: string[];
  floor: number;
}

async function measureOnce(browser: Browser, baseUrl: string, event: PublicEvent): Promise<Run> {
  // The second visit in the same context: Network.setCacheDisabled keeps the cold load from reading the
  // cache, not from filling it (the second visit reads what it stored).
  const [landing, second] = await withPhone(browser, async (page, cdp) => {
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const cold = await load(page, cdp, `${baseUrl}/`, probeLanding(event), 'content', true);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    return [cold, await load(page, cdp, `${baseUrl}/`, probeLanding(event), 'content', true)];
  });
  const firstContent = Math.max(need(landing.probe.content, 'content'), need(landing.probe.fcp, 'FCP'));
  const sent = second.transfers.filter((t) => !t.fromCache && t.bytes > 0);
  const beforeFcp = landing.transfers.filter(
    (t) => landing.fcpAt !== undefined && t.finishedAt <= landing.fcpAt,
  );

  const forms = [];
  for (const { route, discipline } of FORMS) {
    const races = event.races.filter((race) => race.discipline === discipline).map((race) => race.label);
    const form = await withPhone(browser, async (page, cdp) => {
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      return load(page, cdp, `${baseUrl}${route}`, probeForm(races), 'form');
    });
    forms.push({ route, seconds: need(form.probe.form, route) / 1000, how: form.probe.formHow ?? '?' });
  }

  const floor = await withPhone(browser, async (page, cdp) => {
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(`${baseUrl}${FLOOR_FILE}`, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
    return page.evaluate(() => performance.getEntriesByType('navigation')[0]?.toJSON().responseEnd as number);
  });

  return {
    firstContent: firstContent / 1000,
    fcp: need(landing.probe.fcp, 'FCP') / 1000,
    bytesBeforeFirstContent: sum(beforeFcp.map((t) => t.bytes)) / KB,
    bytesBeforeFirstContentFiles: beforeFcp.map((t) => `${pathOf(t.url)} ${(t.bytes / KB).toFixed(1)}`),
    coldBytes: sum(landing.transfers.map((t) => t.bytes)) / KB,
    forms,
    secondVisit:
      Math.max(need(second.probe.content, 'second content'), need(second.probe.fcp, 'second FCP')) / 1000,
    secondVisitBytes: sum(sent.map((t) => t.bytes)) / KB,
    secondVisitFiles: sent.map((t) => `${pathOf(t.url)} ${(t.bytes / KB).toFixed(1)}`),
    floor: floor / 1000,
  };
}

/** A fresh context (empty cache, no cookies) on the emulated phone. */
export async function withPhone<T>(
  browser: Browser,
  body: (page: Page, cdp: CDPSession) => Promise<T>,
): Promise<T> {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: PHONE.width, height: PHONE.height },
    deviceScaleFactor: PHONE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Page.enable');
    await cdp.send('Page.setLifecycleEventsEnabled', { enabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.latencyMs,
      downloadThroughput: PHONE.bytesPerSecond,
      uploadThroughput: PHONE.bytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    return await body(page, cdp);
  } finally {
    await context.close();
  }
}

/**
 * Opens `url` with `probe` injected and waits until the probe saw `wanted` and first-contentful-paint;
 * with `untilQuiet`, also until the load event and 0.5 s without requests, so every byte is counted.
 */
async function load(
  page: Page,
  cdp: CDPSession,
  url: string,
  probe: string,
  wanted: 'content' | 'form',
  untilQuiet = false,
): Promise<Load> {
  const { identifier } = await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: probe });
  const transfers = new Map<string, Transfer>();
  const urls = new Map<string, string>();
  const cached = new Set<string>();
  let fcpAt: number | undefined;
  const onRequest = (e: { requestId: string; request: { url: string } }) =>
    urls.set(e.requestId, e.request.url);
  const onCached = (e: { requestId: string }) => cached.add(e.requestId);
  // Only requests of this load: one of the page before may finish after it began.
  const onFinished = (e: { requestId: string; timestamp: number; encodedDataLength: number }) =>
    urls.has(e.requestId) &&
    transfers.set(e.requestId, {
      url: urls.get(e.requestId) as string,
      bytes: e.encodedDataLength,
      finishedAt: e.timestamp,
      fromCache: cached.has(e.requestId),
    });
  const { frameTree } = await cdp.send('Page.getFrameTree');
  const onLifecycle = (e: { name: string; timestamp: number; frameId: string }) => {
    if (e.name === 'firstContentfulPaint' && e.frameId === frameTree.frame.id) fcpAt ??= e.timestamp;
  };
  cdp.on('Network.requestWillBeSent', onRequest);
  cdp.on('Network.requestServedFromCache', onCached);
  cdp.on('Network.loadingFinished', onFinished);
  cdp.on('Page.lifecycleEvent', onLifecycle);
  try {
    await page.goto(url, { waitUntil: 'commit', timeout: LOAD_TIMEOUT_MS });
    await page.waitForFunction(
      (key) => {
        const state = (window as unknown as { __phoneProbe?: ProbeState }).__phoneProbe;
        return state?.[key] !== undefined && state.fcp !== undefined;
      },
      wanted,
      { polling: 250, timeout: LOAD_TIMEOUT_MS },
    );
    if (untilQuiet) await settle(page);
    const state = await page.evaluate(() => (window as unknown as { __phoneProbe: ProbeState }).__phoneProbe);
    return { probe: state, transfers: [...transfers.values()], fcpAt };
  } finally {
    cdp.off('Network.requestWillBeSent', onRequest);
    cdp.off('Network.requestServedFromCache', onCached);
    cdp.off('Network.loadingFinished', onFinished);
    cdp.off('Page.lifecycleEvent', onLifecycle);
    await cdp.send('Page.removeScriptToEvaluateOnNewDocument', { identifier });
  }
}

/** The load event, then 0.5 s without requests (at most 15 s). */
async function settle(page: Page) {
  await page.waitForLoadState('load', { timeout: LOAD_TIMEOUT_MS });
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
}

/**
 * The probe, as source text (a function's own text would carry the bundler's helpers into the page).
 * `check` returns whether the condition holds, and notes `now`, when the DOM was as it saw it; the probe
 * also notes FCP.
 */
function probe(check: string): string {
  return `(() => {
  const state = {};
  window.__phoneProbe = state;
  const check = ${check};
  const look = () => {
    if (state.fcp === undefined) {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      if (paint) state.fcp = paint.startTime;
    }
    if (state.done) return;
    const now = performance.now();
    if (document.body && check(state, now)) state.done = now;
    if (state.done && state.fcp !== undefined) { observer.disconnect(); clearInterval(timer); }
  };
  const observer = new MutationObserver(look);
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
  const timer = setInterval(look, 50);
  new PerformanceObserver(look).observe({ type: 'paint', buffered: true });
})();`;
}

function probeLanding(event: PublicEvent): string {
  return probe(`(state, now) => {
    const title = ${JSON.stringify(event.title)}, greeting = ${JSON.stringify(event.greeting)};
    const body = document.body.textContent || '';
    if (!body.includes(title) || !body.includes(greeting)) return false;
    const seen = (el) => !!el && el.checkVisibility();
    const h1 = [...document.querySelectorAll('h1')].find((h) => (h.textContent || '').includes(title));
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let greetingNode;
    for (let node = walker.nextNode(); node && !greetingNode; node = walker.nextNode())
      if (node.data.includes(greeting)) greetingNode = node.parentElement;
    const link = (path) => [...document.querySelectorAll('a[href]')].find((a) => new URL(a.href).pathname === path);
    if (!seen(h1) || !seen(greetingNode) || !seen(link('/Register')) || !seen(link('/RegisterCyclist'))) return false;
    state.content = now;
    return true;
  }`);
}

function probeForm(races: string[]): string {
  return probe(`(state, now) => {
    const labels = ${JSON.stringify(FORM_LABELS)}, races = ${JSON.stringify(races)};
    const select = [...document.querySelectorAll('select')].find((s) => {
      const values = [...s.options].map((o) => o.value);
      return races.every((race) => values.includes(race));
    });
    const form = select && select.form;
    if (!form) return false;
    const fields = [...form.querySelectorAll('label')];
    const labelled = labels.every((text) =>
      fields.some((l) => (l.textContent || '').trim().startsWith(text) && l.control && l.control.form === form));
    if (!labelled) return false;
    const submit = form.querySelector('button[type=submit], button:not([type]), input[type=submit]');
    if (!submit || submit.disabled || !submit.checkVisibility()) return false;
    const react = Object.keys(form).some((key) => key.startsWith('__reactProps'));
    const native = (form.getAttribute('method') || '').toLowerCase() === 'post';
    if (!react && !native) return false;
    state.form = now;
    state.formHow = native ? 'native' : 'react';
    return true;
  }`);
}

function summarise(runs: Run[]): MeasurementResult {
  const med = (pick: (run: Run) => number) => median(runs.map(pick));
  const formFigures: Figure[] = FORMS.map(({ route }, index) =>
    figure(
      `Phone: ${route} form usable`,
      med((run) => run.forms[index]?.seconds ?? Number.NaN),
      's',
      BUDGETS.form,
    ),
  );
  const figures: Figure[] = [
    figure(
      'Phone: / first content (title, greeting, both links)',
      med((r) => r.firstContent),
      's',
      BUDGETS.firstContent,
    ),
    figure(
      'Phone: / first-contentful-paint',
      med((r) => r.fcp),
      's',
    ),
    figure(
      'Phone: / bytes before first content',
      med((r) => r.bytesBeforeFirstContent),
      'kB',
      BUDGETS.bytesBeforeFirstContent,
    ),
    figure(
      'Phone: / bytes of the whole cold load',
      med((r) => r.coldBytes),
      'kB',
    ),
    ...formFigures,
    figure(
      'Phone: / second visit, first content',
      med((r) => r.secondVisit),
      's',
      BUDGETS.secondVisit,
    ),
    figure(
      'Phone: / second visit, bytes transferred',
      med((r) => r.secondVisitBytes),
      'kB',
      BUDGETS.secondVisitBytes,
    ),
    figure(
      `Phone: floor, ${FLOOR_FILE} (a tiny static file)`,
      med((r) => r.floor),
      's',
    ),
  ];
  const last = runs[runs.length - 1] as Run;
  return {
    figures,
    notes: [],
    details: runs,
    breakdown: [
      ...FORMS.map(
        ({ route }, index) =>
          `${route}: the form could first be sent ${last.forms[index]?.how === 'native' ? 'natively (a server-rendered <form method="post">, before JavaScript)' : 'through React (after JavaScript ran)'}`,
      ),
      `Before first content on / (last run): ${last.bytesBeforeFirstContentFiles.join(', ') || 'nothing finished'} (kB)`,
      `Second visit (last run): ${last.secondVisitFiles.join(', ') || 'nothing transferred'} (kB)`,
      ...runs.map((run, index) => `Run ${index + 1}: ${describeRun(run)}`),
    ],
  };
}

function describeRun(run: Run): string {
  const forms = run.forms.map((f) => `${f.route} ${f.seconds.toFixed(2)} s (${f.how})`).join(', ');
  return (
    `/ first content ${run.firstContent.toFixed(2)} s (FCP ${run.fcp.toFixed(2)} s), ` +
    `${run.bytesBeforeFirstContent.toFixed(1)} kB before it, ${run.coldBytes.toFixed(1)} kB in all; ${forms}; ` +
    `second visit ${run.secondVisit.toFixed(2)} s, ${run.secondVisitBytes.toFixed(1)} kB; floor ${run.floor.toFixed(2)} s`
  );
}

function need(value: number | undefined, what: string): number {
  if (value === undefined) throw new Error(`No ${what} was recorded`);
  return value;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const pathOf = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
};
