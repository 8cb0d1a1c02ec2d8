import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { entrant, signInAsAdmin } from './support/fun-run-admin.ts';
import { setEventSms, waitForSms } from './support/sms.ts';

// Issue 40: someone with only a phone proves his number with a texted code, then downloads his data or asks
// for its erasure. The event's texts are on for these specs only.
test.describe.configure({ mode: 'serial' });
test.afterEach(() => setEventSms(false));

const SHOTS = process.env.SCREENSHOTS_DIR;
/** The section at the phone's width and a desk's, when SCREENSHOTS_DIR asks for them. */
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  const section = page.getByRole('region', { name: 'Your data, by your mobile number' });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
};

async function registeredWithMobile(page: Page) {
  const mobile = `0774${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')}`;
  const runner = entrant('Chipo', uniqueName('Mobile'), { raceType: '5km', tshirtSize: 'Small', mobile });
  const response = await page.request.post('/api/registrations', {
    data: { ...runner, discipline: 'run', age: 29, consent: true },
    headers: { 'idempotency-key': randomBytes(12).toString('hex') },
  });
  expect(response.status()).toBe(201);
  const { reference } = await response.json();
  return { mobile, e164: `+263${mobile.slice(1)}`, reference: reference as string };
}

test('on a phone: a code texted to the number, typed back, downloads the data and asks for erasure', async ({
  page,
}) => {
  heldOn('phone');
  await setEventSms(true);
  const { mobile, e164, reference } = await registeredWithMobile(page);
  await page.goto('/Privacy');
  const section = page.getByRole('region', { name: 'Your data, by your mobile number' });
  await expect(section).toBeVisible();
  await shot(page, 'privacy-mobile-number');
  await section.getByRole('button', { name: 'Text me a code' }).click();
  await expect(section.getByText('Enter your mobile number')).toBeVisible();
  await section.getByLabel('Mobile number').fill(mobile);
  await section.getByRole('button', { name: 'Text me a code' }).click();
  await expect(section.getByText(/a text with a 6-digit code is on its way/)).toBeVisible();

  const text = await waitForSms(e164, /your code is \d{6}/);
  const code = /your code is (\d{6})/.exec(text.body)?.[1] ?? '';
  await section.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
  await section.getByRole('button', { name: 'Check the code' }).click();
  await expect(section.getByText(/That code is not right/)).toBeVisible();
  await shot(page, 'privacy-mobile-code');
  await expectNoAxeViolations(page);
  await section.getByLabel('Code').fill(code);
  await section.getByRole('button', { name: 'Check the code' }).click();
  await expect(section.getByText(/Your number is checked until/)).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'privacy-mobile-proven');

  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my data (JSON file)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('celebration-data-mobile.json');
  const data = JSON.parse(await readFile((await download.path()) ?? '', 'utf8'));
  expect(data.entries.map((entry: { reference: string }) => entry.reference)).toEqual([reference]);

  await section.getByRole('button', { name: 'Ask to erase my data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask us to erase your data?' });
  await dialog.getByLabel('Reason').fill('New phone, new life');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Ask to erase my data' }).click();
  await expect(section.getByText(/The request is waiting for an organiser/)).toBeVisible();
  await shot(page, 'privacy-mobile-asked');
  const [request] = await query<{ subject_label: string; reason: string }>(
    "select subject_label, reason from erasure_requests where subject_type = 'mobile' and subject_id = $1",
    [e164],
  );
  expect(request).toEqual({
    subject_label: `Mobile ending ${e164.slice(-3)}`,
    reason: 'New phone, new life',
  });
});

test('without texts the section says it is not available', async ({ page }) => {
  heldOn('phone');
  await page.goto('/Privacy');
  const section = page.getByRole('region', { name: 'Your data, by your mobile number' });
  await expect(section.getByText(/Not available at the moment/)).toBeVisible();
  await expect(section.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shot(page, 'privacy-mobile-off');
});

test('at a desk: an admin sees a request by mobile with every record it reaches, and erases them', async ({
  page,
  admin,
}) => {
  heldOn('desktop');
  await setEventSms(true);
  const { mobile, e164, reference } = await registeredWithMobile(page);
  expect((await page.request.post('/api/privacy/mobile/code', { data: { mobile } })).status()).toBe(202);
  const code = /your code is (\d{6})/.exec((await waitForSms(e164, /your code is \d{6}/)).body)?.[1];
  const proven = await page.request.post('/api/privacy/mobile/proof', { data: { mobile, code } });
  expect(proven.status()).toBe(200);
  const { proof } = await proven.json();
  expect((await page.request.post('/api/privacy/mobile/erasure-request', { data: { proof } })).status()).toBe(
    200,
  );

  await signInAsAdmin(page, admin);
  await page.goto('/ErasureRequests');
  const label = `Mobile ending ${e164.slice(-3)}`;
  const request = page.getByRole('row').filter({ hasText: label }).filter({ hasText: reference });
  await expect(request).toContainText('Every record under a mobile number');
  await expect(request).toContainText('The holder of the mobile number (a code texted to it)');
  await expect(request.getByRole('listitem').filter({ hasText: reference })).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/erasure-requests-mobile-1280.png`, fullPage: true });
  await request.getByRole('button', { name: `Erase ${label}` }).click();
  const confirm = page.getByRole('dialog', { name: `Erase ${label}?` });
  await expect(confirm).toContainText('not those where it is only the next of kin');
  await expect(confirm).toContainText(reference);
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Erase', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(request).toHaveCount(0);
  const [stored] = await query<{ first_name: string; mobile: string }>(
    'select first_name, mobile from registrations where reference = $1',
    [reference],
  );
  expect(stored).toEqual({ first_name: '', mobile: '' });
});
