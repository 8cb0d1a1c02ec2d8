import { expect, type Page, test } from '@playwright/test';
import { runnerEntry } from '../support/entries.ts';
import { expectNoAxeViolations, expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { entrant } from './support/fun-run-admin.ts';
import { holdTheScript } from './support/hold-the-script.ts';
import { fillRegistration } from './support/registration-form.ts';

// As on a phone: these pages register the service worker once loaded, and must do so without a complaint.
test.use({ serviceWorkers: 'allow' });
// Entrants' pages, held on phones (layout.spec.ts lays them out at a desk's width).
heldOn('phone');

/** Each server-rendered page, with a text its HTML must carry before any script runs. */
const PAGES = [
  { path: '/', text: 'Register as Runner' },
  { path: '/Welcome', text: 'Register as Cyclist' },
  { path: '/Register', text: 'Runner registration' },
  { path: '/RegisterCyclist', text: 'Cyclist registration' },
  { path: '/Terms', text: 'Terms and Conditions' },
  { path: '/Banking', text: 'Banking Details' },
  { path: '/Thankyou?reference=CFR25-0042&discipline=run&race=10km&usd=10.00', text: 'CFR25-0042' },
  { path: '/Search?q=Tendai', text: 'Find an entrant' },
];

/** Sums the page's layout shifts from its very start (the Cumulative Layout Shift without its windows). */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & { value: number; sources: { node?: Node }[] };
    const state = window as unknown as { layoutShift: number; shifted: string[] };
    state.layoutShift = 0;
    state.shifted = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        state.layoutShift += entry.value;
        // What moved, for the failure's message.
        for (const { node } of entry.sources)
          state.shifted.push(node instanceof Element ? node.outerHTML.slice(0, 200) : String(node?.nodeName));
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

for (const { path, text } of PAGES) {
  test(`${path} comes with its content in the HTML and hydrates without warnings or layout shift`, async ({
    page,
    request,
  }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(text);
    expect(html).toContain('id="page-data"');

    const messages: string[] = [];
    page.on('console', (message) => {
      if (['error', 'warning'].includes(message.type())) messages.push(message.text());
    });
    page.on('pageerror', (error) => messages.push(error.message));
    await watchLayoutShifts(page);
    await page.goto(path);
    await expectNoAxeViolationsOnceLoaded(page);
    await expect(page.getByText(text).first()).toBeVisible();
    // React took the server's HTML over: its root is marked, and a link now changes page without a load.
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(document.getElementById('root') ?? {}).some((key) =>
            key.startsWith('__reactContainer'),
          ),
        ),
      )
      .toBe(true);
    expect(messages).toEqual([]);
    const { layoutShift, shifted } = await page.evaluate(() => {
      const { layoutShift, shifted } = window as unknown as { layoutShift: number; shifted: string[] };
      return { layoutShift, shifted };
    });
    expect(layoutShift, `moved: ${shifted.join('\n')}`).toBe(0);
  });
}

test('a link on a hydrated page changes page in the browser, without asking the server for a page', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const pages: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') pages.push(request.url());
  });
  await page.getByRole('link', { name: 'Register as Runner' }).click();
  await expect(page.getByRole('heading', { name: 'Runner registration' })).toBeVisible();
  expect(pages).toEqual([]);
});

test('a page the server rendered is answered 304 on a second visit, compressed on the first', async ({
  request,
}) => {
  const first = await request.get('/Terms', { headers: { 'accept-encoding': 'br' } });
  expect(first.headers()['content-encoding']).toBe('br');
  const etag = first.headers().etag;
  expect(etag).toBeTruthy();
  const second = await request.get('/Terms', { headers: { 'if-none-match': etag ?? '' } });
  expect(second.status()).toBe(304);
});

test('what is typed into the form before its script arrives is kept, and the script then sends it', async ({
  page,
}) => {
  // The phone's script arrives seconds after the form shows: hold it back until the first name is typed.
  const release = await holdTheScript(page);
  await page.goto('/Register', { waitUntil: 'commit' });
  await page.getByLabel('First name').fill('Tendai');
  await page.getByLabel('Race type').selectOption('10km');
  release();
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
      ),
    )
    .toBe(true);
  await expect(page.getByLabel('First name')).toHaveValue('Tendai');
  await expect(page.getByLabel('Race type')).toHaveValue('10km');

  // Sent by the script now: its own check, without a page from the server.
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
  });
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByLabel('Last name')).toHaveAccessibleDescription('Enter your last name');
  await expect(page).toHaveURL(/\/Register$/);
  await expect(page.getByLabel('First name')).toHaveValue('Tendai');
  expect(documents).toEqual([]);
});

