import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signInInBrowser } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { insertApplicant, insertMen, newPerson, uniqueToken } from './support/programme.ts';

async function expectNoViolations(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1')).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

for (const [path, submit] of [
  ['/RegisterMan', 'Add Man'],
  ['/RegisterFacilitator', 'Add Man'],
  ['/Registration', 'Submit'],
] as const) {
  test(`axe finds no violations on ${path}, empty and with every field's error`, async ({ page }) => {
    await page.goto(path);
    await expectNoViolations(page);
    await page.getByRole('button', { name: submit }).click();
    await expect(page.getByText('Enter the surname')).toBeVisible();
    await expectNoViolations(page);
  });
}

test('axe finds no violations on the registers with data, their dialogs and the signed-in facilitator form', async ({
  page,
  admin,
}, testInfo) => {
  test.slow(); // axe on nine states of two pages
  const token = uniqueToken('Axe');
  await insertMen(token, 3);
  const applicant = newPerson('Peter', `Chanetsa${token}`, testInfo);
  await insertApplicant(applicant);

  await page.goto('/About');
  await signInInBrowser(page, admin);
  await expect(page).toHaveURL(/\/WelcomeAdmin$/);
  await page.goto('/RegisterFacilitator');
  // Signed in as an admin, the facilitator form says that it registers directly.
  await expect(page.getByText(`You are signed in as ${admin.name} (admin)`)).toContainText(
    'registered directly, without review',
  );
  await expect(page.getByText('Every application is reviewed')).toHaveCount(0);
  await expectNoViolations(page);

  await page.goto('/RegisteredMan');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expectNoViolations(page);
  await page.getByLabel('Search men').fill(token);
  await expect(page.getByRole('row').filter({ hasText: token })).toHaveCount(3);
  await page
    .getByRole('button', { name: /^Manage / })
    .first()
    .click();
  const manage = page.getByRole('dialog', { name: /^Manage / });
  await expect(manage).toBeVisible();
  await expectNoViolations(page);
  await manage.getByLabel('Age').fill('7');
  await manage.getByRole('button', { name: 'Save' }).click();
  await expect(manage.getByText('Age must be between 18 and 100')).toBeVisible();
  await expectNoViolations(page);
  await manage.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('button', { name: /^Delete / })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: /^Delete / })).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.getByLabel('Search men').fill(`${token}-nobody`);
  await expect(page.getByText(`No match for “${token}-nobody”.`)).toBeVisible();
  await expectNoViolations(page);

  await page.goto('/RegisteredFacilitator');
  await page.getByLabel('Search facilitators').fill(token);
  const row = page.getByRole('row').filter({ hasText: applicant.email });
  await expect(row).toContainText('Applicant');
  await expectNoViolations(page);
  await row.getByRole('button', { name: /^Decline / }).click();
  await expect(page.getByRole('dialog', { name: `Decline Peter Chanetsa${token}?` })).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Declined. Peter Chanetsa${token}’s application is closed.`,
  );
  await expect(row).toContainText('Declined');
  await expectNoViolations(page);
});
