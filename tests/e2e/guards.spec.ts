import { expect, test } from '@playwright/test';
import { newAccount, signInInBrowser, signUpInBrowser, verificationLink } from './support/accounts.ts';
import { heldOn } from './support/devices.ts';

test('a participant opening admin or company pages is told so, and nothing of theirs is fetched', async ({
  page,
}, testInfo) => {
  heldOn('phone');
  const man = newAccount('guard', testInfo, 'Blessing Sibanda');
  await signUpInBrowser(page, man, 'participant');
  await page.goto(await verificationLink(man.email));
  await expect(page).toHaveURL(/\/WelcomeMan$/);

  const dataCalls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/(accounts|mail-outbox|team)/.test(request.url())) dataCalls.push(request.url());
  });

  for (const path of ['/WelcomeAdmin', '/Accounts', '/Outbox', '/WelcomeManager', '/WelcomeFacilitator']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Go to your page' }).click();
  await expect(page).toHaveURL(/\/WelcomeMan$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Blessing Sibanda' })).toBeVisible();
  expect(dataCalls).toEqual([]);

  // The server refuses on its own account, whatever the page does.
  expect((await page.request.get('/api/accounts')).status()).toBe(403);
  expect((await page.request.get('/api/team/registrations')).status()).toBe(403);
});

test('after sign-in, "next" leads back only to a page of this site', async ({ page }, testInfo) => {
  heldOn('phone');
  const man = newAccount('next', testInfo, 'Kuda Ncube');
  await signUpInBrowser(page, man, 'participant');
  await page.goto(await verificationLink(man.email));
  await expect(page).toHaveURL(/\/WelcomeMan$/);
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);

  for (const next of ['//evil.example/steal', 'https://evil.example/', '/\\evil.example']) {
    await page.goto(`/About?next=${encodeURIComponent(next)}`);
    await signInInBrowser(page, man);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/WelcomeMan$/);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/$/);
  }

  // A page of this site, with its query, is where he returns.
  await page.goto('/Mobile?tab=1');
  await expect(page).toHaveURL(/\/About\?next=%2FMobile%3Ftab%3D1$/);
  await signInInBrowser(page, man);
  await expect(page).toHaveURL(/\/Mobile\?tab=1$/);
});
