import { SORTABLE_COLUMNS } from '../../src/shared/participants/participants.ts';
import type { BenchData } from './data.ts';
import { atMost, figure, type MeasurementResult, type MeasurementSpec } from './figures.ts';
import { median, percentile, roundMs, timedGet } from './http.ts';
import { waitForQuietCpu } from './machine.ts';
import type { RunningServer } from './processes.ts';

export const LIST_REGISTRATIONS = 20_000;
const REPEATS = 3;
const BUDGET_MS = 50;

export const PARTICIPANTS_LIST: MeasurementSpec = {
  id: 'participants-list',
  title: `Participants list API with ${LIST_REGISTRATIONS.toLocaleString('en')} registrations`,
  method:
    `GET /api/participants as the signed-in admin (session cookie), one request at a time from the bench ` +
    `process (fetch, keep-alive), timed to the last byte, on the throwaway PostgreSQL with ` +
    `${LIST_REGISTRATIONS.toLocaleString('en')} registrations from npm run seed:demo. The combinations: ` +
    'every sort column in both directions on the first page of 25 and on the last page of 100; the ' +
    'default list (newest first) on its first, middle and last page; each filter value alone (discipline, ' +
    'payment, gender, every race, T-shirt sizes, searches for a name, a full name, two letters, an email ' +
    'fragment, phone digits, a reference and nothing); and filters combined with a sort on deep pages. ' +
    `One untimed pass over all combinations (it also finds each filter's last page), then ${REPEATS} timed ` +
    `passes. Budget (issue 5): p95 ≤ ${BUDGET_MS} ms for any page, sort or filter, read as: the p95 over ` +
    `every timed request, and the slowest combination (median of its ${REPEATS} requests), each ≤ ${BUDGET_MS} ms.`,
};

interface Combination {
  label: string;
  params: Record<string, string>;
  /** A page to work out from the total once the filter is known. */
  page?: 'middle' | 'last';
}

interface EventShape {
  races: { discipline: string; label: string }[];
  tshirtSizes: { run: string[]; cycle: string[] };
}

function combinations(event: EventShape): Combination[] {
  const list: Combination[] = [{ label: 'default (no parameters)', params: {} }];
  for (const sort of SORTABLE_COLUMNS) {
    for (const dir of ['asc', 'desc']) {
      list.push({ label: `sort=${sort} ${dir}, page 1 of 25`, params: { sort, dir, pageSize: '25' } });
      list.push({
        label: `sort=${sort} ${dir}, last page of 100`,
        params: { sort, dir, pageSize: '100' },
        page: 'last',
      });
    }
  }
  list.push({ label: 'default sort, middle page of 25', params: { pageSize: '25' }, page: 'middle' });
  list.push({ label: 'default sort, last page of 25', params: { pageSize: '25' }, page: 'last' });

  const filters: Record<string, string>[] = [
    { discipline: 'run' },
    { discipline: 'cycle' },
    { payment: 'unpaid' },
    { payment: 'paid' },
    { payment: 'waived' },
    { gender: 'Male' },
    { gender: 'Female' },
    { gender: 'unknown' },
    ...event.races.map((race) => ({ race: race.label })),
    ...[...new Set([...event.tshirtSizes.run.slice(0, 2), ...event.tshirtSizes.cycle.slice(0, 1)])].map(
      (tshirt) => ({ tshirt }),
    ),
    { q: 'tendai' },
    { q: 'chipo moyo' },
    { q: 'ti' },
    { q: 'example.com' },
    { q: '077 12' },
    { q: 'CFR' },
    { q: '-1234' },
    { q: 'nobody here' },
  ];
  for (const params of filters) {
    list.push({
      label: Object.entries(params)
        .map(([k, v]) => `${k}=${v}`)
        .join('&'),
      params,
    });
  }
  const race = event.races.find((r) => r.discipline === 'cycle') ?? event.races[0];
  const combined: Combination[] = [
    {
      label: 'discipline=cycle&payment=unpaid, sort=lastName asc, last page of 100',
      params: { discipline: 'cycle', payment: 'unpaid', sort: 'lastName', dir: 'asc', pageSize: '100' },
      page: 'last',
    },
    {
      label: 'payment=paid, sort=createdAt asc, middle page of 100',
      params: { payment: 'paid', sort: 'createdAt', dir: 'asc', pageSize: '100' },
      page: 'middle',
    },
    {
      label: 'q=moyo, sort=age desc, last page of 100',
      params: { q: 'moyo', sort: 'age', dir: 'desc', pageSize: '100' },
      page: 'last',
    },
    {
      label: `gender=Female&race=${race?.label}, sort=email desc, page 1 of 100`,
      params: { gender: 'Female', race: race?.label ?? '', sort: 'email', dir: 'desc', pageSize: '100' },
    },
    {
      label: 'discipline=run&gender=Male&payment=waived, sort=raceType asc, last page of 25',
      params: { discipline: 'run', gender: 'Male', payment: 'waived', sort: 'raceType', dir: 'asc' },
      page: 'last',
    },
    {
      label: 'q=example.com, sort=mobile desc, last page of 100',
      params: { q: 'example.com', sort: 'mobile', dir: 'desc', pageSize: '100' },
      page: 'last',
    },
  ];
  return [...list, ...combined];
}