test('a name typed into the search box before its script arrives is searched once the script runs', async ({
  page,
}, testInfo) => {
  const surname = `Early${uniqueName('').replace(/\d/g, 'x')}`;
  const entered = await page.request.post('/api/registrations', {
    data: runnerEntry(surname.toLowerCase(), {
      firstName: 'Tatenda',
      lastName: surname,
      listedInSearch: true,
    }),
    headers: { origin: new URL(testInfo.project.use.baseURL ?? '').origin },
  });
  expect(entered.status()).toBe(201);
  const release = await holdTheScript(page);
  await page.goto('/Search', { waitUntil: 'commit' });
  await page.getByLabel('Name').fill(surname);
  release();
  await expect(page.getByText(`Tatenda ${surname}`)).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(surname);
});

test("the thank-you page opened in the browser shows its link's race only if the event has it, and the event's fee", async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Opened by the app itself, not by the server: the browser's own rendering of the link.
  const open = (query: string) =>
    page.evaluate((url) => {
      history.pushState(null, '', url);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/Thankyou?${query}`);
  const sentence = 'Pay USD 20 now by EcoCash to 0771234567';
  await open(`reference=CFR25-0042&discipline=run&race=${encodeURIComponent(sentence)}&usd=50.00`);
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  const receipt = page.getByRole('region', { name: 'Your registration reference' });
  await expect(receipt.getByText('CFR25-0042', { exact: true })).toBeVisible();
  await expect(receipt.getByText(/The organisers will confirm the fee/)).toBeVisible();
  await expect(page.getByText(sentence)).toHaveCount(0);
  await expect(page.getByText(/50\.00/)).toHaveCount(0);

  await open('reference=CFR25-0042&discipline=run&race=10km&usd=50.00');
  await expect(receipt.getByText(/· 10km$/)).toBeVisible();
  await expect(page.getByText(/50\.00/)).toHaveCount(0);
});

test.describe('pages with a private link', () => {
  test('a form sent before its script arrives is answered with the Thank-you page and the private page, read-only until the script takes them over', async ({
    page,
  }) => {
    const messages: string[] = [];
    page.on('console', (message) => {
      if (['error', 'warning'].includes(message.type())) messages.push(message.text());
    });
    page.on('pageerror', (error) => messages.push(error.message));
    const lastName = uniqueName('Ncube');
    const release = await holdTheScript(page);
    await page.goto('/Register', { waitUntil: 'commit' });
    await fillRegistration(page, {
      firstName: 'Chipo',
      lastName,
      email: `${lastName.toLowerCase()}@example.com`,
      mobile: '0771234567',
      age: '29',
      raceType: '5km',
      nextOfKinMobile: '0712345678',
      tshirtSize: 'Small',
    });
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await expect(page).toHaveURL(/\/Register$/);
    await expectNoAxeViolations(page);
    const myLink = page.getByRole('link', { name: 'your registration page' });
    const myPath = (await myLink.getAttribute('href')) ?? '';
    expect(myPath).toMatch(/^\/My\/[\w-]{32}$/);

    // The script names the page /Thankyou (no token in its address) and keeps showing the receipt.
    release();
    await expect(page).toHaveURL(/\/Thankyou$/);
    await expect(myLink).toHaveAttribute('href', myPath);
    await expect(page.getByRole('img', { name: 'Check-in QR code' })).toBeVisible();

    const releaseAgain = await holdTheScript(page);
    await page.goto(myPath, { waitUntil: 'commit' });
    await expect(page.getByText('Changing or cancelling your entry needs JavaScript.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change my entry' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    releaseAgain();
    await expect(page.getByRole('button', { name: 'Change my entry' })).toBeVisible();
    await expect(page.getByText('Changing or cancelling your entry needs JavaScript.')).toHaveCount(0);
    await expectNoAxeViolations(page);
    expect(messages).toEqual([]);
  });
});

test('the consent is asked again after another page was loaded and the person came back with Back', async ({
  page,
}) => {
  await page.goto('/Register');
  await page.waitForLoadState('networkidle');
  await fillRegistration(
    page,
    entrant('Tendai', uniqueName('Moyo'), {
      mobile: '0772123456',
      age: '30',
      raceType: '5km',
      nextOfKinMobile: '0772000111',
      tshirtSize: 'Medium',
    }),
  );
  // A page the server sends: the browser, not the script, fills the form again on Back.
  await page.goto('/Terms');
  await page.goBack();
  await expect(page.getByLabel('First name')).toHaveValue('Tendai');
  await expect(page.getByLabel('I agree to the Terms and Conditions')).not.toBeChecked();
});
