import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { newAccount } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import {
  createAdminFromCommandLine,
  entrant,
  registerInBrowser,
  signInAsAdmin,
} from './support/fun-run-admin.ts';

heldOn('desktop');

/**
 * The participants PDF's columns in order: the list's, less Discipline (a band over each section) and
 * Registered, with the minor's marker and the next of kin.
 */
const PDF_HEADER =
  /Name\s+Surname\s+Email\s+Mobile\s+Age\s+Minor\s+Gender\s+Race Type\s+Next of Kin\s+T-shirt\s+Payment\s+Reference/;

const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('an admin finds a runner and a cyclist, filters to cyclists, marks one paid and downloads the PDF and CSV', async ({
  page,
}, testInfo) => {
  test.slow();
  // One surname for both entrants: searching for it leaves other tests' entries out of the list.
  const surname = uniqueName('Chikwanha');
  const runner = entrant('Tatenda', surname, { raceType: '10km', tshirtSize: 'Large', gender: 'Male' });
  const cyclist = entrant('Rutendo', surname, {
    raceType: '30km',
    tshirtSize: 'Medium',
    gender: 'Female',
    mobile: '+27 82 123 4567',
  });
  const runnerReference = await registerInBrowser(page, 'run', runner);
  const cyclistReference = await registerInBrowser(page, 'cycle', cyclist);

  const admin = createAdminFromCommandLine(newAccount('cli-admin', testInfo, 'Chipo Admin'));
  await signInAsAdmin(page, admin);
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: /Participants/ })
    .click();
  await expect(page).toHaveURL(/\/Participants$/);
  await expect(page.getByRole('heading', { name: 'Registered Participants' })).toBeVisible();

  await page.getByLabel('Search participants').fill(surname);
  // The search applies after a pause in typing; on a database with only these two entries, the rows
  // below are there before it does.
  await expect(page).toHaveURL(new RegExp(`q=${surname}`));
  const rows = page.getByRole('row').filter({ hasText: surname });
  await expect(rows).toHaveCount(2);
  await expect(page.getByText('Page 1 of 1 · 2 entries')).toBeVisible();
  await expect(rows.filter({ hasText: runnerReference })).toContainText('Runner');
  await expect(rows.filter({ hasText: cyclistReference })).toContainText('Cyclist');

  await page.getByLabel('Discipline').selectOption({ label: 'Cyclists' });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(cyclistReference);
  await expect(page).toHaveURL(/discipline=cycle/);
  // The filters are in the address: a reload keeps them.
  await page.reload();
  await expect(page.getByLabel('Discipline')).toHaveValue('cycle');
  await expect(page.getByLabel('Search participants')).toHaveValue(surname);
  await expect(rows).toHaveCount(1);
  // Nothing wider than the screen: a phone would zoom the page out, and taps would land beside their target.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );

  // Mark the cyclist paid.
  await rows.getByRole('button', { name: `Rutendo ${surname}, open the entry` }).click();
  const dialog = page.getByRole('dialog', { name: `Rutendo ${surname}` });
  await expect(dialog.getByText('Not paid yet.')).toBeVisible();
  await dialog.getByLabel('Paid', { exact: true }).check();
  await dialog.getByRole('button', { name: 'Save payment' }).click();
  await expect(dialog.getByLabel('Method')).toHaveAccessibleDescription('Choose how it was paid');
  await dialog.getByLabel('Method').selectOption({ label: 'Mobile money' });
  await dialog.getByLabel('Amount').fill('12.50');
  await dialog.getByLabel('Currency').selectOption('USD');
  await dialog.getByLabel('Payer’s reference').fill('MP250101.1234');
  await dialog.getByLabel('Date paid').fill('2025-11-20');
  await dialog.getByRole('button', { name: 'Save payment' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Payment saved: paid.' })).toBeVisible();
  await expect(
    dialog.getByText('Paid: USD 12.50 by Mobile money on 20/11/25 (reference MP250101.1234).'),
  ).toBeVisible();
  await expect(
    dialog.getByRole('listitem').filter({ hasText: 'Marked paid: USD 12.50 by Mobile money' }),
  ).toContainText('Chipo Admin');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toContainText('Paid');
  expect(
    await query(
      `select payment_status, payment_method, payment_amount::text as amount from registrations where reference = $1`,
      [cyclistReference],
    ),
  ).toEqual([{ payment_status: 'paid', payment_method: 'mobile_money', amount: '12.50' }]);

  // Both downloads carry the filters: the cyclist only.
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toBe('FunRun_Participants.pdf');
  const pdfPath = testInfo.outputPath('participants.pdf');
  await pdf.saveAs(pdfPath);
  const text = pdfText(pdfPath);
  expect(text).toContain('Celebration Fun Run Participants');
  expect(text).toMatch(/Exported by Chipo Admin on \d{4}-\d\d-\d\d \d\d:\d\d \(Harare\)/);
  expect(text).toMatch(PDF_HEADER);
  expect(text).toMatch(/^\s*Cyclists · 1 entry$/m);
  // The row carries what race day needs: T-shirt, payment status and reference.
  expect(text).toMatch(
    new RegExp(
      `Rutendo\\s+${surname}\\s+${cyclist.email}\\s.*\\sMedium\\s+Paid\\s+${cyclistReference}$`,
      'm',
    ),
  );
  expect(text).not.toContain('Tatenda');
  expect(text).not.toContain(runner.email);

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe('FunRun_Participants.csv');
  const csvPath = testInfo.outputPath('participants.csv');
  await csv.saveAs(csvPath);
  const body = readFileSync(csvPath, 'utf8');
  // Who exported it and when, on the first line; the header row follows.
  expect(body).toMatch(/^\uFEFF# Exported by Chipo Admin on \d{4}-\d\d-\d\d \d\d:\d\d \(Harare\)\r\n/);
  const records: Record<string, string>[] = parse(body, { bom: true, columns: true, from_line: 2 });
  expect(records).toHaveLength(1);
  expect(records[0]).toMatchObject({
    Name: 'Rutendo',
    Surname: surname,
    Email: cyclist.email,
    // As dialled from Zimbabwe: a leading + would start a spreadsheet formula.
    Mobile: '00 27 82 123 4567',
    Gender: 'Female',
    'Race Type': '30km',
    Discipline: 'Cyclist',
    'T-shirt': 'Medium',
    Payment: 'Paid',
    Reference: cyclistReference,
    'Payment method': 'Mobile money',
    Amount: '12.50',
    Currency: 'USD',
  });
});

test('an admin downloads a race’s start list: its entries by surname with T-shirt, payment and a box to tick', async ({
  page,
  admin,
}, testInfo) => {
  test.slow();
  const tag = uniqueName('');
  const later = await registerInBrowser(
    page,
    'run',
    entrant('Anesu', `Zvobgo${tag}`, { raceType: '10km', tshirtSize: 'XXL' }),
  );
  const earlier = await registerInBrowser(
    page,
    'run',
    entrant('Tariro', `Banda${tag}`, { raceType: '10km', tshirtSize: 'Small' }),
  );
  const otherRace = await registerInBrowser(
    page,
    'run',
    entrant('Farai', `Dube${tag}`, { raceType: '5km', tshirtSize: 'Large' }),
  );
  await signInAsAdmin(page, admin, '/Participants');

  const toggle = page.getByRole('button', { name: 'Start lists (PDF, CSV)' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('region', { name: 'Start lists for race morning' });
  await expect(panel.getByRole('link', { name: 'Start list PDF: Cyclists 30km' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Start list CSV: Cyclists 30km' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Timing software CSV: Cyclists 30km' })).toBeVisible();
  await expectNoAxeViolations(page);

  const download = page.waitForEvent('download');
  await panel.getByRole('link', { name: 'Start list PDF: Runners 10km' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe('FunRun_StartList_Runners_10km.pdf');
  const pdfPath = testInfo.outputPath('start-list.pdf');
  await pdf.saveAs(pdfPath);
  const text = pdfText(pdfPath);
  expect(text).toContain('Celebration Fun Run — Start list: Runners 10km');
  expect(text).toMatch(
    /Bib\s+Surname\s+First name\s+Age group\s+Minor\s+T-shirt\s+Payment\s+Reference\s+Check/,
  );
  expect(text).toMatch(
    new RegExp(`^\\s*Banda${tag}\\s+Tariro\\s+\\S+\\s+Small\\s+Unpaid\\s+${earlier}$`, 'm'),
  );
  expect(text).toMatch(new RegExp(`^\\s*Zvobgo${tag}\\s+Anesu\\s+\\S+\\s+XXL\\s+Unpaid\\s+${later}$`, 'm'));
  expect(text.indexOf(earlier)).toBeLessThan(text.indexOf(later));
  expect(text).not.toContain(otherRace);

  await toggle.click();
  await expect(panel).toBeHidden();
});

test('an admin corrects an entry with the public form’s rules, then cancels it', async ({ page, admin }) => {
  const surname = uniqueName('Mutasa');
  const reference = await registerInBrowser(
    page,
    'run',
    entrant('Farai', surname, { raceType: '5km', tshirtSize: 'Small' }),
  );
  await signInAsAdmin(page, admin, `/Participants?q=${surname}`);
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /open the entry/ }).click();
  const dialog = page.getByRole('dialog', { name: `Farai ${surname}` });

  await dialog.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(dialog.getByLabel('Mobile', { exact: true })).toHaveValue('+263 77 123 4567');
  await dialog.getByLabel('Mobile', { exact: true }).fill('12');
  await dialog.getByLabel('Age').fill('3');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    dialog.getByText('Enter a valid mobile number, e.g. 0771234567 or +263 77 123 4567'),
  ).toBeVisible();
  await expect(dialog.getByText('Age must be between 4 and 100')).toBeVisible();
  await dialog.getByLabel('Mobile', { exact: true }).fill('0733 111 222');
  await dialog.getByLabel('Age').fill('40');
  await dialog.getByLabel('T-shirt size').selectOption('XXL');
  await dialog.getByLabel('Race type').selectOption('21km');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'The entry was saved.' })).toBeVisible();
  await expect(
    dialog.getByRole('listitem').filter({ hasText: 'Changed mobile, age, T-shirt, race' }),
  ).toHaveCount(1);
  expect(
    await query(
      `select r.mobile, r.age, r.tshirt_size, o.label from registrations r join race_options o on o.id = r.race_option_id
        where r.reference = $1`,
      [reference],
    ),
  ).toEqual([{ mobile: '+263733111222', age: 40, tshirt_size: 'XXL', label: '21km' }]);

  // Cancelling asks first; keeping the entry changes nothing.
  await dialog.getByRole('button', { name: 'Cancel entry' }).click();
  const confirm = page.getByRole('dialog', { name: `Cancel the entry of Farai ${surname}?` });
  await confirm.getByRole('button', { name: 'Keep the entry' }).click();
  await expect(confirm).toBeHidden();
  await dialog.getByRole('button', { name: 'Cancel entry' }).click();
  await confirm.getByRole('button', { name: 'Cancel entry' }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog.getByText('The entry was cancelled; its place is free again.')).toBeVisible();
  await expect(dialog.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No entry matches these filters.')).toBeVisible();
});

