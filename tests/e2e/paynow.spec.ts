import type { Page } from '@playwright/test';
import { runnerEntry } from '../support/entries.ts';
import { FAKE_INTEGRATION } from '../support/fake-paynow-server.ts';
import { createVerifiedAccount, newAccount, signInByCookie } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { deviceOf, heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import {
  entrant,
  fillMotherAndSon,
  raceWithFees,
  registerInBrowser,
  signInAsAdmin,
} from './support/fun-run-admin.ts';
import { turnOffOnlinePayment, turnOnOnlinePayment } from './support/online-payment.ts';
import { adminApi, originOf } from './support/progress.ts';

// One event for every spec: online payment is on only while these tests run.
test.describe.configure({ mode: 'serial' });

let race = '';

test.beforeAll(async ({ playwright, admin }, testInfo) => {
  race = await raceWithFees('Pay', '10.00');
  // At a desk the admin's test below turns online payment on through its section; the phone's payers need it
  // on too, in their own worker's server: as that section saves it.
  if (deviceOf(testInfo) === 'phone') {
    const api = await adminApi(playwright, admin, testInfo);
    await turnOnOnlinePayment(api, ['ecocash', 'web']);
    await api.dispose();
  }
});
test.afterAll(turnOffOnlinePayment);

const payNow = (page: Page) => page.getByRole('region', { name: 'Pay now' });

function registerWithFee(page: Page, lastName: string) {
  return registerInBrowser(
    page,
    'run',
    entrant('Chipo', uniqueName(lastName), { raceType: race, tshirtSize: 'Medium' }),
  );
}

test('an admin turns on online payment; the key is never shown again', async ({ page, admin }) => {
  heldOn('desktop');
  await signInAsAdmin(page, admin, '/EventSettings');
  const section = page.getByRole('region', { name: 'Online payment (Paynow)' });
  await section.getByLabel('Offer online payment with Paynow').check();
  await section.getByLabel('Integration ID').fill(FAKE_INTEGRATION.integrationId);
  await section.getByLabel('Integration key').fill(FAKE_INTEGRATION.integrationKey);
  await section.getByLabel('EcoCash').check();
  await section.getByLabel('Card or other wallet').check();
  await section.getByLabel('Currency of the Paynow account').selectOption('USD');
  await section.getByRole('button', { name: 'Save online payment' }).click();
  await expect(section.getByRole('status')).toContainText('Online payment is on');
  await expect(section.getByLabel('Integration key')).toHaveValue('');
  await page.reload();
  await expect(section.getByText('Set. Leave empty to keep it')).toBeVisible();
  expect(await page.content()).not.toContain(FAKE_INTEGRATION.integrationKey);
  await expectNoAxeViolations(page);
});

test('EcoCash on /Thankyou: the prompt, then paid, and the entry shows paid', async ({ page, admin }) => {
  heldOn('phone');
  const surname = uniqueName('Eco');
  const reference = await registerInBrowser(
    page,
    'run',
    // A mobile unlike the form's examples (0771234567): the number offered is the one registered.
    entrant('Chipo', surname, { raceType: race, tshirtSize: 'Medium', mobile: '0782223344' }),
  );
  const section = payNow(page);
  await expect(section).toContainText('US$10.00');
  // The entry's own mobile is offered first.
  await expect(section.getByLabel('Mobile money number')).toHaveValue('0782223344');
  await section.getByLabel('Mobile money number').fill('0771111111');
  await section.getByRole('button', { name: 'Pay now with EcoCash' }).click();
  await expect(section.getByText('Check your phone and enter your PIN')).toBeVisible();
  await expectNoAxeViolations(page);
  await expect(section.getByText('Paid — thank you.')).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);
  const [row] = await query<{ payment_status: string; payment_method: string }>(
    'select payment_status, payment_method from registrations where reference = $1',
    [reference],
  );
  expect(row).toEqual({ payment_status: 'paid', payment_method: 'paynow_ecocash' });

  // The organisers see it paid by Paynow, in the entry's history.
  await signInAsAdmin(page, admin, `/Participants?q=${surname}`);
  await page.getByRole('button', { name: `Chipo ${surname}, open the entry` }).click();
  const entry = page.getByRole('dialog', { name: `Chipo ${surname}` });
  await expect(
    entry.getByRole('listitem').filter({ hasText: 'Paid online: USD 10.00 by Paynow – EcoCash' }),
  ).toHaveText(/· Paynow$/);
});

test('a cancelled prompt says so and can be tried again', async ({ page }) => {
  heldOn('phone');
  await registerWithFee(page, 'Retry');
  const section = payNow(page);
  await section.getByLabel('Mobile money number').fill('0775555555');
  await section.getByRole('button', { name: 'Pay now with EcoCash' }).click();
  await expect(section.getByRole('alert')).toContainText('The payment was cancelled', { timeout: 20_000 });
  await expectNoAxeViolations(page);
  await section.getByRole('button', { name: 'Try again' }).click();
  await section.getByLabel('Mobile money number').fill('0771111111');
  await section.getByRole('button', { name: 'Pay now with EcoCash' }).click();
  await expect(section.getByText('Paid — thank you.')).toBeVisible({ timeout: 20_000 });
});

