import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { raceWithFees, registeredByApi, signInAsAdmin } from './support/fun-run-admin.ts';
import { turnOnOnlinePayment } from './support/online-payment.ts';
import { adminApi } from './support/progress.ts';

// Issue 42 §3: InnBucks and O'mari through Paynow answer with a code the payer approves in the wallet's app.
// The page shows the code, until when, a QR code our server draws and (InnBucks) a link that opens the app.

test.describe.configure({ mode: 'serial' });

let race = '';
let before: unknown = null;

test.beforeAll(async ({ playwright, admin }, testInfo) => {
  race = await raceWithFees('Wallet', '10.00');
  [before] = (
    await query<{ online_payment: unknown }>('select online_payment from events where is_current')
  ).map((row) => row.online_payment);
  const api = await adminApi(playwright, admin, testInfo);
  await turnOnOnlinePayment(api, ['ecocash', 'innbucks', 'omari', 'web']);
  await api.dispose();
});
test.afterAll(async () => {
  // As it was: other journeys on this database expect their own ways to pay.
  await query('update events set online_payment = $1 where is_current', [before]);
});

const payNow = (page: Page) => page.getByRole('region', { name: 'Pay now' });

async function myPage(page: Page, lastName: string) {
  const { myLink, reference } = await registeredByApi(page, test.info(), 'Rufaro', uniqueName(lastName), {
    raceType: race,
  });
  await page.goto(myLink);
  return reference;
}

test('InnBucks on /My: the code, its expiry, its QR code and “Open InnBucks”, then paid', async ({
  page,
}) => {
  heldOn('phone');
  const qrRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/qr/')) qrRequests.push(request.url());
  });
  const reference = await myPage(page, 'Inn');
  const section = payNow(page);
  await section.getByLabel('Mobile money number').fill('0772222222');
  await section.getByRole('button', { name: 'Pay now with InnBucks' }).click();

  await expect(section.getByText('Approve the payment in the InnBucks app')).toBeVisible();
  const code = (await section.getByText(/^\d{8}$/).textContent()) ?? '';
  expect(code).toMatch(/^\d{8}$/);
  await expect(
    section.getByText(/^Use it before \d{2}:\d{2} on \d{1,2} [A-Z][a-z]{2} \d{4}\.$/),
  ).toBeVisible();
  await expect(section.getByRole('link', { name: 'Open InnBucks' })).toHaveAttribute(
    'href',
    `schinn.wbpycode://innbucks.co.zw?pymInnCode=${code}`,
  );
  const qr = section.getByRole('img', { name: `QR code of the InnBucks code ${code}` });
  await expect(qr).toBeVisible();
  await expect
    .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
  await expectNoAxeViolations(page);
  await section.screenshot({ path: test.info().outputPath('innbucks-code-390.png') });

  await expect(section.getByText('Paid — thank you.')).toBeVisible({ timeout: 20_000 });
  await expect(section.getByText(code)).toHaveCount(0);
  const [row] = await query<{ payment_status: string; payment_method: string }>(
    'select payment_status, payment_method from registrations where reference = $1',
    [reference],
  );
  expect(row).toEqual({ payment_status: 'paid', payment_method: 'paynow_innbucks' });
  expect(qrRequests).toEqual([]);
});

test('O’mari on /My: the code and our own QR code, never Paynow’s', async ({ page }) => {
  heldOn('phone');
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(request.url()));
  await myPage(page, 'Omari');
  const section = payNow(page);
  await section.getByLabel('Mobile money number').fill('0772222222');
  await section.getByRole('button', { name: 'Pay now with O’mari' }).click();
  await expect(section.getByText('Approve the payment in the O’mari app')).toBeVisible();
  const code = (await section.getByText(/^\d{8}$/).textContent()) ?? '';
  await expect(section.getByRole('img', { name: `QR code of the O’mari code ${code}` })).toBeVisible();
  await expect(section.getByRole('link', { name: 'Open InnBucks' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await section.screenshot({ path: test.info().outputPath('omari-code-390.png') });
  expect(loaded.filter((url) => url.includes('/qr/'))).toEqual([]);
  await expect(section.getByText('Paid — thank you.')).toBeVisible({ timeout: 20_000 });
});

test('the admin offers InnBucks and O’mari and names O’mari’s method at Paynow', async ({ page, admin }) => {
  heldOn('desktop');
  await signInAsAdmin(page, admin, '/EventSettings');
  const section = page.getByRole('region', { name: 'Online payment (Paynow)' });
  await expect(section.getByLabel('InnBucks')).toBeChecked();
  await expect(section.getByLabel('O’mari', { exact: true })).toBeChecked();
  const method = section.getByLabel('O’mari’s method name at Paynow');
  await expect(method).toHaveValue('paygo');
  await method.fill('omari');
  await section.getByRole('button', { name: 'Save online payment' }).click();
  await expect(section.getByRole('status')).toContainText('Online payment is on');
  await page.reload();
  await expect(method).toHaveValue('omari');
  await expectNoAxeViolations(page);
  await section.screenshot({ path: test.info().outputPath('online-payment-settings-1280.png') });
  await method.fill('paygo');
  await section.getByRole('button', { name: 'Save online payment' }).click();
  await expect(section.getByRole('status')).toContainText('Online payment is on');
});
