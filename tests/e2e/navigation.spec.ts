import type { Page } from '@playwright/test';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { signInAsAdmin } from './support/fun-run-admin.ts';

test('an unknown page shows the fallback screen with a way home', async ({ page }) => {
  heldOn('phone');
  await page.goto('/nowhere');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByText(/could not find the page/)).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('heading', { name: 'Celebration Fun Run' })).toBeVisible();
});

test('routes match whatever the case', async ({ page }) => {
  heldOn('phone');
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Runner registration' })).toBeVisible();
  // A page the server renders has one address: other spellings are sent there.
  await expect(page).toHaveURL(/\/Register$/);
  await page.goto('/WELCOME/?from=whatsapp');
  await expect(page.getByRole('link', { name: 'Register as Cyclist' })).toBeVisible();
  await expect(page).toHaveURL(/\/Welcome\?from=whatsapp$/);
});

test('a code chunk that fails to load offers a reload instead of a blank page', async ({ page }) => {
  heldOn('phone');
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Register as Runner' })).toBeVisible();
  await page.route(/\/assets\/register-runner-.*\.js$/, (route) => route.abort('failed'));
  await page.getByRole('link', { name: 'Register as Runner' }).click();
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
});

/** Opens /Banking from the home page with its script failing as it runs: the page fails while being shown. */
async function bankingFailsToRender(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Register as Runner' })).toBeVisible();
  const broken = /\/assets\/banking-.*\.js$/;
  await page.route(broken, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: "throw new TypeError('broken on purpose');" }),
  );
  await page.getByRole('contentinfo').getByRole('link', { name: 'Banking Details' }).click();
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await page.unroute(broken);
}

test('a page that fails offers to try it again, and a visitor the home page', async ({ page }) => {
  heldOn('phone');
  await bankingFailsToRender(page);
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Go to your page' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Try this page again' }).click();
  await expect(page).toHaveURL(/\/Banking$/);
  await expect(page.getByRole('heading', { level: 1, name: /Banking/ })).toBeVisible();
});

test('a page that fails offers a signed-in person his own page', async ({ page, admin }) => {
  heldOn('desktop');
  await signInAsAdmin(page, admin);
  await bankingFailsToRender(page);
  await page.getByRole('link', { name: 'Go to your page' }).click();
  await expect(page).toHaveURL(/\/WelcomeAdmin$/);
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);
});

test('the terms include the registration waiver, and banking shows the accounts', async ({ page }) => {
  heldOn('phone');
  await page.goto('/Terms');
  const waiver = page.getByRole('region', { name: 'Celebration Fun Run Registration Waiver' });
  await expect(waiver.getByText(/voluntarily/)).toBeVisible();
  await expect(waiver.getByText(/assume all of these risks/)).toBeVisible();
  await expect(waiver.getByText(/release the organiser/)).toBeVisible();
  await expect(waiver.getByText(/physically fit/)).toBeVisible();
  await page.goto('/Banking');
  await expect(page.getByRole('heading', { name: 'Banking Details', level: 1 })).toBeVisible();
  await expect(page.getByText('Account number (USD):')).toBeVisible();
});