test('a second tab cannot prompt the wallet again while a payment is under way: it follows that one', async ({
  page,
}) => {
  heldOn('phone');
  const reference = await registerWithFee(page, 'Tabs');
  await page.getByRole('link', { name: 'your registration page' }).click();
  await expect(payNow(page).getByLabel('Mobile money number')).toBeVisible();
  const other = await page.context().newPage();
  await other.goto(page.url());
  await expect(payNow(other).getByLabel('Mobile money number')).toBeVisible();

  // 0772222222 is paid after 30 s of Paynow's time (6 s here): under way meanwhile.
  await payNow(page).getByLabel('Mobile money number').fill('0772222222');
  await payNow(page).getByRole('button', { name: 'Pay now with EcoCash' }).click();
  await expect(payNow(page).getByText('Check your phone and enter your PIN')).toBeVisible();
  await payNow(other).getByLabel('Mobile money number').fill('0772222222');
  await payNow(other).getByRole('button', { name: 'Pay now with EcoCash' }).click();
  await expect(payNow(other).getByText('Check your phone and enter your PIN')).toBeVisible();
  await expect(payNow(other).getByLabel('Mobile money number')).toHaveCount(0);
  await expect(payNow(other).getByText('Paid — thank you.')).toBeVisible({ timeout: 20_000 });
  await other.close();
  const [attempts] = await query<{ count: string }>(
    `select count(*) from online_payments join registrations on registrations.id = registration_id
      where reference = $1`,
    [reference],
  );
  expect(attempts?.count).toBe('1');
});

test('by card on /My: Paynow’s page, back to the entry, paid', async ({ page }) => {
  heldOn('phone');
  await registerWithFee(page, 'Card');
  await page.getByRole('link', { name: 'your registration page' }).click();
  const section = payNow(page);
  await expect(section.getByLabel('Mobile money number')).toHaveValue('0771234567');
  await section.getByRole('button', { name: 'Pay by card or other wallet' }).click();
  await expect(page.getByRole('heading', { name: 'Fake Paynow' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/My\/[\w-]+$/);
  await expect(payNow(page).getByText('Paid — thank you.')).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);
});

test('a parent pays her group’s total by EcoCash on the group thank-you page', async ({ page }) => {
  heldOn('phone');
  const lastName = uniqueName('Family');
  await fillMotherAndSon(page, lastName, race);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page).toHaveURL(/\/Thankyou$/);

  const section = payNow(page);
  await expect(section).toContainText('Pay your group’s total of US$20.00');
  await expectNoAxeViolations(page);
  await section.getByLabel('Mobile money number').fill('0771111111');
  await section.getByRole('button', { name: 'Pay now with EcoCash' }).click();
  await expect(section.getByText('Paid — thank you.')).toBeVisible({ timeout: 20_000 });
  await expect(section).toContainText('Your group’s entries are marked paid (US$20.00)');
  const rows = await query<{ payment_status: string }>(
    'select payment_status from registrations where last_name = $1',
    [lastName],
  );
  expect(rows.map((row) => row.payment_status)).toEqual(['paid', 'paid']);
});

