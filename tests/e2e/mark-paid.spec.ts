import type { Page, TestInfo } from '@playwright/test';
import type { Account } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { raceWithFees, runnersRegistered, signInAsAdmin } from './support/fun-run-admin.ts';
import { originOf } from './support/progress.ts';

heldOn('desktop');

const todayInHarare = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Harare' }).format(new Date());
/** "22/11/26", as every screen writes a date. */
const formatShortDate = (isoDate: string) =>
  `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(2, 4)}`;

async function storedPayment(reference: string) {
  const [row] = await query(
    `select payment_status as status, payment_method as method, payment_amount::text as amount,
        payment_currency as currency, paid_on::text as "paidOn"
      from registrations where reference = $1`,
    [reference],
  );
  return row;
}

/** Runs `journey` with the current event listing `first` as its first way to pay, as the organiser set it. */
async function withFirstWayToPay(first: string, journey: () => Promise<void>) {
  const [before] = await query<{ order: unknown }>(
    `select payment->'order' as "order" from events where is_current`,
  );
  try {
    await query(`update events set payment = jsonb_set(payment, '{order}', $1::jsonb) where is_current`, [
      JSON.stringify([first]),
    ]);
    await journey();
  } finally {
    await query(`update events set payment = jsonb_set(payment, '{order}', $1::jsonb) where is_current`, [
      JSON.stringify(before?.order ?? []),
    ]);
  }
}

test('one tap marks an entry paid with its race’s fee, today and the event’s first way to pay, then the last method; an amount off the fee is flagged', async ({
  page,
  admin,
}, testInfo) => {
  test.slow();
  await withFirstWayToPay('usd', () => markThree(page, admin, testInfo));
});

