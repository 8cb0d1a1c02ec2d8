import { runnerEntry } from '../support/entries.ts';
import { expectNoAxeViolations, expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { entrant, raceWithFees, registerInBrowser } from './support/fun-run-admin.ts';
import { waitForMail } from './support/mail.ts';
import { turnOnOnlinePayment } from './support/online-payment.ts';
import { adminApi, originOf } from './support/progress.ts';

// "Pay for me" (issue 36 part 2): an entrant sends a pay link; someone else opens it on his own phone and pays.

type OnlinePayment = { online_payment: unknown; paynow_key_encrypted: string | null };
let before: OnlinePayment | undefined;

test.beforeAll(async () => {
  [before] = await query<OnlinePayment>(
    'select online_payment, paynow_key_encrypted from events where is_current',
  );
});
test.afterAll(async () => {
  if (!before) return;
  await query('update events set online_payment = $1, paynow_key_encrypted = $2 where is_current', [
    before.online_payment === null ? null : JSON.stringify(before.online_payment),
    before.paynow_key_encrypted,
  ]);
});

test('a pay link sent from /Thankyou, opened in another browser, pays by EcoCash; the entrant gets the receipt', async ({
  page,
  browser,
  playwright,
  admin,
}, testInfo) => {
  heldOn('phone');
  // Online payment on, as the admin's Online payment section saves it (the key encrypted by the server).
  const api = await adminApi(playwright, admin, testInfo);
  await turnOnOnlinePayment(api, ['ecocash', 'web']);
  await api.dispose();

  const race = await raceWithFees('PayFor', '10.00');
  const person = entrant('Chipo', uniqueName('Paylink'), {
    raceType: race,
    tshirtSize: 'Medium',
    mobile: '0782223344',
  });
  const reference = await registerInBrowser(page, 'run', person);

  // The entrant's own online payment is as before, beside the pay link.
  await expect(page.getByRole('region', { name: 'Pay now' })).toContainText('Pay your fee of US$10.00');
  const send = page.getByRole('region', { name: 'Someone else paying?' });
  await send.getByRole('button', { name: 'Send a pay link' }).click();
  const link = send.getByLabel('Pay link');
  await expect(link).toHaveValue(/\/PayFor\/[\w-]{32}$/);
  await send.getByRole('button', { name: 'Share the pay link' }).click();
  await expect(send.getByRole('status')).toContainText('WhatsApp');
  await expect(send.getByRole('link', { name: 'Send by WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\?text=/,
  );
  await expectNoAxeViolations(page);
  await send.screenshot({ path: testInfo.outputPath('send-pay-link-390.png') });
  const payLink = new URL(await link.inputValue()).pathname;

  // Someone else, on his own phone: no cookie, no receipt of the entrant's in his tab.
  const other = await browser.newContext({
    viewport: { width: 390, height: 844 },
    baseURL: testInfo.project.use.baseURL,
  });
  const phone = await other.newPage();
  await phone.goto(payLink);
  await expect(phone.getByRole('heading', { level: 1, name: 'Pay for a fun run entry' })).toBeVisible();
  await expect(phone.getByRole('region', { name: 'Who it pays for' })).toContainText(
    `Chipo · Runner · ${race}`,
  );
  await expect(phone.getByText('Total due: US$10.00')).toBeVisible();
  await expect(phone.getByText(reference, { exact: true }).first()).toBeVisible();
  const shown = await phone.content();
  for (const secret of [person.lastName, person.email, person.mobile, person.nextOfKinMobile]) {
    expect(shown).not.toContain(secret);
  }
  await expect(phone.getByRole('button', { name: /Change|Cancel/ })).toHaveCount(0);
  const payNow = phone.getByRole('region', { name: 'Pay now' });
  // The entrant's mobile is not offered: the payer types his own wallet.
  await expect(payNow.getByLabel('Mobile money number')).toHaveValue('');
  await expectNoAxeViolationsOnceLoaded(phone);
  await phone.screenshot({ path: testInfo.outputPath('pay-link-390.png'), fullPage: true });
  await payNow.getByLabel('Mobile money number').fill('0771111111');
  await payNow.getByRole('button', { name: 'Pay now with EcoCash' }).click();
  await expect(payNow.getByText('Check your phone and enter your PIN')).toBeVisible();
  await expectNoAxeViolations(phone);
  await expect(phone.getByText('Paid — nothing is due. Thank you!')).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(phone);
  await phone.screenshot({ path: testInfo.outputPath('pay-link-paid-390.png'), fullPage: true });
  await phone.setViewportSize({ width: 1280, height: 900 });
  await phone.screenshot({ path: testInfo.outputPath('pay-link-paid-1280.png'), fullPage: true });
  await other.close();

  const [row] = await query<{ payment_status: string; payment_method: string; by_pay_link: boolean }>(
    `select payment_status, payment_method, by_pay_link from registrations
       join online_payments on online_payments.registration_id = registrations.id where reference = $1`,
    [reference],
  );
  expect(row).toEqual({ payment_status: 'paid', payment_method: 'paynow_ecocash', by_pay_link: true });
  await waitForMail(person.email, new RegExp(`receipt \\d+ for ${reference}`));
});

test('a group member’s /My sends a pay link for the whole group: every first name and the total, no contacts', async ({
  page,
  browser,
}, testInfo) => {
  heldOn('phone');
  const race = await raceWithFees('PayGroup', '10.00');
  const surname = uniqueName('Family');
  const email = `rudo.${surname}@example.com`.toLowerCase();
  const person = (firstName: string, age: number) =>
    runnerEntry(surname, {
      firstName,
      lastName: surname,
      email,
      mobile: '0782223344',
      age,
      raceType: race,
      ...(age < 18
        ? { guardianName: `Rudo ${surname}`, guardianMobile: '0782223344', guardianConsent: true }
        : {}),
    });
  const registered = await page.request.post('/api/registrations/group', {
    data: { people: [person('Rudo', 38), person('Tanaka', 10)] },
    headers: { origin: originOf(testInfo) },
  });
  expect(registered.status()).toBe(201);
  const receipt = (await registered.json()) as { groupReference: string; members: { myLink: string }[] };

  await page.goto(receipt.members[1]?.myLink ?? '');
  const send = page.getByRole('region', { name: 'Someone else paying?' });
  await expect(send.getByLabel(`The whole group (${receipt.groupReference})`)).toBeChecked();
  await expectNoAxeViolations(page);
  await send.screenshot({ path: testInfo.outputPath('my-send-pay-link-390.png') });
  await send.getByRole('button', { name: 'Send a pay link' }).click();
  const payLink = new URL(await send.getByLabel('Pay link').inputValue()).pathname;

  const other = await browser.newContext({
    viewport: { width: 390, height: 844 },
    baseURL: testInfo.project.use.baseURL,
  });
  const phone = await other.newPage();
  await phone.goto(payLink);
  const who = phone.getByRole('region', { name: 'Who it pays for' });
  await expect(who.getByRole('listitem')).toHaveText([
    `Rudo · Runner · ${race}`,
    `Tanaka · Runner · ${race}`,
  ]);
  await expect(phone.getByText('Total due: US$20.00')).toBeVisible();
  await expect(phone.getByText(receipt.groupReference, { exact: true }).first()).toBeVisible();
  const shown = await phone.content();
  for (const secret of [surname, email, '0782223344']) expect(shown).not.toContain(secret);
  await expectNoAxeViolationsOnceLoaded(phone);
  await other.close();
});