test('on a group member’s /My: the group’s total or his own fee, by card', async ({ page }, testInfo) => {
  heldOn('phone');
  const lastName = uniqueName('Member');
  const person = (firstName: string) =>
    runnerEntry('', {
      firstName,
      lastName,
      email: `${firstName}.${lastName}@example.com`.toLowerCase(),
      raceType: race,
    });
  const response = await page.request.post('/api/registrations/group', {
    data: { people: [person('Farai'), person('Kuda')] },
    headers: { origin: originOf(testInfo) },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { members } = (await response.json()) as { members: { myLink: string }[] };
  await page.goto(members[1]?.myLink ?? '');

  const section = payNow(page);
  const what = section.getByRole('group', { name: 'What to pay' });
  await expect(what.getByLabel(/^The group’s total, US\$20\.00/)).toBeChecked();
  await what.getByLabel('Only this entry, US$10.00').check();
  await expect(section).toContainText('Pay your fee of US$10.00');
  await expectNoAxeViolations(page);
  await what.getByLabel(/^The group’s total/).check();
  await expect(section).toContainText('Pay your group’s total of US$20.00');
  await section.getByRole('button', { name: 'Pay by card or other wallet' }).click();
  await expect(page.getByRole('heading', { name: 'Fake Paynow' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/My\/[\w-]+$/);
  await expect(payNow(page).getByText('Paid — thank you.')).toBeVisible({ timeout: 20_000 });
  const rows = await query<{ payment_status: string }>(
    'select payment_status from registrations where last_name = $1',
    [lastName],
  );
  expect(rows.map((row) => row.payment_status)).toEqual(['paid', 'paid']);
});

test('a company pays its team’s total online from the team page', async ({ page }, testInfo) => {
  heldOn('desktop');
  const company = await createVerifiedAccount(
    page.request,
    newAccount('paying-team', testInfo, 'Msasa Motors'),
    'company',
  );
  await signInByCookie(page, company, '/WelcomeManager');
  const lastName = uniqueName('Staff');
  for (const firstName of ['Chipo', 'Farai']) {
    const response = await page.request.post('/api/team/registrations', {
      headers: { origin: originOf(testInfo) },
      data: runnerEntry('', {
        firstName,
        lastName,
        email: `${firstName}.${lastName}@example.com`.toLowerCase(),
        raceType: race,
      }),
    });
    expect(response.status()).toBe(201);
  }
  await page.reload();
  const entries = page.getByRole('region', { name: "Your team's entries" });
  await expect(entries.getByText('2 entries, 0 paid')).toBeVisible();
  const section = payNow(page);
  await expect(section).toContainText('Pay your team’s total of US$20.00');
  await expect(section.getByLabel('Mobile money number')).toHaveValue('');
  await expectNoAxeViolations(page);
  await section.getByRole('button', { name: 'Pay now with EcoCash' }).click();
  await expect(section.getByLabel('Mobile money number')).toHaveAttribute('aria-invalid', 'true');
  await section.getByLabel('Mobile money number').fill('0771111111');
  await section.getByRole('button', { name: 'Pay now with EcoCash' }).click();
  await expect(section.getByText('Paid — thank you.')).toBeVisible({ timeout: 20_000 });
  await expect(section).toContainText('Your team’s entries are marked paid (US$20.00)');
  await expect(entries.getByText('2 entries, 2 paid')).toBeVisible();
});

test('an admin reviews a Paynow message that changed nothing, and marks it reviewed', async ({
  page,
  admin,
}) => {
  heldOn('desktop');
  const paynowReference = uniqueName('PN').slice(0, 20);
  await query(
    `insert into payment_notices (source, problem, payload)
      values ('result-url', 'unknown reference', $1::jsonb)`,
    [
      JSON.stringify({
        reference: 'CFR25-9999-x',
        amount: '10.00',
        status: 'Paid',
        paynowreference: paynowReference,
        hash: 'AB12',
      }),
    ],
  );
  await signInAsAdmin(page, admin, '/EventSettings');
  const notices = page.getByRole('region', { name: 'Paynow messages to review' });
  const notice = notices.getByRole('listitem').filter({ hasText: paynowReference });
  await expect(notice).toContainText('Unknown reference');
  await expect(notice).toContainText('Status update from Paynow');
  await expect(notice).toContainText(`paynowreference=${paynowReference}`);
  await expect(notice).not.toContainText('AB12');
  await expectNoAxeViolations(page);
  await notice.getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(notice).toContainText(/Reviewed by .+ on \d\d\/\d\d\/\d\d/);
  await expect(notice.getByRole('button', { name: 'Mark reviewed' })).toHaveCount(0);
});

test('a real payment’s notice is listed first, apart from unsigned posts, which are only counted', async ({
  page,
  admin,
}) => {
  heldOn('desktop');
  const reference = await registerWithFee(page, 'Notice');
  const [attempt] = await query<{ id: string }>(
    `insert into online_payments (registration_id, method, phone, amount, currency, merchant_trace, status)
      select id, 'ecocash', '0771234567', '10.00', 'USD', $1, 'Sent' from registrations where reference = $2
      returning id`,
    [`${reference}-e2e`, reference],
  );
  await query(
    `insert into payment_notices (source, problem, payload, online_payment_id, count)
      values ('poll', 'paid, but the entry was cancelled', $1::jsonb, $2, 1)`,
    [JSON.stringify({ reference: `${reference}-e2e`, status: 'Paid' }), attempt?.id],
  );
  // An address of this test's own: another run of it (the other device, an hour before) has its own row.
  const source = `203.0.113.${100 + Math.floor(Math.random() * 150)}`;
  await query(
    `insert into paynow_unchecked_messages (hour, source, count)
      values (date_trunc('hour', now()), $1, 150)
      on conflict (hour, source) do update set count = 150`,
    [source],
  );
  await signInAsAdmin(page, admin, '/EventSettings');
  const notices = page.getByRole('region', { name: 'Paynow messages to review' });
  const notice = notices.getByRole('listitem').filter({ hasText: reference });
  await expect(notice).toContainText('Paid, but the entry was cancelled');
  await expect(notice).toContainText(`entry ${reference}`);
  const counted = notices.getByRole('region', { name: 'Unsigned messages by hour and address' });
  await expect(counted.getByRole('row').filter({ hasText: source }).first()).toContainText('150');
  await expectNoAxeViolations(page);
  await notice.getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(notice).toContainText(/Reviewed by .+ on \d\d\/\d\d\/\d\d/);
});
