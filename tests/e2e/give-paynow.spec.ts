import { expectNoAxeViolations } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { turnOnOnlinePayment } from './support/online-payment.ts';
import { adminApi } from './support/progress.ts';

// A gift made on /Give without registering (issue 43), paid by EcoCash on the fake Paynow.

test.describe.configure({ mode: 'serial' });

let causeBefore: unknown;

test.beforeAll(async ({ playwright, admin }, testInfo) => {
  const api = await adminApi(playwright, admin, testInfo);
  await turnOnOnlinePayment(api, ['ecocash', 'web']);
  causeBefore = await (await api.get('/api/admin/cause')).json();
  const opened = await api.put('/api/admin/cause', {
    data: { title: 'the Borehole', text: 'Clean water.', goalUsd: '1000', giftsOpen: true },
  });
  expect(opened.status()).toBe(200);
  await api.dispose();
});
test.afterAll(async ({ playwright, admin }, testInfo) => {
  // Other journeys share the event: the cause and online payment go back as they were.
  const api = await adminApi(playwright, admin, testInfo);
  const { image: _image, ...cause } = causeBefore as Record<string, unknown>;
  await api.put('/api/admin/cause', { data: cause });
  await api.dispose();
  await query(
    `update events set online_payment = jsonb_set(online_payment, '{enabled}', 'false') where is_current and online_payment is not null`,
  );
});

test('a giver gives US$10 on /Give and pays it with EcoCash', async ({ page }) => {
  heldOn('phone');
  const name = `Rudo ${uniqueName('Giver')}`;
  await page.goto('/Give');
  await page.getByRole('radio', { name: 'US$10.00' }).check();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Email').fill('rudo@example.com');
  await page.getByRole('button', { name: 'Give', exact: true }).click();
  await expect(page.getByRole('heading', { name: /Thank you! Your gift reference is/ })).toBeVisible();

  const section = page.getByRole('region', { name: 'Pay now' });
  await expect(section).toContainText('US$10.00');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '/tmp/h11-shots/give-pay-390.png', fullPage: true });
  await section.getByLabel('Mobile money number').fill('0771111111');
  await section.getByRole('button', { name: 'Pay now with EcoCash' }).click();
  await expect(section.getByText('Paid — thank you.')).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '/tmp/h11-shots/give-paid-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: '/tmp/h11-shots/give-paid-1280.png', fullPage: true });
  const rows = await query<{ status: string; paid_by: string }>(
    'select status, paid_by from gifts where giver_name = $1',
    [name],
  );
  expect(rows).toEqual([{ status: 'paid', paid_by: 'paynow_ecocash' }]);
});
