import { apiSignIn, createVerifiedAccount, newAccount, signInInBrowser } from './support/accounts.ts';
import { query } from './support/database.ts';
import { expect, test } from './support/fixtures.ts';

test('an admin finds an account, changes its role, disables and enables it, but cannot demote himself', async ({
  page,
  admin,
  playwright,
}, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const target = newAccount('target', testInfo, 'Nyasha Chikore');
  await createVerifiedAccount(request, target);

  await page.goto('/About');
  await signInInBrowser(page, admin);
  await expect(page).toHaveURL(/\/WelcomeAdmin$/);
  await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: /Accounts/ })
    .click();
  await expect(page).toHaveURL(/\/Accounts$/);

  await page.getByLabel('Search accounts').fill(target.email);
  const row = page.getByRole('row').filter({ hasText: target.email });
  await expect(row).toHaveCount(1);
  await expect(page.getByText('Page 1 of 1 · 1 account')).toBeVisible();
  await expect(row).toContainText('Verified');

  await row.getByLabel(`Role of ${target.name}`).selectOption('facilitator');
  await expect(page.getByText(`${target.name} is now facilitator.`)).toBeVisible();
  expect(await query(`select role from "user" where email = $1`, [target.email])).toEqual([
    { role: 'facilitator' },
  ]);

  // Disabling asks first; Cancel changes nothing.
  await row.getByRole('button', { name: `Disable ${target.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Disable ${target.name}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).not.toContainText('Disabled');
  await row.getByRole('button', { name: `Disable ${target.name}` }).click();
  await dialog.getByRole('button', { name: 'Disable account' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Disabled');
  const refused = await apiSignIn(request, target, testInfo);
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('BANNED_USER');

  await row.getByRole('button', { name: `Enable ${target.name}` }).click();
  await page
    .getByRole('dialog', { name: `Enable ${target.name}?` })
    .getByRole('button', { name: 'Enable account' })
    .click();
  await expect(row).not.toContainText('Disabled');
  const allowed = await apiSignIn(request, target, testInfo);
  expect(allowed.status()).toBe(200);
  expect((await allowed.json()).user.role).toBe('facilitator');

  // His own admin role stays: the refusal is said on the page and the select shows the truth.
  await page.getByLabel('Search accounts').fill(admin.email);
  const mine = page.getByRole('row').filter({ hasText: admin.email });
  await expect(mine).toContainText('(you)');
  await mine.getByLabel(`Role of ${admin.name}`).selectOption('participant');
  await expect(page.getByRole('alert')).toContainText('You cannot remove your own admin role');
  await expect(mine.getByLabel(`Role of ${admin.name}`)).toHaveValue('admin');
  await request.dispose();
});

test('the outbox shows the latest mail and whether it was delivered, never its links', async ({
  page,
  admin,
}) => {
  await page.goto('/Outbox');
  await expect(page).toHaveURL(/\/About\?next=%2FOutbox$/);
  await signInInBrowser(page, admin);
  await expect(page).toHaveURL(/\/Outbox$/);
  const mail = page.getByRole('article').filter({ hasText: `To ${admin.email}` });
  await expect(mail.getByRole('heading', { name: 'Confirm your email for Celebration' })).toBeVisible();
  await expect(mail.getByText(/^Delivered /)).toBeVisible();
  // With a mail server set up, a verification or reset link is for its recipient's eyes only.
  await expect(mail.getByRole('link')).toHaveCount(0);
  await expect(page.getByText(/token=/)).toHaveCount(0);
  await expect(page.getByRole('note')).toHaveCount(0);
});