test('the list sorts by any column heading, pages on the server, and keeps all of it in the address', async ({
  page,
  admin,
}) => {
  await signInAsAdmin(page, admin, '/Participants');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  const isPhone = (page.viewportSize()?.width ?? 0) < 640;
  if (isPhone) {
    await page.getByLabel('Sort by').selectOption({ label: 'Age, oldest first' });
  } else {
    const age = page.getByRole('columnheader', { name: 'Age' });
    await age.getByRole('button').click();
    await expect(age).toHaveAttribute('aria-sort', 'ascending');
    await age.getByRole('button').click();
    await expect(age).toHaveAttribute('aria-sort', 'descending');
  }
  await expect(page).toHaveURL(/sort=age&dir=desc/);
  const [oldest] = await query<{ age: number }>(
    `select max(age) as age from registrations where status = 'active'`,
  );
  await expect(page.getByRole('row').nth(1)).toContainText(String(oldest?.age));

  await page.getByLabel('Rows per page').selectOption('25');
  const total = Number(
    (await query<{ n: string }>(`select count(*)::text as n from registrations where status = 'active'`))[0]
      ?.n,
  );
  if (total > 25) {
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(new RegExp(`^Page 2 of \\d+ · ${total} entries$`))).toBeVisible();
  }
  await page.getByLabel('Payment').selectOption('waived');
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page).toHaveURL(/payment=waived/);
});

test('axe finds no violations on /Participants, with an entry open too', async ({ page, admin }) => {
  await registerInBrowser(
    page,
    'cycle',
    entrant('Nyasha', uniqueName('Axe'), { raceType: '15km', tshirtSize: 'Large' }),
  );
  await signInAsAdmin(page, admin, '/Participants');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expectNoAxeViolations(page);
  await page
    .getByRole('button', { name: /open the entry/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'History' })).toBeVisible();
  await dialog.getByLabel('Paid', { exact: true }).check();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(dialog.getByLabel('Race type')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/Participants?q=nobody-has-this-name');
  await expect(page.getByText('No entry matches these filters.')).toBeVisible();
  await expectNoAxeViolations(page);
});
