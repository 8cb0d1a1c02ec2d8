import { expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { signInAsAdmin } from './support/fun-run-admin.ts';
import { insertApplicant, insertMen, newPerson, uniqueToken } from './support/programme.ts';

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

for (const [path, submit] of [
  ['/RegisterMan', 'Add Man'],
  ['/RegisterFacilitator', 'Add Man'],
  ['/Registration', 'Submit'],
] as const) {
  test(`axe finds no violations on ${path}, empty and with every field's error`, async ({ page }) => {
    heldOn('phone');
    await page.goto(path);
    await expectNoAxeViolationsOnceLoaded(page);
    await page.getByRole('button', { name: submit }).click();
    await expect(page.getByText('Enter the surname')).toBeVisible();
    await expectNoAxeViolationsOnceLoaded(page);
  });
}

test('axe finds no violations on the registers with data, their dialogs and the signed-in facilitator form', async ({
  page,
  admin,
}, testInfo) => {
  heldOn('desktop');
  test.slow(); // axe on nine states of two pages
  const token = uniqueToken('Axe');
  await insertMen(token, 3);
  const applicant = newPerson('Peter', `Chanetsa${token}`, testInfo);
  await insertApplicant(applicant);

  await signInAsAdmin(page, admin, '/RegisterFacilitator');
  // Signed in as an admin, the facilitator form says that it registers directly.
  await expect(page.getByText(`You are signed in as ${admin.name} (admin)`)).toContainText(
    'registered directly, without review',
  );
  await expect(page.getByText('Every application is reviewed')).toHaveCount(0);
  await expectNoAxeViolationsOnceLoaded(page);

  await page.goto('/RegisteredMan');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(page);
  await page.getByLabel('Search men').fill(token);
  await expect(page.getByRole('row').filter({ hasText: token })).toHaveCount(3);
  await page
    .getByRole('button', { name: /^Manage / })
    .first()
    .click();
  const manage = page.getByRole('dialog', { name: /^Manage / });
  await expect(manage).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(page);
  await manage.getByLabel('Age').fill('7');
  await manage.getByRole('button', { name: 'Save' }).click();
  await expect(manage.getByText('Age must be between 18 and 100')).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(page);
  await manage.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('button', { name: /^Delete / })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: /^Delete / })).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.getByLabel('Search men').fill(`${token}-nobody`);
  await expect(page.getByText(`No match for “${token}-nobody”.`)).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(page);

  await page.goto('/RegisteredFacilitator');
  await page.getByLabel('Search facilitators').fill(token);
  const row = page.getByRole('row').filter({ hasText: applicant.email });
  await expect(row).toContainText('Applicant');
  await expectNoAxeViolationsOnceLoaded(page);
  await row.getByRole('button', { name: /^Decline / }).click();
  await expect(page.getByRole('dialog', { name: `Decline Peter Chanetsa${token}?` })).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Declined. Peter Chanetsa${token}’s application is closed, and he was told by email.`,
  );
  await expect(row).toContainText('Declined');
  await expectNoAxeViolationsOnceLoaded(page);
});
