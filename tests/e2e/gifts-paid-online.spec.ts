import { expectNoAxeViolations } from './support/axe.ts';
import { openTheCause } from './support/cause.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { entrant, raceWithFees } from './support/fun-run-admin.ts';
import { turnOffOnlinePayment, turnOnOnlinePayment } from './support/online-payment.ts';
import { adminApi } from './support/progress.ts';
import { fillRegistration } from './support/registration-form.ts';

// Gifts paid on the fake Paynow (issue 43): one added with the entry, paid with its fee by one EcoCash payment;
// one made on /Give without registering. One file, so that neither turns online payment off under the other.

test.describe.configure({ mode: 'serial' });

let race = '';

test.beforeAll(async ({ playwright, admin }, testInfo) => {
  race = await raceWithFees('Gift', '10.00');
  await openTheCause();
  const api = await adminApi(playwright, admin, testInfo);
  await turnOnOnlinePayment(api, ['ecocash', 'web']);
  await api.dispose();
});
// Other journeys share the event: online payment goes back off (the cause stays open, support/cause.ts).
test.afterAll(turnOffOnlinePayment);

test('a runner adds a US$10 gift, sees US$20.00 due and pays both with EcoCash', async ({ page }) => {
  heldOn('phone');
  const surname = uniqueName('Giver');
  await page.goto('/Register');
  await fillRegistration(
    page,
    entrant('Chipo', surname, { raceType: race, tshirtSize: 'Medium', mobile: '0782223355' }),
  );
  const gift = page.getByRole('group', { name: 'Add a gift to the Borehole' });
  await gift.getByRole('button', { name: 'US$10' }).click();
  await expect(gift.getByLabel(/Gift in US\$/)).toHaveValue('10');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expect(page.getByText('Total due: US$20.00')).toBeVisible();
  await expect(page.getByText('your gift US$10.00')).toBeVisible();

  const section = page.getByRole('region', { name: 'Pay now' });
  await expect(section).toContainText('US$20.00');
  await section.getByLabel('Mobile money number').fill('0771111111');
  await section.getByRole('button', { name: 'Pay now with EcoCash' }).click();
  await expect(section.getByText('Paid — thank you.')).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);
  const rows = await query<{ payment_status: string; payment_amount: string; gift_status: string }>(
    `select r.payment_status, r.payment_amount, g.status as gift_status
       from registrations r join gifts g on g.registration_id = r.id where r.last_name = $1`,
    [surname],
  );
  expect(rows).toEqual([{ payment_status: 'paid', payment_amount: '10.00', gift_status: 'paid' }]);
});

test('a runner who will pay in ZWG adds a ZWG 250 gift and sees the ZWG total due', async ({ page }) => {
  heldOn('phone');
  const zwgRace = await raceWithFees('GiftZwg', '10.00', '260.00');
  const surname = uniqueName('Zgiver');
  await page.goto('/Register');
  await fillRegistration(
    page,
    entrant('Chipo', surname, { raceType: zwgRace, tshirtSize: 'Medium', mobile: '0782223366' }),
  );
  const gift = page.getByRole('group', { name: 'Add a gift to the Borehole' });
  await gift.getByRole('radio', { name: 'ZWG' }).check();
  await gift.getByRole('button', { name: 'ZWG 250' }).click();
  await expect(gift.getByLabel(/Gift in ZWG/)).toHaveValue('250');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expect(page.getByText('Total due: ZWG 510.00')).toBeVisible();
  await expect(page.getByText('Entry ZWG 260.00 and your gift ZWG 250.00')).toBeVisible();
  const rows = await query<{ amount: string; currency: string }>(
    'select g.amount, g.currency from registrations r join gifts g on g.registration_id = r.id where r.last_name = $1',
    [surname],
  );
  expect(rows).toEqual([{ amount: '250.00', currency: 'ZWG' }]);
});

test('a giver gives US$10 on /Give and pays it with EcoCash', async ({ page }, testInfo) => {
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
  await page.screenshot({ path: testInfo.outputPath('give-pay-390.png'), fullPage: true });
  await section.getByLabel('Mobile money number').fill('0771111111');
  await section.getByRole('button', { name: 'Pay now with EcoCash' }).click();
  await expect(section.getByText('Paid — thank you.')).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('give-paid-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('give-paid-1280.png'), fullPage: true });
  const rows = await query<{ status: string; paid_by: string }>(
    'select status, paid_by from gifts where giver_name = $1',
    [name],
  );
  expect(rows).toEqual([{ status: 'paid', paid_by: 'paynow_ecocash' }]);
});
