import { expectNoAxeViolations } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { raceWithFees, registeredByApi, signInAsAdmin } from './support/fun-run-admin.ts';

heldOn('desktop');

/** A Zimbabwean mobile of this run's own (077 and seven digits), so no earlier entry shares it. */
const mobileOfThisRun = (offset: number) =>
  `077${String((Date.now() + offset) % 10_000_000).padStart(7, '0')}`;
const asEcoCashWrites = (mobile: string) => `263${mobile.slice(1)}`;

test("an EcoCash export: lines matched by the payer's number, a number-only match offered, a line assigned by hand", async ({
  page,
  admin,
}, testInfo) => {
  test.slow();
  const race = await raceWithFees('Eco', '20');
  const surname = uniqueName('Wallet').replace(/\d/g, 'x');
  const [family, single, stranger] = [mobileOfThisRun(0), mobileOfThisRun(1), mobileOfThisRun(2)];
  const entry = async (firstName: string, mobile: string) =>
    (await registeredByApi(page, testInfo, firstName, surname, { raceType: race, mobile })).reference;
  const tendai = await entry('Tendai', family);
  const rudo = await entry('Rudo', family);
  const farai = await entry('Farai', single);
  const chipo = await entry('Chipo', stranger);
  const statementFile = `ecocash-${surname.toLowerCase()}-${testInfo.project.name}.csv`;
  const csv = [
    'Date,Transaction ID,Type,Sender MSISDN,Sender Name,Amount,Currency,Balance',
    `01/11/2026 09:00,MP261101.0900.A1,Merchant Payment,${asEcoCashWrites(family)},T ${surname.toUpperCase()},40.00,USD,40.00`,
    `01/11/2026 10:00,MP261101.1000.B2,Merchant Payment,${asEcoCashWrites(single)},F ${surname.toUpperCase()},15.00,USD,55.00`,
    `01/11/2026 11:00,MP261101.1100.C3,Merchant Payment,263785550000,GOGO ${surname.toUpperCase()},20.00,USD,75.00`,
  ].join('\r\n');

  await signInAsAdmin(page, admin, '/Statements');
  await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: 'Mobile money (merchant)' });
  await page
    .getByLabel('Statement file (CSV)')
    .setInputFiles({ name: statementFile, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Next: choose columns' }).click();
  await expect(page.getByRole('heading', { name: '2. Columns' })).toBeVisible();
  // The merchant export's columns are guessed, the sender's number among them.
  await expect(page.getByRole('combobox', { name: "Payer's number" })).toHaveValue('Sender MSISDN');
  await expect(page.getByRole('combobox', { name: "Payer's name" })).toHaveValue('Sender Name');
  await expect(page.getByRole('combobox', { name: 'Currency', exact: true })).toHaveValue('Currency');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Import and match' }).click();

  await expect(page.getByRole('heading', { name: 'Matched (1)', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Amount differs (1)', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unmatched (1)', exact: true })).toBeVisible();
  // One line pays the two entries registered with the number that paid it.
  const both = page.getByRole('checkbox', {
    name: /Mark paid: 2 entries registered with the number that paid/,
  });
  await expect(both).toBeChecked();
  await expect(page.getByRole('region', { name: 'Matched (1)', exact: true })).toContainText(
    `${tendai}), Rudo ${surname} (${rudo})`,
  );
  // Matched by the number alone (15.00 is not the fee): offered, not ticked.
  const differs = page.getByRole('region', { name: 'Amount differs (1)' });
  await expect(differs).toContainText(`Paid from the number of Farai ${surname}`);
  await expect(
    differs.getByRole('checkbox', { name: new RegExp(`^Farai ${surname} ${farai}`) }),
  ).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Mark 2 entries paid' })).toBeVisible();

  await page.getByText(/Show the line no entry matched/).click();
  const unmatched = page.getByRole('region', { name: 'Unmatched (1)' });
  await expect(unmatched).toContainText(`MP261101.1100.C3 from GOGO ${surname.toUpperCase()}`);
  await unmatched.getByRole('searchbox', { name: 'Assign to another entry' }).fill(`Chipo ${surname}`);
  await unmatched.getByRole('button', { name: 'Find' }).click();
  await unmatched.getByRole('button', { name: `Add Chipo ${surname} ${chipo}` }).click();
  await expect(
    unmatched.getByRole('checkbox', { name: new RegExp(`^Chipo ${surname} ${chipo}`) }),
  ).toBeChecked();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Mark 3 entries paid' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark 3 entries paid?' });
  await dialog.getByRole('button', { name: 'Mark 3 entries paid' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/3 entries marked paid by/)).toBeVisible();
  await expectNoAxeViolations(page);

  const status = async (reference: string) =>
    (
      await query<{ payment_status: string }>(
        'select payment_status from registrations where reference = $1',
        [reference],
      )
    )[0]?.payment_status;
  expect([await status(tendai), await status(rudo), await status(farai), await status(chipo)]).toEqual([
    'paid',
    'paid',
    'unpaid',
    'paid',
  ]);
});
