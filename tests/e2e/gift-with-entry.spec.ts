import { expectNoAxeViolations } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { entrant, raceWithFees } from './support/fun-run-admin.ts';
import { turnOnOnlinePayment } from './support/online-payment.ts';
import { adminApi } from './support/progress.ts';
import { fillRegistration } from './support/registration-form.ts';

// A gift added with the entry (issue 43), paid with its fee by one EcoCash payment on the fake Paynow.

test.describe.configure({ mode: 'serial' });

let race = '';
let causeBefore: unknown;

test.beforeAll(async ({ playwright, admin }, testInfo) => {
  race = await raceWithFees('Gift', '10.00');
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
