import { expect, test } from '@playwright/test';

test('an unknown page shows the fallback screen with a way home', async ({ page }) => {
  await page.goto('/nowhere');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByText(/could not find the page/)).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('heading', { name: 'Celebration Fun Run' })).toBeVisible();
});

test('routes match whatever the case', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Runner registration' })).toBeVisible();
  await page.goto('/WELCOME');
  await expect(page.getByRole('link', { name: 'Register as Cyclist' })).toBeVisible();
});

test('a code chunk that fails to load offers a reload instead of a blank page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Register as Runner' })).toBeVisible();
  await page.route(/\/assets\/register-runner-.*\.js$/, (route) => route.abort('failed'));
  await page.getByRole('link', { name: 'Register as Runner' }).click();
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
});

test('the terms include the registration waiver, and banking shows the accounts', async ({ page }) => {
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