interface Timed {
  combination: Combination;
  path: string;
  total: number;
  rows: number;
  ms: number[];
}

export async function measureParticipantsList(
  server: RunningServer,
  cookie: string,
  data: BenchData,
): Promise<MeasurementResult> {
  const headers = { cookie };
  const event = (await (await fetch(`${server.url}/api/event`)).json()) as EventShape;
  const get = async (params: Record<string, string>) => {
    const path = `/api/participants?${new URLSearchParams(params)}`;
    const response = await timedGet(`${server.url}${path}`, { headers });
    if (response.status !== 200) {
      throw new Error(`${path} answered ${response.status}: ${response.body.toString().slice(0, 300)}`);
    }
    const body = JSON.parse(response.body.toString()) as { total: number; rows: unknown[] };
    return { path, ms: response.ms, total: body.total, rows: body.rows.length };
  };

  // Untimed pass: warms the server and the database, and turns "last"/"middle" into page numbers.
  const timed: Timed[] = [];
  for (const combination of combinations(event)) {
    const first = await get(combination.params);
    const pageSize = Number(combination.params.pageSize ?? 25);
    const pages = Math.max(1, Math.ceil(first.total / pageSize));
    const page =
      combination.page === 'last' ? pages : combination.page === 'middle' ? Math.ceil(pages / 2) : 1;
    const params = page > 1 ? { ...combination.params, page: String(page) } : combination.params;
    const warm = page > 1 ? await get(params) : first;
    timed.push({
      combination: { ...combination, params },
      path: warm.path,
      total: warm.total,
      rows: warm.rows,
      ms: [],
    });
  }
  const unfiltered = timed[0]?.total;
  if (unfiltered !== data.registrations) {
    throw new Error(`The list says ${unfiltered} entries; the database has ${data.registrations}`);
  }

  const busy = await waitForQuietCpu();
  for (let pass = 0; pass < REPEATS; pass++) {
    for (const entry of timed) entry.ms.push((await get(entry.combination.params)).ms);
  }

  const all = timed.flatMap((entry) => entry.ms);
  const byMedian = [...timed].sort((a, b) => median(b.ms) - median(a.ms));
  const worst = byMedian[0];
  if (!worst) throw new Error('No combinations were timed');
  const p95 = percentile(all, 95);
  console.log(
    `${all.length} requests over ${timed.length} combinations: p50 ${roundMs(median(all))} ms, ` +
      `p95 ${roundMs(p95)} ms, slowest combination ${worst.combination.label} ${roundMs(median(worst.ms))} ms`,
  );
  const slowest = byMedian
    .slice(0, 5)
    .map((entry) => `${roundMs(median(entry.ms))} ms: ${entry.combination.label}`);

  // Where the time goes in the slowest combination: the page's query and the total's, with their plans.
  let plan: { rows: string[]; count: string[] } = { rows: [], count: [] };
  try {
    plan = await explainList(data, worst.combination.params);
  } catch (error) {
    plan = { rows: [`EXPLAIN failed: ${(error as Error).message}`], count: [] };
  }

  return {
    figures: [
      figure('Participants list: p50 over all combinations', roundMs(median(all)), 'ms'),
      figure('Participants list: p95 over all combinations', roundMs(p95), 'ms', atMost(BUDGET_MS)),
      figure(
        'Participants list: slowest combination (median of 3)',
        roundMs(median(worst.ms)),
        'ms',
        atMost(BUDGET_MS),
      ),
      figure('Participants list: slowest single request', roundMs(Math.max(...all)), 'ms'),
    ],
    breakdown: [
      `${timed.length} combinations × ${REPEATS} = ${all.length} timed requests; slowest combinations (median):`,
      ...slowest,
      `Where the time goes in the slowest combination (EXPLAIN ANALYZE, run by the bench after the timing): ` +
        `the page's query: ${summarisePlan(plan.rows)}. The total (count(*), run beside it): ${summarisePlan(plan.count)}`,
    ],
    notes:
      busy >= 10 ? [`The CPUs were still ${busy.toFixed(0)}% busy with other work when this run began.`] : [],
    details: {
      combinations: timed.map((entry) => ({
        label: entry.combination.label,
        path: entry.path,
        total: entry.total,
        rows: entry.rows,
        ms: entry.ms.map(roundMs),
      })),
      slowestPlan: plan,
    },
  };
}

