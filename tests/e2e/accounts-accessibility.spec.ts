import {
  createVerifiedAccount,
  newAccount,
  signInInBrowser,
  signUpInBrowser,
  verificationLink,
} from './support/accounts.ts';
import { expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { entrant, signInAsAdmin } from './support/fun-run-admin.ts';
import { fillRegistration } from './support/registration-form.ts';

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

for (const path of [
  '/SignUp',
  '/About',
  '/CompanySignUp',
  '/ForgotPassword',
  '/ResetPassword',
  '/ResetPassword?token=a-token-from-the-email',
  '/ResetPassword?error=INVALID_TOKEN',
  '/Invitation?token=a-token-from-the-email',
  '/Invitation?error=INVALID_TOKEN',
]) {
  test(`axe finds no violations on ${path}`, async ({ page }) => {
    heldOn('phone');
    await page.goto(path);
    await expectNoAxeViolationsOnceLoaded(page);
  });
}

test('axe finds no violations on the failed sign-in and the form errors', async ({ page }, testInfo) => {
  heldOn('phone');
  await page.goto('/About');
  await signInInBrowser(page, {
    email: `${uniqueName('nobody')}-${testInfo.project.name}@example.com`,
    password: 'not the password',
  });
  await expect(page.getByRole('alert')).toHaveText('Email or password is incorrect');
  await expectNoAxeViolationsOnceLoaded(page);
  await page.goto('/SignUp');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Enter your full name')).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(page);
});

test('axe finds no violations on the admin pages', async ({ page, admin }) => {
  heldOn('desktop');
  await signInAsAdmin(page, admin);
  await expectNoAxeViolationsOnceLoaded(page);
  await page.goto('/Outbox');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(page);
  await page.goto('/Accounts');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(page);
});

test('axe finds no violations on /Accounts with a role change or a disabling to confirm and an account’s history open', async ({
  page,
  admin,
  playwright,
}, testInfo) => {
  heldOn('desktop');
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const target = await createVerifiedAccount(request, newAccount('a11y-role', testInfo, 'Chipo Moyo'));
  await request.dispose();
  await signInAsAdmin(page, admin, '/Accounts');
  await page.getByLabel('Search accounts').fill(target.email);
  const row = page.getByRole('row').filter({ hasText: target.email });
  await expect(page.getByText('Page 1 of 1 · 1 account')).toBeVisible();

  await row.getByLabel(`Role of ${target.name}`).selectOption('admin');
  const dialog = page.getByRole('dialog', { name: `Make ${target.name} an Admin?` });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(page);
  await dialog.getByRole('button', { name: 'Make Admin' }).click();
  await expect(dialog).toBeHidden();
  await row.getByRole('button', { name: `Disable ${target.name}` }).click();
  const disable = page.getByRole('dialog', { name: `Disable ${target.name}?` });
  await expect(disable).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(page);
  await disable.getByRole('button', { name: 'Disable account' }).click();
  await expect(disable).toBeHidden();
  await row.getByText('1 earlier change').click();
  await expect(row.getByRole('listitem')).toHaveCount(1);
  await expectNoAxeViolationsOnceLoaded(page);
});

test('axe finds no violations on the company sign-up answer and the team page with an entry', async ({
  page,
}, testInfo) => {
  heldOn('desktop');
  const company = newAccount('a11y-company', testInfo, 'Msasa Logistics');
  await signUpInBrowser(page, company, 'company');
  await expectNoAxeViolationsOnceLoaded(page);
  await page.goto(await verificationLink(company.email));
  await expect(page).toHaveURL(/\/WelcomeManager$/);
  await expect(page.getByText('No staff registered yet')).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(page);
  const lastName = uniqueName('Staff');
  await fillRegistration(
    page,
    entrant('Rumbi', lastName, {
      age: '28',
      raceType: '5km',
      nextOfKinMobile: '0772000333',
      tshirtSize: 'Small',
    }),
  );
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('region', { name: "Your team's entries" }).getByText(lastName)).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(page);
});

test('axe finds no violations on a participant home and the no-access screen', async ({
  page,
  playwright,
}, testInfo) => {
  heldOn('phone');
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const man = await createVerifiedAccount(request, newAccount('a11y-man', testInfo, 'Simba Zhou'));
  await request.dispose();
  await page.goto('/About');
  await signInInBrowser(page, man);
  await expect(page).toHaveURL(/\/WelcomeMan$/);
  await expectNoAxeViolationsOnceLoaded(page);
  await page.goto('/WelcomeAdmin');
  await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(page);
});
