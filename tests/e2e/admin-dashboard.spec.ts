import { signInInBrowser } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { entrant, registerInBrowser, signInAsAdmin } from './support/fun-run-admin.ts';

heldOn('desktop');

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

const CHART_CHUNK = /\/assets\/dashboard-charts-[\w-]+\.js$/;

test('the admin dashboard shows live totals, links to every admin screen and three charts with their figures', async ({
  page,
  admin,
}) => {
  await registerInBrowser(
    page,
    'run',
    entrant('Tafadzwa', uniqueName('Dash'), { raceType: '21km', tshirtSize: '3XL' }),
  );
  const chartRequests: string[] = [];
  page.on('request', (request) => {
    if (CHART_CHUNK.test(request.url())) chartRequests.push(request.url());
  });
  // The public pages never load the chart code.
  for (const path of ['/', '/Register', '/RegisterCyclist', '/Search', '/About']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(chartRequests).toEqual([]);

  await signInInBrowser(page, admin);
  await expect(page).toHaveURL(/\/WelcomeAdmin$/);
  const counts = await query<{ discipline: string; n: number }>(
    `select discipline, count(*)::int as n from registrations where status = 'active' group by discipline`,
  );
  const runners = counts.find((c) => c.discipline === 'run')?.n ?? 0;
  const cyclists = counts.find((c) => c.discipline === 'cycle')?.n ?? 0;
  const funRun = page.getByRole('region', { name: 'Fun run' });
  await expect(funRun.getByRole('listitem').filter({ hasText: 'Entrants' })).toContainText(
    `${(runners + cyclists).toLocaleString('en-GB')}${runners.toLocaleString('en-GB')} runners · ${cyclists.toLocaleString('en-GB')} cyclists`,
  );
  await expect(funRun.getByRole('listitem').filter({ hasText: 'Money recorded' })).toContainText(
    /USD [\d,]+\.\d\d/,
  );
  const totals = (await (await page.request.get('/api/dashboard/programme')).json()) as {
    men: number;
    facilitators: number;
  };
  const programme = page.getByRole('region', { name: 'Men’s programme' });
  const menLink = programme.getByRole('link', { name: /Total Registered Men/ });
  await expect(menLink).toHaveAttribute('href', '/RegisteredMan');
  await expect(menLink).toContainText(totals.men.toLocaleString('en-GB'));
  await expect(programme.getByRole('link', { name: /Total Facilitators/ })).toHaveAttribute(
    'href',
    '/RegisteredFacilitator',
  );

  const sections = page.getByRole('navigation', { name: 'Admin sections' });
  for (const [name, href] of [
    ['Participants', '/Participants'],
    ['Registered men', '/RegisteredMan'],
    ['Registered facilitators', '/RegisteredFacilitator'],
    ['Register a man', '/RegisterMan'],
    ['Register a facilitator', '/RegisterFacilitator'],
    ['Event settings', '/EventSettings'],
    ['Accounts', '/Accounts'],
    ['Outbox', '/Outbox'],
  ] as const) {
    await expect(sections.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
  }

  // Charts: each a figure with a summary and its figures as a table.
  for (const title of ['Registrations per day', 'Entrants per race', 'T-shirt sizes']) {
    await expect(page.getByRole('figure', { name: title })).toBeVisible();
  }
  expect(chartRequests).toHaveLength(1);
  const perRace = page.getByRole('figure', { name: 'Entrants per race' });
  await perRace.getByText('Show the figures as a table').click();
  const [race] = await query<{ n: number }>(
    `select count(*)::int as n from registrations r join race_options o on o.id = r.race_option_id
      where r.status = 'active' and r.discipline = 'run' and o.label = '21km'`,
  );
  await expect(perRace.getByRole('row', { name: /^21km · Runner/ })).toContainText(String(race?.n));
  const tshirts = page.getByRole('figure', { name: 'T-shirt sizes' });
  await tshirts.getByText('Show the figures as a table').click();
  await expect(tshirts.getByRole('row', { name: /^3XL/ })).toBeVisible();

  await sections.getByRole('link', { name: /^Event settings/ }).click();
  await expect(page.getByRole('heading', { name: 'Event settings', level: 1 })).toBeVisible();
});

test('axe finds no violations on the admin dashboard, its chart tables open', async ({ page, admin }) => {
  await signInAsAdmin(page, admin);
  await expect(page.getByRole('figure', { name: 'T-shirt sizes' })).toBeVisible();
  await expectNoAxeViolations(page);
  for (const summary of await page.getByText('Show the figures as a table').all()) await summary.click();
  await expectNoAxeViolations(page);
});

test('dates on the dashboard read as the rest of the app (28/12/26), never as 2026-12-28', async ({
  page,
  admin,
}) => {
  // The day entries are anonymised depends on the event's date: the answer is given here, not the database's.
  await page.route('**/api/dashboard/privacy', (route) =>
    route.fulfill({ json: { anonymiseSoon: { count: 3, on: '2026-12-28' }, erasureRequestsWaiting: 0 } }),
  );
  await signInAsAdmin(page, admin);
  await expect(page.getByRole('figure', { name: 'T-shirt sizes' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Personal data' })).toContainText(
    '3 entries will be anonymised on 28/12/26.',
  );
  await expect(page.getByRole('main')).not.toContainText(/\b\d{4}-\d\d-\d\d\b/);
  await expectNoAxeViolations(page);
});

test('when the chart code cannot be fetched, the dashboard says so where the charts go and keeps its figures', async ({
  page,
  admin,
}) => {
  await page.route(CHART_CHUNK, (route) => route.abort('connectionreset'));
  await signInAsAdmin(page, admin);
  const charts = page.getByRole('region', { name: 'Charts' });
  await expect(charts.getByRole('alert')).toContainText('The charts could not be loaded');
  await expect(charts.getByRole('button', { name: 'Reload the page' })).toBeVisible();
  await expect(charts.getByText('Loading the charts…')).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Fun run' }).getByRole('listitem').filter({ hasText: 'Entrants' }),
  ).toBeVisible();
});

test('below 640 px the admin menu folds behind a Menu button and the current page stays named', async ({
  page,
  admin,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page, admin);
  const header = page.getByRole('banner');
  const menu = header.getByRole('button', { name: 'Menu' });
  const nav = page.getByRole('navigation', { name: 'Account' });
  // The page's name shown beside Menu comes before the (hidden) link of the same name.
  const currentPage = (name: string) => header.getByText(name, { exact: true }).first();
  await expect(currentPage('Dashboard')).toBeVisible();
  await expect(nav).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link')).toHaveCount(11);
  await nav.getByRole('link', { name: 'Participants' }).click();
  await expect(page).toHaveURL(/\/Participants$/);
  await expect(nav).toBeHidden();
  await expect(currentPage('Participants')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(menu).toBeHidden();
  await expect(nav.getByRole('link', { name: 'Accounts' })).toBeVisible();
});
