import type { Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import type { Account } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { addingRunnerRace, entrant, registerInBrowser, signInAsAdmin } from './support/fun-run-admin.ts';
import { originOf } from './support/progress.ts';
import { expectThankYou, fillRegistration } from './support/registration-form.ts';

heldOn('desktop');

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

/** Puts back settings a test changed, even when it failed half-way (other journeys use the same event). */
async function restoreSettings(page: Page, testInfo: TestInfo, saved: Record<string, unknown>) {
  const response = await page.request.put('/api/admin/event', {
    data: saved,
    headers: { origin: originOf(testInfo) },
  });
  expect(response.status()).toBe(200);
}

/** Signs the admin in and answers the settings as they are, for restoreSettings to put back. */
async function settingsBefore(page: Page, admin: Account) {
  await signInAsAdmin(page, admin);
  return currentSettingsInput(page);
}

async function currentSettingsInput(page: Page) {
  const settings = await (await page.request.get('/api/admin/event')).json();
  const { backgroundImage: _b, logoImage: _l, termsVersion: _v, races: _r, ...input } = settings;
  return input as Record<string, unknown>;
}

test('a race whose capacity is set to its entries shows Full on the public form; a race with entries cannot go', async ({
  page,
  admin,
}, testInfo) => {
  test.slow();
  const label = uniqueName('Trail').slice(0, 20);
  const { races, runnerRaces, added } = await addingRunnerRace(page, admin);
  await expect(added.getByLabel('Name')).toBeFocused();
  await added.getByLabel('Name').fill(label);
  await races.getByRole('button', { name: 'Save races' }).click();
  await expect(races.getByRole('status')).toHaveText(
    'The races were saved. The registration forms offer them now.',
  );

  const reference = await registerInBrowser(
    page,
    'run',
    entrant('Kudzai', uniqueName('Full'), { raceType: label, tshirtSize: 'Medium' }),
  );

  await page.goto('/EventSettings');
  const race = runnerRaces.getByRole('group', { name: `${label}, 1 entry` });
  await expect(race.getByText('Has entries, so it cannot be removed')).toBeVisible();
  await race.getByLabel('Capacity').fill('1');
  await expect(race.getByText('Full', { exact: true })).toBeVisible();
  await races.getByRole('button', { name: 'Save races' }).click();
  await expect(races.getByRole('status')).toContainText('The races were saved.');

  await page.goto('/Register');
  const option = page.getByLabel('Race type').locator('option', { hasText: label });
  // A full race is still offered, to join its waitlist (issue 17, part 2).
  await expect(option).toHaveText(`${label} — Full — join the waitlist`);

  // Cancelled, the entry frees its place, but the race still has an entry on record: the server refuses.
  const [entry] = await query<{ id: string }>('select id from registrations where reference = $1', [
    reference,
  ]);
  const cancelled = await page.request.post(`/api/participants/${entry?.id}/cancel`, {
    headers: { origin: originOf(testInfo) },
  });
  expect(cancelled.status()).toBe(200);
  await page.goto('/EventSettings');
  const emptied = runnerRaces.getByRole('group', { name: `${label}, 0 entries` });
  await emptied.getByRole('button', { name: `Remove ${label}` }).click();
  await expect(emptied).toHaveCount(0);
  await races.getByRole('button', { name: 'Save races' }).click();
  await expect(races.getByRole('alert')).toHaveText(
    `The ${label} race has entries (active or cancelled), so it cannot be removed.`,
  );
});

test('texts, T-shirt sizes, closing time and terms are saved section by section and shown on the public pages', async ({
  page,
  admin,
}, testInfo) => {
  test.slow();
  const original = await settingsBefore(page, admin);
  try {
    await page.goto('/EventSettings');
    const texts = page.getByRole('region', { name: 'Texts' });
    await texts.getByLabel('Subtitle').fill('');
    await texts.getByLabel('Contact phone').fill('12');
    await texts.getByRole('button', { name: 'Save texts' }).click();
    await expect(texts.getByText('Enter the subtitle')).toBeVisible();
    await expect(texts.getByText(/^Enter a valid contact phone/)).toBeVisible();
    const subtitle = `Race day ${uniqueName('on')}`;
    await texts.getByLabel('Subtitle').fill(subtitle);
    await texts.getByLabel('Contact phone').fill('0772 123 456');
    await texts.getByRole('button', { name: 'Save texts' }).click();
    await expect(texts.getByRole('status')).toContainText('The texts were saved.');
    await expect(texts.getByLabel('Contact phone')).toHaveValue('+263 77 212 3456');

    const sizes = page.getByRole('region', { name: 'T-shirt sizes' });
    const cyclistSizes = sizes.getByRole('group', { name: 'Cyclist sizes' });
    await cyclistSizes.getByRole('button', { name: 'Add a cyclist size' }).click();
    await cyclistSizes.getByLabel('Size 7', { exact: true }).fill('Small');
    await sizes.getByRole('button', { name: 'Save T-shirt sizes' }).click();
    await expect(cyclistSizes.getByText('Small is listed twice')).toBeVisible();
    await cyclistSizes.getByLabel('Size 7', { exact: true }).fill('XXL');
    await cyclistSizes.getByRole('button', { name: 'Move XXL up' }).click();
    await expect(cyclistSizes.getByLabel('Size 6', { exact: true })).toHaveValue('XXL');
    await sizes.getByRole('button', { name: 'Save T-shirt sizes' }).click();
    await expect(sizes.getByRole('status')).toContainText('The T-shirt sizes were saved.');

    const terms = page.getByRole('region', { name: 'Terms and conditions' });
    const version = Number((await terms.getByText(/^Version \d+\./).textContent())?.match(/\d+/)?.[0]);
    await terms.getByLabel('Terms text').fill(`${original.termsText}\nA line added by the browser test.`);
    await terms.getByRole('button', { name: 'Save terms' }).click();
    await expect(terms.getByRole('status')).toHaveText(
      `Saved as version ${version + 1}. /Terms shows it now.`,
    );

    await page.goto('/');
    await expect(page.getByText(subtitle)).toBeVisible();
    await page.goto('/RegisterCyclist');
    await expect(page.getByLabel('T-shirt size').locator('option')).toHaveText([
      'Select T-shirt size',
      'Child 6-8',
      'Child 9-11',
      'Small',
      'Medium',
      'Large',
      'XXL',
      'X-Large',
    ]);
    await page.goto('/Terms');
    await expect(page.getByText('A line added by the browser test.')).toBeVisible();
    await expect(page.getByText(`Version ${version + 1}`)).toBeVisible();

    // A closing time in the past closes registration at once; clearing it opens it again.
    await page.goto('/EventSettings');
    const closing = page.getByRole('region', { name: 'Registration closing time' });
    await closing.getByLabel('Closes at (Harare time)').fill('2024-01-31T17:00');
    await closing.getByRole('button', { name: 'Save closing time' }).click();
    await expect(closing.getByRole('status')).toHaveText('The closing time was saved.');
    await expect(
      closing.getByText('Now: registration closed on 31/01/24, 17:00 (Harare time).'),
    ).toBeVisible();
    expect(
      await query<{ closes: string }>(
        `select to_char(registration_closes_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as closes from events
          where registration_closes_at is not null`,
      ),
    ).toContainEqual({ closes: '2024-01-31 15:00' });
    await page.goto('/Register');
    await expect(page.getByText('Registration has closed')).toBeVisible();
    await page.goto('/EventSettings');
    await closing.getByRole('button', { name: 'Clear: keep open' }).click();
    await closing.getByRole('button', { name: 'Save closing time' }).click();
    await expect(closing.getByRole('status')).toHaveText('Saved: registration stays open.');
    await page.goto('/Register');
    await expect(page.getByLabel('Race type')).toBeVisible();
  } finally {
    await restoreSettings(page, testInfo, original);
  }
});

test('a file that is not an image is refused with a message; an image is previewed, uploaded and shown', async ({
  page,
  admin,
}) => {
  await signInAsAdmin(page, admin, '/EventSettings');
  const images = page.getByRole('region', { name: 'Photo and logo' });
  const chooser = images.getByLabel('Choose a new logo');
  await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(images.getByRole('alert')).toHaveText(
    'notes.txt is not an image. Choose a JPEG, PNG or WebP file.',
  );
  await expect(images.getByRole('button', { name: 'Upload logo' })).toBeDisabled();

  // A PNG that only says it is one: the server reads the content and refuses it.
  await chooser.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a png') });
  await images.getByRole('button', { name: 'Upload logo' }).click();
  await expect(images.getByRole('alert')).toHaveText(
    'This file is not an image we can read. Upload a JPEG, PNG or WebP photo.',
  );

  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0369a1' } })
    .png()
    .toBuffer();
  await chooser.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(images.getByRole('img', { name: 'Preview of the chosen logo' })).toBeVisible();
  await images.getByRole('button', { name: 'Upload logo' }).click();
  await expect(
    images.getByRole('status').filter({ hasText: 'The new logo is on the landing page.' }),
  ).toBeVisible();
  const logo = images.getByRole('img', { name: 'The logo now' });
  await expect(logo).toHaveAttribute('src', /^\/media\/event\/[0-9a-f]+-logo\.webp$/);
  await page.goto('/');
  await expect(page.getByRole('img', { name: 'Celebration Fun Run logo' })).toHaveAttribute(
    'src',
    /^\/media\/event\/[0-9a-f]+-logo\.webp$/,
  );
});

test('axe finds no violations on the event settings screen', async ({ page, admin }) => {
  await signInAsAdmin(page, admin, '/EventSettings');
  await expect(page.getByRole('region', { name: 'Races' })).toBeVisible();
  await expectNoAxeViolations(page);
  // With field errors showing.
  const texts = page.getByRole('region', { name: 'Texts' });
  await texts.getByLabel('Title', { exact: true }).fill('');
  await texts.getByRole('button', { name: 'Save texts' }).click();
  await expect(texts.getByText('Enter the title')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the landing page shows the day, venue, fee from and start times; mobile money its code in each currency; a closed registration says so instead of the buttons', async ({
  page,
  admin,
}, testInfo) => {
  test.slow();
  const original = await settingsBefore(page, admin);
  const originalRaces = (await (await page.request.get('/api/admin/event')).json()).races.map(
    ({ taken: _t, ...race }: Record<string, unknown>) => race,
  );
  try {
    await page.goto('/EventSettings');
    const day = page.getByRole('region', { name: 'Date and venue' });
    await day.getByLabel('Date of the event').fill('2099-03-14');
    await day.getByRole('textbox', { name: 'Venue' }).fill('Celebration Church, Borrowdale');
    await day.getByRole('button', { name: 'Save date and venue' }).click();
    await expect(day.getByRole('status')).toContainText('The date and venue were saved');

    const races = page.getByRole('region', { name: 'Races' });
    const tenK = races.getByRole('group', { name: /^10km, \d+ entr/ });
    await tenK.getByLabel('Start time').fill('06:30');
    await tenK.getByLabel('Fee in USD').fill('15');
    await tenK.getByLabel('Fee in ZWG').fill('400');
    await races.getByRole('button', { name: 'Save races' }).click();
    await expect(races.getByRole('status')).toContainText('The races were saved');

    const payment = page.getByRole('region', { name: 'Payment options' });
    await payment.getByLabel('Payment code pattern (ZWG)').fill('*153*2*1*0770000000*{amount}#');
    await payment
      .getByLabel('How a payment is matched to its entry')
      .fill('Send your reference by SMS to 0771 111 222.');
    await payment.getByRole('button', { name: 'Move Cash up' }).click();
    await payment.getByRole('button', { name: 'Save payment options' }).click();
    await expect(payment.getByRole('status')).toContainText('The payment options were saved');
    await page.context().clearCookies();

    await page.goto('/');
    await expect(page.getByText(/Saturday,? 14 March 2099/)).toBeVisible();
    await expect(page.getByText('Celebration Church, Borrowdale')).toBeVisible();
    await expect(page.getByText(/^from US\$\d+\.\d\d/)).toBeVisible();
    const raceList = page.getByRole('region', { name: 'The races' });
    await expect(raceList.getByRole('listitem').filter({ hasText: '10km' })).toContainText(
      'Starts 06:30 · US$15.00 / ZWG 400.00',
    );
    const howToPay = page.getByRole('region', { name: 'How to pay' });
    const options = howToPay.getByRole('list').first().locator(':scope > li');
    await expect(options.nth(2)).toContainText('Cash');
    await expect(options.nth(3)).toContainText('ZWG bank transfer');

    await page.goto('/Register');
    await fillRegistration(
      page,
      entrant('Farai', uniqueName('Dial'), { raceType: '10km', tshirtSize: 'Medium' }),
    );
    await page.getByRole('button', { name: 'Register' }).click();
    await expectThankYou(page);
    const mobileMoney = page.getByRole('region', { name: 'How to pay' }).getByRole('listitem').first();
    await expect(mobileMoney).toContainText('US$15.00: *153*1*1*0770000000*15.00#');
    await expect(mobileMoney).toContainText('ZWG 400.00: *153*2*1*0770000000*400.00#');
    await expect(mobileMoney).toContainText('Send your reference by SMS to 0771 111 222.');

    await signInAsAdmin(page, admin);
    await restoreSettings(page, testInfo, { ...original, registrationClosesAt: '2024-01-31T15:00:00Z' });
    await page.context().clearCookies();
    await page.goto('/');
    await expect(page.getByText('Registration has closed')).toBeVisible();
    await expect(page.getByText(/Registration closed on .*31 January 2024/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register as Runner' })).toHaveCount(0);
  } finally {
    await signInAsAdmin(page, admin);
    await restoreSettings(page, testInfo, original);
    const restored = await page.request.put('/api/admin/event/races', {
      data: { races: originalRaces },
      headers: { origin: originOf(testInfo) },
    });
    expect(restored.status()).toBe(200);
  }
});