async function markThree(page: Page, admin: Account, testInfo: TestInfo) {
  const race = await raceWithFees('Paid', '15', '400');
  const surname = uniqueName('Tap');
  const [first, second, third] = await runnersRegistered(page, testInfo, race, surname, [
    'Tendai',
    'Rudo',
    'Farai',
  ]);
  await signInAsAdmin(page, admin, `/Participants?q=${surname}`);
  const row = (reference: string) => page.getByRole('row').filter({ hasText: reference });
  await expect(page.getByRole('row').filter({ hasText: surname })).toHaveCount(3);

  // The first time, the first way to pay the event lists (not cash): one tap opens the suggestion, focused
  // on Confirm; one more records it.
  await page.getByRole('button', { name: `Mark paid: ${first}` }).click();
  const dialog = page.getByRole('dialog', { name: `Mark Tendai ${surname} paid` });
  await expect(dialog.getByLabel('Method')).toHaveValue('usd_bank');
  await expect(dialog.getByLabel('Amount')).toHaveValue('15.00');
  await expect(dialog.getByLabel('Currency')).toHaveValue('USD');
  await expect(dialog.getByLabel('Date paid')).toHaveValue(todayInHarare());
  await expect(dialog.getByText(`${first} · ${race} · fee USD 15.00 / ZWG 400.00`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: `${first} (Tendai ${surname}) marked paid` }),
  ).toHaveText(`${first} (Tendai ${surname}) marked paid: USD 15.00 by USD bank transfer.`);
  await expect(row(first).getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Mark paid: ${first}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Tendai ${surname}, open the entry` })).toBeFocused();
  expect(await storedPayment(first)).toEqual({
    status: 'paid',
    method: 'usd_bank',
    amount: '15.00',
    currency: 'USD',
    paidOn: todayInHarare(),
  });

  // Another method brings its currency and the race's fee in it.
  await page.getByRole('button', { name: `Mark paid: ${second}` }).click();
  const secondDialog = page.getByRole('dialog', { name: `Mark Rudo ${surname} paid` });
  await secondDialog.getByLabel('Method').selectOption({ label: 'ZWG bank transfer' });
  await expect(secondDialog.getByLabel('Currency')).toHaveValue('ZWG');
  await expect(secondDialog.getByLabel('Amount')).toHaveValue('400.00');
  await secondDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(secondDialog).toBeHidden();
  await expect(row(second).getByText('Paid', { exact: true })).toBeVisible();

  // The browser remembers the method this admin last used; an amount that differs is said, then flagged.
  await page.reload();
  await page.getByRole('button', { name: `Mark paid: ${third}` }).click();
  const thirdDialog = page.getByRole('dialog', { name: `Mark Farai ${surname} paid` });
  await expect(thirdDialog.getByLabel('Method')).toHaveValue('zwg_bank');
  await expect(thirdDialog.getByLabel('Currency')).toHaveValue('ZWG');
  await expect(thirdDialog.getByLabel('Amount')).toHaveValue('400.00');
  await thirdDialog.getByLabel('Amount').fill('350');
  await expect(
    thirdDialog.getByText('This differs from the fee, ZWG 400.00: the list will flag it.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await thirdDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(thirdDialog).toBeHidden();
  await expect(row(third)).toContainText('Paid ZWG 350.00 — fee ZWG 400.00');
  await expect(row(second)).not.toContainText('fee ZWG');
  await expect(row(first)).not.toContainText('fee USD');
  expect(await storedPayment(third)).toMatchObject({ method: 'zwg_bank', amount: '350.00', currency: 'ZWG' });

  // Each is in the entry's history, with who marked it.
  await page.getByRole('button', { name: `Farai ${surname}, open the entry` }).click();
  const entry = page.getByRole('dialog', { name: `Farai ${surname}` });
  await expect(entry.getByText('That is not the race’s fee, ZWG 400.00.')).toBeVisible();
  await expect(
    entry.getByRole('listitem').filter({
      hasText: `Marked paid: ZWG 350 by ZWG bank transfer on ${formatShortDate(todayInHarare())}`,
    }),
  ).toContainText('Rudo Admin');
}

test('a selection is marked paid by one method, each entry at its race’s fee; entries without a fee in the currency are left and named', async ({
  page,
  admin,
}, testInfo) => {
  test.slow();
  const withZwg = await raceWithFees('Paid', '15', '400');
  const usdOnly = await raceWithFees('Paid', '20', null);
  const surname = uniqueName('Bulk');
  const [one, two] = await runnersRegistered(page, testInfo, withZwg, surname, ['Chipo', 'Nyasha']);
  const [noZwg, paid] = await runnersRegistered(page, testInfo, usdOnly, surname, ['Tatenda', 'Rutendo']);
  await signInAsAdmin(page, admin);
  const [{ id } = { id: '' }] = await query<{ id: string }>(
    'select id from registrations where reference = $1',
    [paid],
  );
  const payment = { status: 'paid', method: 'cash', amount: '20', currency: 'USD', paidOn: '2026-11-01' };
  const recorded = await page.request.put(`/api/participants/${id}/payment`, {
    data: payment,
    headers: { origin: originOf(testInfo) },
  });
  expect(recorded.status()).toBe(200);

  await page.goto(`/Participants?q=${surname}`);
  const rows = page.getByRole('row').filter({ hasText: surname });
  await expect(rows).toHaveCount(4);
  // Only unpaid entries can be ticked.
  await expect(page.getByRole('checkbox', { name: new RegExp(`^Select ${paid}`) })).toHaveCount(0);
  await page.getByRole('checkbox', { name: `Select ${one}, Chipo ${surname}` }).check();
  await expect(page.getByRole('button', { name: 'Mark 1 paid' })).toBeVisible();
  await page.getByLabel('Select all unpaid on this page').check();
  await expect(page.getByRole('checkbox', { name: new RegExp(`^Select ${noZwg}`) })).toBeChecked();
  await page.getByRole('button', { name: 'Mark 3 paid' }).click();

  const dialog = page.getByRole('dialog', { name: 'Mark 3 entries paid' });
  await expect(dialog.getByText('3 entries, each at its race’s fee: total USD 50.00.')).toBeVisible();
  await dialog.getByLabel('Method').selectOption({ label: 'ZWG bank transfer' });
  await expect(dialog.getByLabel('Currency')).toHaveValue('ZWG');
  await expect(dialog.getByText('2 entries, each at its race’s fee: total ZWG 800.00.')).toBeVisible();
  await expect(
    dialog.getByText(`Left unpaid, their race has no fee in ZWG: ${noZwg} (${usdOnly}).`),
  ).toBeVisible();
  await expect(dialog.getByLabel('Date paid')).toHaveValue(todayInHarare());
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole('status').filter({ hasText: 'marked paid by' })).toHaveText(
    `2 entries marked paid by ZWG bank transfer: ZWG 800.00. Left as they were: ${noZwg} (its race has no fee in ZWG).`,
  );
  // The answer takes the focus: the Mark button left with the selection.
  await expect(page.locator(':focus')).toContainText('2 entries marked paid');
  for (const reference of [one, two]) {
    expect(await storedPayment(reference)).toEqual({
      status: 'paid',
      method: 'zwg_bank',
      amount: '400.00',
      currency: 'ZWG',
      paidOn: todayInHarare(),
    });
  }
  expect(await storedPayment(noZwg)).toMatchObject({ status: 'unpaid', method: null });
  expect(await storedPayment(paid)).toMatchObject({ method: 'cash', amount: '20.00', paidOn: '2026-11-01' });
  expect(
    await query(
      `select h.summary, h.actor_name as by from registration_history h join registrations r on r.id = h.registration_id
        where r.reference = any($1) order by r.reference`,
      [[one, two]],
    ),
  ).toEqual([
    {
      summary: `Marked paid: ZWG 400.00 by ZWG bank transfer on ${formatShortDate(todayInHarare())}`,
      by: 'Rudo Admin',
    },
    {
      summary: `Marked paid: ZWG 400.00 by ZWG bank transfer on ${formatShortDate(todayInHarare())}`,
      by: 'Rudo Admin',
    },
  ]);
  await expect(rows.filter({ hasText: one }).getByText('Paid', { exact: true })).toBeVisible();
  await expect(rows.filter({ hasText: noZwg }).getByText('Unpaid', { exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: new RegExp(`^Select ${noZwg}`) })).not.toBeChecked();
  await expectNoAxeViolations(page);
});
