import { newAccount, signUpInBrowser, verificationLink } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { query } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { raceWithFees, registerThreeStaff, signInAsAdmin } from './support/fun-run-admin.ts';

heldOn('desktop');

test('a company sees what its team owes and one reference for it all, corrects and cancels entries; the admin marks the team paid together', async ({
  page,
  admin,
}, testInfo) => {
  test.slow();
  const race = await raceWithFees('Team', '15', '400');
  const company = newAccount('team', testInfo, 'Msasa Motors');
  await signUpInBrowser(page, company, 'company');
  await page.goto(await verificationLink(company.email));
  await expect(page).toHaveURL(/\/WelcomeManager$/);

  const surname = await registerThreeStaff(page, testInfo, race);
  await page.reload();
  const entries = page.getByRole('region', { name: "Your team's entries" });
  await expect(entries.getByText('Total due: US$45.00 or ZWG 1,200.00')).toBeVisible();
  await expect(entries.getByText('3 entries, 0 paid')).toBeVisible();
  const teamReference = (await entries.getByText(/^CFR\d\d-T[0-9A-F]{6}$/).textContent()) ?? '';
  expect(teamReference).toMatch(/^CFR\d\d-T[0-9A-F]{6}$/);
  await expectNoAxeViolations(page);

  // Chipo wants a smaller T-shirt.
  await entries.getByRole('button', { name: `Edit Chipo ${surname}` }).click();
  const editing = page.getByRole('dialog', { name: `Edit Chipo ${surname}` });
  await expect(editing.getByLabel('First name')).toHaveValue('Chipo');
  // The list leaves contacts out: the dialog reads the whole entry.
  await expect(editing.getByLabel('Next of kin mobile')).toHaveValue('+263 77 200 0111');
  await expect(editing.getByLabel('Email')).toHaveValue(`chipo.${surname}@example.com`.toLowerCase());
  await expectNoAxeViolations(page);
  await editing.getByLabel('T-shirt size').selectOption('Small');
  await editing.getByRole('button', { name: 'Save changes' }).click();
  await expect(editing).toBeHidden();
  await expect(page.getByText(`Chipo ${surname}'s entry was saved.`)).toBeVisible();
  await expect(entries.getByRole('row').filter({ hasText: 'Chipo' })).toContainText('Small');

  // Farai cannot come.
  await entries.getByRole('button', { name: `Cancel Farai ${surname}` }).click();
  const cancelling = page.getByRole('dialog', { name: `Cancel the entry of Farai ${surname}?` });
  await cancelling.getByRole('button', { name: 'Cancel entry' }).click();
  await expect(cancelling).toBeHidden();
  await expect(
    page.getByText(`Farai ${surname}'s entry was cancelled; the place is free again.`),
  ).toBeVisible();
  await expect(entries.getByRole('row').filter({ hasText: 'Farai' })).toHaveCount(0);
  await expect(entries.getByText('Total due: US$30.00 or ZWG 800.00')).toBeVisible();

  // The team pays once, quoting the team reference: the admin finds the team by it and marks it paid.
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signInAsAdmin(page, admin, `/Participants?q=${teamReference}`);
  await expect(page.getByRole('row').filter({ hasText: surname })).toHaveCount(2);
  await page.getByLabel('Select all unpaid on this page').check();
  await page.getByRole('button', { name: 'Mark 2 paid' }).click();
  const marking = page.getByRole('dialog', { name: 'Mark 2 entries paid' });
  await marking.getByLabel('Method').selectOption({ label: 'Cash' });
  await expect(marking.getByText('2 entries, each at its race’s fee: total USD 30.00.')).toBeVisible();
  await marking.getByRole('button', { name: 'Confirm' }).click();
  await expect(marking).toBeHidden();
  expect(
    await query(`select payment_status from registrations where last_name = $1 and status = 'active'`, [
      surname,
    ]),
  ).toEqual([{ payment_status: 'paid' }, { payment_status: 'paid' }]);
  // Not "Log Out": that would end the session every later test of this worker signs in with.
  await page.context().clearCookies();

  // Paid entries are the organisers' to change: the manager sees nothing to pay and no buttons.
  await page.goto('/About');
  await page.getByLabel('Email').fill(company.email);
  await page.getByLabel('Password').fill(company.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/WelcomeManager$/);
  await expect(entries.getByText('Nothing to pay')).toBeVisible();
  await expect(entries.getByRole('button', { name: /^(Edit|Cancel) / })).toHaveCount(0);
});
