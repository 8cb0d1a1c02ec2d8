import { expectNoAxeViolations, expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { raceWithFees, runnersRegistered, signInAsAdmin } from './support/fun-run-admin.ts';

heldOn('desktop');

test('a bank statement: upload, map the columns, review the matches, confirm; the entries show paid', async ({
  page,
  admin,
}, testInfo) => {
  test.slow();
  const race = await raceWithFees('Stmt', '25');
  const surname = uniqueName('Bank');
  const [tendai, rudo, farai] = await runnersRegistered(page, testInfo, race, surname, [
    'Tendai',
    'Rudo',
    'Farai',
  ]);
  const loose = tendai.toLowerCase().replace('-', ' ');
  // A name of this run's own: the recent list must find this import, not one of an earlier run.
  const statementFile = `november-${surname.toLowerCase()}-${testInfo.project.name}.csv`;
  const csv = [
    'Account,CELEBRATION CHURCH',
    'Txn Date,Details,Debit,Credit,Balance',
    `03/11/2026,"FT FROM T ${surname.toUpperCase()}, REF ${loose}",,25.00,1025.00`,
    `04/11/2026,FT ${rudo} AND ${farai},,25.00,1050.00`,
    '05/11/2026,BANK CHARGES,2.00,,1048.00',
    `05/11/2026,TITHE ${surname},,40.00,1088.00`,
  ].join('\r\n');

  await signInAsAdmin(page, admin, '/Participants');
  await page.getByRole('link', { name: 'Statements' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(page);

  await page.getByRole('button', { name: 'Next: choose columns' }).click();
  await expect(page.getByText('Choose the statement file')).toBeVisible();
  await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: 'USD bank account' });
  await page.getByLabel('Statement file (CSV)').setInputFiles({
    name: statementFile,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Next: choose columns' }).click();

  await expect(page.getByRole('heading', { name: '2. Columns' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'The first rows of the file' })).toContainText(
    'BANK CHARGES',
  );
  await page.getByRole('combobox', { name: 'Date', exact: true }).selectOption('Txn Date');
  await page.getByRole('combobox', { name: 'Description' }).selectOption('Details');
  await page.getByRole('combobox', { name: 'Amount', exact: true }).selectOption('Credit');
  await page.getByRole('combobox', { name: 'Currency', exact: true }).selectOption({ label: 'All in USD' });
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Import and match' }).click();

  await expect(page.getByRole('heading', { name: 'Matched (1)', exact: true })).toBeVisible();
  await expect(page.getByText('Statement imported. Rows without an amount left out: 1.')).toBeVisible();
  // A line naming two entries with one fee pays the first named (the one payment rule): it differs from
  // what both owe, and is the admin's to accept.
  await expect(page.getByRole('heading', { name: 'Ambiguous (0)', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Amount differs (1)', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unmatched (1)', exact: true })).toBeVisible();
  const matched = page.getByRole('checkbox', { name: new RegExp(`Mark paid: Tendai ${surname} ${tendai}`) });
  await expect(matched).toBeChecked();
  await expect(page.getByRole('button', { name: 'Mark 1 entry paid' })).toBeVisible();
  const differs = page.getByRole('region', { name: 'Amount differs (1)' });
  await expect(differs).toContainText(`2 entries, paid in the order named: Rudo ${surname} (${rudo}), Farai`);
  await differs.getByRole('checkbox', { name: new RegExp(`^Rudo ${surname} ${rudo}`) }).check();
  await expect(page.getByRole('button', { name: 'Mark 2 entries paid' })).toBeVisible();
  await page.getByText(/Show the line no entry matched/).click();
  await expect(page.getByText(`TITHE ${surname}`)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Mark 2 entries paid' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark 2 entries paid?' });
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Mark 2 entries paid' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('2 entries marked paid by USD bank transfer.')).toBeVisible();
  await expect(page.getByText('Marked paid', { exact: true })).toHaveCount(2);
  await expectNoAxeViolations(page);

  // The same file again: every line is known, nothing new to review or mark.
  await page.getByRole('button', { name: 'Import another statement' }).click();
  await page
    .getByLabel('Statement file (CSV)')
    .setInputFiles({ name: 'again.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Next: choose columns' }).click();
  await expect(page.getByRole('combobox', { name: 'Amount', exact: true })).toHaveValue('Credit');
  await page.getByRole('button', { name: 'Import and match' }).click();
  await expect(
    page.getByText('Every line of this statement was imported before: nothing new to review.'),
  ).toBeVisible();
  const recent = page
    .getByRole('region', { name: 'Recent statements' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('link', { name: statementFile }),
    });
  await expect(recent).toContainText('Confirmed');
  await expect(recent).toContainText('3 lines, 1 matched');
  await expectNoAxeViolations(page);

  await page.goto(`/Participants?q=${surname}`);
  const row = (reference: string) => page.getByRole('row').filter({ hasText: reference });
  await expect(row(tendai).getByText('Paid', { exact: true })).toBeVisible();
  await expect(row(rudo).getByText('Paid', { exact: true })).toBeVisible();
  await expect(row(farai).getByText('Unpaid', { exact: true })).toBeVisible();
  const [stored] = await query(
    'select payment_method, payer_reference, paid_on::text from registrations where reference = $1',
    [tendai],
  );
  expect(stored).toEqual({
    payment_method: 'usd_bank',
    payer_reference: `FT FROM T ${surname.toUpperCase()}, REF ${loose}`,
    paid_on: '2026-11-03',
  });
});

test("a long statement's review shows its lines a page at a time", async ({ page, admin }, testInfo) => {
  const surname = uniqueName('Long');
  const rows = Array.from({ length: 120 }, (_, i) => `06/11/2026,TITHE ${surname} ${i + 1},,5.00,0`);
  const csv = ['Txn Date,Details,Debit,Credit,Balance', ...rows].join('\r\n');
  await signInAsAdmin(page, admin, '/Statements');
  await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: 'USD bank account' });
  await page.getByLabel('Statement file (CSV)').setInputFiles({
    name: `long-${testInfo.project.name}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Next: choose columns' }).click();
  await page.getByRole('combobox', { name: 'Date', exact: true }).selectOption('Txn Date');
  await page.getByRole('combobox', { name: 'Description' }).selectOption('Details');
  await page.getByRole('combobox', { name: 'Amount', exact: true }).selectOption('Credit');
  await page.getByRole('combobox', { name: 'Currency', exact: true }).selectOption({ label: 'All in USD' });
  await page.getByRole('button', { name: 'Import and match' }).click();

  await expect(page.getByRole('heading', { name: 'Unmatched (120)', exact: true })).toBeVisible();
  await page.getByText('Show the 120 lines no entry matched', { exact: false }).click();
  const pages = page.getByRole('navigation', { name: 'Pages of the unmatched lines' });
  await expect(pages).toContainText('Lines 1–50 of 120');
  await expect(page.getByText(`TITHE ${surname} 50`, { exact: true })).toBeVisible();
  await expect(page.getByText(`TITHE ${surname} 51`, { exact: true })).toBeHidden();
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages).toContainText('Lines 51–100 of 120');
  await expect(page.getByText(`TITHE ${surname} 51`, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});
