import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { registeredByApi } from './support/fun-run-admin.ts';
import { field, fillBeThatMan, newPerson } from './support/programme.ts';

// Issue 38: beyond the registration form, the forms that change a Mobile show the server's refusal of a
// landline beside Mobile (the type check is the server's alone: its metadata would weigh on the phone).

heldOn('phone');

const NOT_A_MOBILE = /Enter a mobile number: this one is a landline, which cannot receive our text messages$/;

test('an entrant changing his Mobile to a landline on /My is told beside Mobile; a mobile then saves', async ({
  page,
}, testInfo) => {
  const { myLink } = await registeredByApi(page, testInfo, 'Rudo', uniqueName('Landline'));
  await page.goto(myLink);
  await page.getByRole('button', { name: 'Change my entry' }).click();
  const mobile = page.getByLabel('Mobile', { exact: true });
  await mobile.fill('024 2700000');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(mobile).toHaveAccessibleDescription(NOT_A_MOBILE);
  await expectNoAxeViolations(page);
  await mobile.fill('0782223344');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your changes were saved' })).toBeVisible();
});

test('a man joining with a landline as Mobile is told beside Mobile; a mobile then joins', async ({
  page,
}, testInfo) => {
  await page.goto('/RegisterMan');
  await fillBeThatMan(
    page,
    newPerson('Tatenda', uniqueName('Landline'), testInfo, { mobile: '024 2700000' }),
  );
  await page.getByRole('button', { name: 'Add Man' }).click();
  await expect(field(page, 'Mobile')).toHaveAccessibleDescription(NOT_A_MOBILE);
  await expectNoAxeViolations(page);
  await field(page, 'Mobile').fill('0771234567');
  await page.getByRole('button', { name: 'Add Man' }).click();
  await expect(page.getByRole('status')).toContainText('Welcome to the movement! You are registered.');
});
