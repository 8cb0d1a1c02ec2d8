import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { heldOn } from './support/devices.ts';
import { fillRegistration } from './support/registration-form.ts';

heldOn('phone');

const announcer = '[data-announcer]';

test('a form shows every error at once, focuses the first field in error and says how many there are', async ({
  page,
}) => {
  await page.goto('/Register');
  await page.getByLabel('First name').fill('Rudo');
  await page.getByLabel('Last name').fill('Errors');
  await page.getByLabel('Email').fill('rudo.errors@example.com');
  await page.getByLabel('Mobile', { exact: true }).fill('12345');
  await page.getByLabel('Age').fill('30');
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page.getByLabel('Mobile', { exact: true })).toBeFocused();
  for (const message of [
    'Enter a valid mobile number, e.g. 0771234567 or +263 77 123 4567',
    'Enter a race type',
    'Enter a T-shirt size',
    'Enter a next of kin mobile number',
    'You must agree to the Terms and Conditions to register',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(page.locator(announcer)).toHaveText('5 fields need attention');
  await expect(page.locator(announcer)).toHaveAttribute('aria-live', 'assertive');
});

test('the sign-in form behaves the same', async ({ page }) => {
  await page.goto('/About');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(page.locator(announcer)).toHaveText('2 fields need attention');
});

test('a landline given as Mobile is refused by the server, its message beside Mobile; a mobile then registers', async ({
  page,
}) => {
  await page.goto('/Register');
  await fillRegistration(page, {
    firstName: 'Rudo',
    lastName: `Landline${Date.now()}`,
    email: `rudo.landline.${Date.now()}@example.com`,
    mobile: '024 2700000',
    age: '30',
    raceType: '10km',
    tshirtSize: 'Large',
    nextOfKinMobile: '0712345678',
  });
  await page.getByRole('button', { name: 'Register' }).click();
  const mobile = page.getByLabel('Mobile', { exact: true });
  await expect(mobile).toHaveAccessibleDescription(
    /Enter a mobile number: this one is a landline, which cannot receive our text messages$/,
  );
  await expect(page).toHaveURL(/\/Register$/);
  await expectNoAxeViolations(page);
  await mobile.fill('0771234567');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/Thankyou$/);
});
