import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS } from '../lib/chromium.ts';
import { onCleanup, withTimeout } from './cleanup.ts';
import { atLeast, type Figure, figure, type MeasurementResult, type MeasurementSpec } from './figures.ts';
import { waitForQuietCpu } from './machine.ts';

const ROUTES = ['/', '/Register', '/RegisterCyclist', '/Thankyou'];
/** Lighthouse's own advice for a score that varies between runs: several, and their median. */
const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility'] as const;
const BUDGETS = { performance: atLeast(0.95), accessibility: atLeast(1) };
/**
 * Issue 19 asks for 1.00 on the pages a phone opens first. Lighthouse rounds a category's score to two
 * decimals, so at least 1 is the same as the 0.995 a displayed 1.00 stands for.
 */
const ROUTE_BUDGETS: Record<string, Partial<typeof BUDGETS>> = {
  '/': { performance: atLeast(1) },
  '/Register': { performance: atLeast(1) },
};
const budget = (route: string, category: (typeof CATEGORIES)[number]) =>
  ROUTE_BUDGETS[route]?.[category] ?? BUDGETS[category];
/** Lighthouse's metric audits and the short names RESULTS.md uses for them. */
const METRICS: Record<string, string> = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'Speed Index',
};

export const LIGHTHOUSE: MeasurementSpec = {
  id: 'lighthouse',
  title: 'Lighthouse: performance and accessibility',
  method:
    'Lighthouse 12 through its Node API, one fresh headless Chromium (chrome-launcher, --headless=new) per ' +
    'route once the CPUs are quiet, default mobile form factor with simulated throttling, categories ' +
    'performance and accessibility; ' +
    `${RUNS} runs per route (each repeated once when Lighthouse reports a failed trace), the run with the ` +
    "median performance score reported, as Lighthouse advises for its variability: a single run's score " +
    'moves by a few points.',
};

interface FailingAudit {
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  weight: number;
}

interface RouteReport {
  route: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<string, string | undefined>;
  failingAudits: Record<(typeof CATEGORIES)[number], FailingAudit[]>;
  warnings: string[];
}

export async function measureLighthouse(baseUrl: string): Promise<MeasurementResult> {
  const reports: RouteReport[] = [];
  for (const route of ROUTES) {
    const runs: RouteReport[] = [];
    for (let run = 0; run < RUNS; run += 1)
      runs.push(summarise(route, await runLighthouseWithRetry(`${baseUrl}${route}`)));
    runs.sort((a, b) => a.scores.performance - b.scores.performance);
    const median = runs[Math.floor(runs.length / 2)] as RouteReport;
    // Accessibility does not vary with timing: the lowest of the runs, should one differ.
    const accessibility = Math.min(...runs.map((one) => one.scores.accessibility));
    const report = { ...median, scores: { ...median.scores, accessibility } };
    console.log(
      `${route.padEnd(17)} performance ${report.scores.performance.toFixed(2)} ` +
        `(runs: ${runs.map((one) => one.scores.performance.toFixed(2)).join(', ')}), ` +
        `accessibility ${report.scores.accessibility.toFixed(2)}`,
    );
    reports.push(report);
  }
  return {
    figures: reports.flatMap(routeFigures),
    notes: reports.flatMap(missNotes),
    details: reports,
    breakdown: reports.map(describeMetrics),
  };
}

/** Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP) and asks to be run again: once. */
async function runLighthouseWithRetry(url: string): Promise<LighthouseResult> {
  try {
    return await runLighthouse(url);
  } catch (error) {
    if (!(error instanceof LighthouseRuntimeError)) throw error;
    console.log(`${error.message}; running it again.`);
    return runLighthouse(url);
  }
}

class LighthouseRuntimeError extends Error {}

async function runLighthouse(url: string): Promise<LighthouseResult> {
  // Lighthouse scales its simulated throttling by a CPU benchmark it takes during the run.
  await waitForQuietCpu();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    logLevel: 'silent',
  });
  const removeCleanup = onCleanup(() => chrome.kill());
  try {
    const run = lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    const result = await withTimeout(run, 150_000, `Lighthouse on ${url}`, () => chrome.kill());
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) {
      throw new LighthouseRuntimeError(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
    }
    return result.lhr;
  } finally {
    removeCleanup();
    chrome.kill();
  }
}

function summarise(route: string, lhr: LighthouseResult): RouteReport {
  const score = (category: (typeof CATEGORIES)[number]) => {
    const value = lhr.categories[category]?.score;
    if (value === null || value === undefined)
      throw new Error(`Lighthouse gave no ${category} score for ${route}`);
    return value;
  };
  return {
    route,
    scores: { performance: score('performance'), accessibility: score('accessibility') },
    metrics: Object.fromEntries(Object.keys(METRICS).map((id) => [id, lhr.audits[id]?.displayValue])),
    failingAudits: {
      performance: failingAudits(lhr, 'performance'),
      accessibility: failingAudits(lhr, 'accessibility'),
    },
    warnings: lhr.runWarnings,
  };
}

/** Audits of a category below Lighthouse's "good" mark (0.9): weighted ones (they move the score) first. */
function failingAudits(lhr: LighthouseResult, category: string): FailingAudit[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 0.9)
    .map(({ ref, audit }) => ({
      id: ref.id,
      title: audit?.title ?? ref.id,
      score: audit?.score ?? null,
      displayValue: audit?.displayValue,
      weight: ref.weight,
    }))
    .sort((a, b) => b.weight - a.weight || (a.score ?? 0) - (b.score ?? 0));
}

function routeFigures(report: RouteReport): Figure[] {
  return CATEGORIES.map((category) =>
    figure(
      `Lighthouse ${category} on ${report.route}`,
      report.scores[category],
      'score',
      budget(report.route, category),
    ),
  );
}

/** For each score below its budget: the audits most likely behind it. */
function missNotes(report: RouteReport): string[] {
  return CATEGORIES.filter((category) => report.scores[category] < budget(report.route, category).limit).map(
    (category) => {
      const audits = report.failingAudits[category]
        .slice(0, 6)
        .map((audit) => `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      return `${category} ${report.scores[category].toFixed(2)} on ${report.route}: ${audits.join('; ') || 'no single failing audit'}`;
    },
  );
}

function describeMetrics(report: RouteReport): string {
  const metrics = Object.entries(report.metrics).map(
    ([id, value]) => `${METRICS[id] ?? id} ${value?.replaceAll('\u00a0', ' ') ?? '?'}`,
  );
  return `${report.route}: ${metrics.join(', ')}`;
}