/** Key lines of a plan: execution time, sorts, scans. */
export function summarisePlan(plan: string[]): string {
  const keep = plan
    .map((line) => line.trim().replace(/^->\s*/, ''))
    .filter((line) => /^(Execution Time|Sort Method|.*Scan on|Sort Key|Limit|Gather)/.test(line))
    .map((line) => line.replace(/\s*\(cost=[^)]*\)/, ''));
  return keep.join('; ');
}

/**
 * The list's rows query, as the repository builds it, for EXPLAIN. Only for the simple filters and
 * sorts the slowest combination can have; kept in step with src/server/features/participants/repository.ts.
 */
async function explainList(data: BenchData, params: Record<string, string>) {
  const sortSql: Record<string, string> = {
    firstName: 'lower(r.first_name)',
    lastName: 'lower(r.last_name)',
    email: 'lower(r.email)',
    mobile: 'r.mobile',
    age: 'r.age',
    gender: 'r.gender',
    raceType: 'o.sort_order',
    nextOfKinMobile: 'r.next_of_kin_mobile',
    discipline: 'r.discipline',
    tshirtSize: 'r.tshirt_size',
    paymentStatus: 'r.payment_status',
    reference: 'r.reference',
    createdAt: 'r.created_at',
  };
  const values: unknown[] = [];
  const where = [`r.event_id = (select id from events where is_current)`, `r.status = 'active'`];
  const add = (condition: (n: string) => string, value: unknown) => {
    values.push(value);
    where.push(condition(`$${values.length}`));
  };
  if (params.discipline) add((n) => `r.discipline = ${n}`, params.discipline);
  if (params.race) add((n) => `o.label = ${n}`, params.race);
  if (params.payment) add((n) => `r.payment_status = ${n}`, params.payment);
  if (params.gender === 'unknown') where.push('r.gender is null');
  else if (params.gender) add((n) => `r.gender = ${n}`, params.gender);
  if (params.tshirt) add((n) => `r.tshirt_size = ${n}`, params.tshirt);
  if (params.q) {
    const pattern = `%${params.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = params.q.replace(/\D/g, '').replace(/^0/, '');
    values.push(pattern);
    const p = `$${values.length}`;
    const ors = [
      `r.first_name || ' ' || r.last_name ilike ${p}`,
      `r.email ilike ${p}`,
      `r.reference ilike ${p}`,
    ];
    if (digits.length >= 4) {
      values.push(`%${digits}%`);
      ors.push(`r.mobile ilike $${values.length}`);
    }
    where.push(`(${ors.join(' or ')})`);
  }
  const dir = params.dir === 'asc' ? 'asc' : 'desc';
  const sort = sortSql[params.sort ?? 'createdAt'] ?? 'r.created_at';
  const pageSize = Number(params.pageSize ?? 25);
  const offset = (Number(params.page ?? 1) - 1) * pageSize;
  const from = `from registrations r join race_options o on o.id = r.race_option_id where ${where.join(' and ')}`;
  const rows = await data.explain(
    `select r.id, r.reference, r.discipline, r.first_name, r.last_name, r.email, r.mobile, r.next_of_kin_mobile,
       r.age, r.gender, o.label, r.tshirt_size, r.payment_status, r.created_at
     ${from}
     order by ${sort} ${dir}, r.reference ${dir} limit ${pageSize} offset ${offset}`,
    values,
  );
  // The route runs the total beside the page, on a second pooled connection.
  const count = await data.explain(`select count(*) ${from}`, values);
  return { rows, count };
}
