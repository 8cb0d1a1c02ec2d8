import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { type Account, followAccountLink, signInInBrowser } from './support/accounts.ts';
import { query } from './support/database.ts';
import { deviceOf, heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { signInAsAdmin } from './support/fun-run-admin.ts';
import { waitForMail } from './support/mail.ts';
import { field, fillBeThatMan, insertMen, joinBody, newPerson, uniqueToken } from './support/programme.ts';

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

async function programmeTotals(request: APIRequestContext) {
  const response = await request.get('/api/dashboard/programme');
  expect(response.status()).toBe(200);
  return (await response.json()) as { men: number; facilitators: number; applicants: number };
}

/** The same figures before the journey, read by the admin's session in a context of its own (the page is a visitor's). */
async function totalsBefore(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  admin: Account,
  testInfo: TestInfo,
) {
  const api = await playwright.request.newContext({
    baseURL: testInfo.project.use.baseURL,
    storageState: { cookies: admin.signedIn?.cookies ?? [], origins: [] },
  });
  try {
    return await programmeTotals(api);
  } finally {
    await api.dispose();
  }
}

async function openRegister(page: Page, link: 'Men' | 'Facilitators') {
  await followAccountLink(page, link);
  await expect(page).toHaveURL(link === 'Men' ? /\/RegisteredMan$/ : /\/RegisteredFacilitator$/);
}

test('a man joins, a facilitator applies, a man registers at the desk; the admin edits, deletes and approves', async ({
  page,
  admin,
  playwright,
}, testInfo) => {
  heldOn('desktop');
  const token = uniqueToken('Pg');
  const man = newPerson('Tendai', `Moyo${token}`, testInfo, { church: 'Celebration Harare' });
  const other = newPerson('Farai', `Zhou${token}`, testInfo, { church: 'Celebration Harare' });
  const applicant = newPerson('Joseph', `Mutasa${token}`, testInfo);
  const quick = newPerson('Simba', `Banda${token}`, testInfo, { mobile: '0772000111' });
  const before = await totalsBefore(playwright, admin, testInfo);

  // A visitor joins through the Be That Man form: a message, and the form is empty for the next man.
  await page.goto('/RegisterMan');
  await expect(page.getByRole('heading', { level: 1, name: 'Be That Man' })).toBeVisible();
  await expect(page.getByText('Do You Want To Join The Movement?')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Join Now' })).toBeVisible();
  for (const placeholder of ['name', 'surname', 'email', 'mobile', 'church', 'age', 'address']) {
    await expect(page.getByPlaceholder(placeholder, { exact: true })).toBeVisible();
  }
  await expect(field(page, 'Marital status').locator('option').first()).toHaveText('marital status');
  await fillBeThatMan(page, man);
  await page.getByRole('button', { name: 'Add Man' }).click();
  await expect(page.getByRole('status')).toContainText('Welcome to the movement! You are registered.');
  for (const label of ['Name', 'Surname', 'Email', 'Mobile', 'Marital status', 'Church', 'Age', 'Address']) {
    await expect(field(page, label)).toHaveValue('');
  }

  // A visitor applies to be a facilitator: told that applications are reviewed.
  await page.goto('/RegisterFacilitator');
  await expect(page.getByRole('heading', { level: 1, name: 'Be That Man' })).toBeVisible();
  await expect(page.getByText('Every application is reviewed by the programme office')).toBeVisible();
  await fillBeThatMan(page, applicant);
  await page.getByRole('button', { name: 'Add Man' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Thank you for applying. The programme office will review your application and let you know.',
  );

  // The quick desk form.
  await page.goto('/Registration');
  await field(page, 'Name').fill(quick.firstName);
  await field(page, 'Surname').fill(quick.lastName);
  await field(page, 'Email').fill(quick.email);
  await field(page, 'Phone').fill(quick.mobile);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you. You are registered.');
  await expect(page.getByRole('region', { name: 'What happens next' })).toBeVisible();
  await expect(field(page, 'Email')).toHaveValue('');

  // A second complete man, so that an edit can be seen to change one row only.
  expect((await page.request.post('/api/men', { data: joinBody(other) })).status()).toBe(201);

  // The admin sees all three men, sorted by surname, the desk one marked Incomplete.
  await signInAsAdmin(page, admin);
  await openRegister(page, 'Men');
  await page.getByLabel('Search men').fill(token);
  const rows = page.getByRole('row').filter({ hasText: token });
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(quick.lastName);
  await expect(rows.nth(0)).toContainText('Incomplete');
  await expect(rows.nth(1)).toContainText(man.lastName);
  await expect(rows.nth(1)).toContainText('+263 77 123 4567');
  await expect(rows.nth(2)).toContainText(other.lastName);

  // Manage: that man's own fields only (no car parts), saved for him alone.
  const manName = `${man.firstName} ${man.lastName}`;
  const manRow = rows.filter({ hasText: man.email });
  await manRow.getByRole('button', { name: `Manage ${manName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Manage ${manName}` });
  await expect(dialog).toBeVisible();
  await expect(field(dialog, 'Email')).toHaveValue(man.email);
  await expect(dialog.getByLabel('Church')).toHaveValue('Celebration Harare');
  await expect(dialog.getByLabel(/part name|car name|selling price|barcode|shelf/i)).toHaveCount(0);
  await dialog.getByLabel('Church').fill('Celebration Mutare');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Saved the details of ${manName}.`)).toBeVisible();
  await expect(manRow).toContainText('Celebration Mutare');
  await expect(rows.filter({ hasText: other.email })).toContainText('Celebration Harare');
  expect(
    await query(`select email, church from men where email = any($1) order by email`, [
      [man.email, other.email, quick.email],
    ]),
  ).toEqual(
    [
      { email: man.email, church: 'Celebration Mutare' },
      { email: other.email, church: 'Celebration Harare' },
      { email: quick.email, church: null },
    ].sort((a, b) => a.email.localeCompare(b.email)),
  );

  // Delete asks first; Cancel keeps him.
  const quickName = `${quick.firstName} ${quick.lastName}`;
  const quickRow = rows.filter({ hasText: quick.email });
  await quickRow.getByRole('button', { name: `Delete ${quickName}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${quickName}?` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(rows).toHaveCount(3);
  await quickRow.getByRole('button', { name: `Delete ${quickName}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`${quickName} was deleted from the register.`)).toBeVisible();
  await expect(rows).toHaveCount(2);
  expect(await query(`select id from men where email = $1`, [quick.email])).toEqual([]);

  // The applicant waits at the top of the facilitators' register; approving him invites him by email.
  await openRegister(page, 'Facilitators');
  await expect(page.getByRole('row').nth(1)).toContainText('Applicant');
  await page.getByLabel('Search facilitators').fill(token);
  const applicantName = `${applicant.firstName} ${applicant.lastName}`;
  const applicantRow = page.getByRole('row').filter({ hasText: applicant.email });
  await expect(applicantRow).toContainText('Applicant');
  await applicantRow.getByRole('button', { name: `Approve ${applicantName}` }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Approved. ${applicantName} was invited by email to create an account.`,
  );
  await expect(applicantRow).toContainText('Facilitator');
  await expect(applicantRow.getByRole('button', { name: /^Approve / })).toHaveCount(0);
  await waitForMail(applicant.email, /You are now a Celebration facilitator/);

  // Two men more (three joined, one deleted), one facilitator more, no applicant more.
  expect(await programmeTotals(page.request)).toEqual({
    men: before.men + 2,
    facilitators: before.facilitators + 1,
    applicants: before.applicants,
  });
});

test('wrong input is explained beside each field; a duplicate email is answered like a new one and its owner told by mail', async ({
  page,
}, testInfo) => {
  heldOn('phone');
  const man = newPerson('Kuda', `Ncube${uniqueToken('Dup')}`, testInfo);
  await page.goto('/RegisterMan');

  await page.getByRole('button', { name: 'Add Man' }).click();
  await expect(field(page, 'Name')).toHaveAccessibleDescription('Enter the name');
  await expect(field(page, 'Surname')).toHaveAccessibleDescription('Enter the surname');
  await expect(field(page, 'Email')).toHaveAccessibleDescription('Enter an email address');
  await expect(field(page, 'Marital status')).toHaveAccessibleDescription(
    'Choose Single, Married, Divorced or Widowed',
  );
  await expect(field(page, 'Church')).toHaveAccessibleDescription('Enter the church');
  await expect(field(page, 'Address')).toHaveAccessibleDescription('Enter the address');
  await expect(field(page, 'Name')).toBeFocused();

  // Checked as each field is left.
  await field(page, 'Email').fill('not-an-email');
  await field(page, 'Email').blur();
  await expect(field(page, 'Email')).toHaveAccessibleDescription(
    'Enter a valid email address, e.g. name@example.com',
  );
  await field(page, 'Mobile').fill('12');
  await field(page, 'Mobile').blur();
  await expect(field(page, 'Mobile')).toHaveAccessibleDescription(
    /Enter a valid mobile number, e\.g\. 0771234567 or \+263 77 123 4567/,
  );
  await field(page, 'Age').fill('17');
  await field(page, 'Age').blur();
  await expect(field(page, 'Age')).toHaveAccessibleDescription('Age must be between 18 and 100');
  await expect(page.getByRole('status')).toHaveCount(0);

  // Right input is accepted once. The same email again is answered exactly alike (the form does not tell a
  // stranger who is registered): nothing is added, and the man hears of the attempt by mail.
  await fillBeThatMan(page, man);
  await expect(field(page, 'Email')).toHaveAttribute('aria-invalid', 'false');
  await page.getByRole('button', { name: 'Add Man' }).click();
  await expect(page.getByRole('status')).toContainText('Welcome to the movement! You are registered.');
  await fillBeThatMan(page, { ...man, firstName: 'Stranger', email: man.email.toUpperCase() });
  await expect(field(page, 'Email')).toHaveValue(man.email.toUpperCase());
  await page.getByRole('button', { name: 'Add Man' }).click();
  await expect(field(page, 'Email')).toHaveValue('');
  await expect(page.getByRole('status')).toContainText('Welcome to the movement! You are registered.');
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await query(`select count(*)::int as n from men where lower(email) = $1`, [man.email])).toEqual([
    { n: 1 },
  ]);
  const notice = await waitForMail(man.email, /already registered/);
  expect(notice.text).toContain(`Dear ${man.firstName},`);

  // The quick form speaks of the phone.
  await page.goto('/Registration');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(field(page, 'Phone')).toHaveAccessibleDescription(/Enter the phone number/);
  await expect(field(page, 'Name')).toHaveAccessibleDescription('Enter the name');
});

test('the honeypot is out of reach of people and assistive technology; a bot filling it is answered but not kept', async ({
  page,
}, testInfo) => {
  heldOn('phone');
  const bot = newPerson('Spam', `Bot${uniqueToken('Hp')}`, testInfo);
  await page.goto('/RegisterFacilitator');
  const honeypot = page.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute('tabindex', '-1');
  await expect(honeypot).toHaveAttribute('autocomplete', 'off');
  await expect(page.getByRole('textbox', { name: /website/i })).toHaveCount(0);
  await expect(honeypot).not.toBeInViewport();
  await fillBeThatMan(page, bot);
  await honeypot.fill('https://spam.example', { force: true });
  await page.getByRole('button', { name: 'Add Man' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you for applying');
  expect(await query(`select id from facilitators where email = $1`, [bot.email])).toEqual([]);
});

test('the register searches, sorts, pages, exports CSV and prints every row of the search without navigation or buttons', async ({
  page,
  admin,
}, testInfo) => {
  heldOn('desktop');
  const token = uniqueToken('Print');
  await insertMen(token, 30);
  await page.goto('/RegisteredMan');
  await expect(page).toHaveURL(/\/About\?next=%2FRegisteredMan$/);
  await signInInBrowser(page, admin);
  await expect(page).toHaveURL(/\/RegisteredMan$/);
  await page.getByLabel('Search men').fill(token);
  await expect(page.getByText('Page 1 of 2 · 30 men')).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: token });
  await expect(rows).toHaveCount(25);

  // Sort by age, oldest first: by the heading on a desktop, by the Sort by list on a phone.
  const ageHeading = page.getByRole('columnheader', { name: /^Age/ });
  await expect(ageHeading).toHaveAttribute('aria-sort', 'none');
  await expect(page.getByRole('columnheader', { name: /^Surname/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  if (deviceOf(testInfo) === 'phone') {
    await page.getByLabel('Sort by').selectOption({ label: 'Age, oldest first' });
  } else {
    await ageHeading.getByRole('button').click();
    await expect(ageHeading).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows.first().getByRole('cell').nth(6)).toHaveText('31');
    await ageHeading.getByRole('button').click();
  }
  await expect(ageHeading).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.first().getByRole('cell').nth(6)).toHaveText('60');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('Page 2 of 2 · 30 men')).toBeVisible();
  await expect(rows).toHaveCount(5);
  await expect(rows.last().getByRole('cell').nth(6)).toHaveText('31');

  // CSV of the same search.
  const csvLink = page.getByRole('link', { name: 'Download CSV' });
  const href = (await csvLink.getAttribute('href')) ?? '';
  expect(href).toContain(`q=${token}`);
  const csv = await page.request.get(href);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).trim().split('\r\n');
  // Who exported it, the header, the 30 men.
  expect(lines).toHaveLength(32);
  // (text() has already dropped the byte-order mark)
  expect(lines[0]).toMatch(/^# Exported by Rudo Admin on \d{4}-\d\d-\d\d \d\d:\d\d \(Harare\)$/);
  expect(lines[1]).toContain('Surname,Name,Email,Mobile,MaritalStatus,Church,Age,Address');

  // Print fetches every row of the search, then opens the print dialog (stubbed: headless has none).
  await page.evaluate(() => {
    const counted = window as unknown as { printed: number };
    counted.printed = 0;
    window.print = () => {
      counted.printed += 1;
    };
  });
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const screenshot = testInfo.outputPath('print-layout.png');
  await page.screenshot({ path: screenshot, fullPage: true });
  await testInfo.attach('print layout', { path: screenshot, contentType: 'image/png' });
  await expect(page.getByRole('heading', { level: 1, name: 'Registered Men' })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('searchbox')).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: token })).toHaveCount(30);
  await expect(
    page.getByText(`30 men · search “${token}” · sorted by Age, oldest first · printed by Rudo Admin on`),
  ).toBeVisible();

  // Back on screen: the page as it was.
  await page.emulateMedia({ media: 'screen' });
  await expect(rows).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeVisible();
});
