import type { Page } from '@playwright/test';
import { runnerEntry } from '../support/entries.ts';
import { type Account, createVerifiedAccount, newAccount, signInByCookie } from './support/accounts.ts';
import { query, uniqueName } from './support/database.ts';
import { deviceOf } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { waitForMail } from './support/mail.ts';
import { facilitatorAccount, originOf, verifiedAccount } from './support/progress.ts';

/*
 * Each journey runs on the device its user holds: entrants, men, facilitators and volunteers on a phone,
 * organisers and company managers at a desk (see playwright.config.ts). Here every page of a journey is
 * opened at the other width too, and must lay out there: its heading shown, nothing wider than the window.
 */

/** Opens the page and checks its layout: its one main heading is shown and nothing makes it scroll sideways. */
async function laysOut(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const [wide, shown] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(wide, `${path} is wider than the window`).toBeLessThanOrEqual(shown ?? 0);
}

const atDesk = () => deviceOf() === 'desktop';

test.describe('organisers’ pages on a phone (their journeys run at a desk)', () => {
  test.skip(atDesk, 'these pages’ journeys run at 1280 px');

  test('the admin’s pages lay out at 390 px', async ({ page, admin }) => {
    await signInByCookie(page, admin);
    for (const path of [
      '/WelcomeAdmin',
      '/Participants',
      '/Waitlist',
      '/Statements',
      '/Messages',
      '/EventSettings',
      '/ProgrammeSettings',
      '/RegisteredMan',
      '/RegisteredFacilitator',
      '/Accounts',
      '/Outbox',
      '/AuditLog',
      '/ErasureRequests',
    ]) {
      await laysOut(page, path);
    }
  });

  test('a company manager’s page lays out at 390 px', async ({ page, playwright }, testInfo) => {
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    const manager = await createVerifiedAccount(
      request,
      newAccount('layout-company', testInfo, uniqueName('Layout Company')),
      'company',
    );
    await request.dispose();
    await laysOut(page, '/CompanySignUp');
    await signInByCookie(page, manager);
    await laysOut(page, '/WelcomeManager');
  });
});

test.describe('entrants’, men’s and volunteers’ pages at a desk (their journeys run on a phone)', () => {
  test.skip(() => !atDesk(), 'these pages’ journeys run at 390 px');

  test('the public pages lay out at 1280 px', async ({ page }, testInfo) => {
    const entered = await page.request.post('/api/registrations', {
      data: runnerEntry(uniqueName('layout').toLowerCase()),
      headers: { origin: originOf(testInfo) },
    });
    expect(entered.status()).toBe(201);
    const { reference, myLink } = (await entered.json()) as { reference: string; myLink: string };
    // A place given from that entry's page: the page its new holder opens.
    const taker = `${uniqueName('layout-taker')}@example.com`.toLowerCase();
    const given = await page.request.post(`/api${myLink.replace('/My/', '/my/')}/transfer`, {
      data: { sendBy: 'email', email: taker },
      headers: { origin: originOf(testInfo) },
    });
    expect(given.status()).toBe(200);
    const transferLink = (await waitForMail(taker, /a place for you/)).text.match(/\/Transfer\/[\w-]+/)?.[0];
    if (!transferLink) throw new Error('No transfer link was mailed');
    for (const path of [
      '/',
      '/Register',
      '/RegisterCyclist',
      `/Thankyou?reference=${reference}&race=10km`,
      '/Search',
      '/Banking',
      '/Terms',
      '/Privacy',
      new URL(myLink, originOf(testInfo)).pathname,
      '/My',
      '/RegisterMan',
      '/RegisterFacilitator',
      '/About',
      '/SignUp',
      '/CompanySignUp',
      '/ForgotPassword',
      '/ResetPassword?token=not-a-real-token',
      '/Invitation?token=not-a-real-token',
      '/ConfirmEmail/not-a-real-token',
      '/Offer/not-a-real-token',
      transferLink,
      '/Transfer/not-a-real-token',
    ]) {
      await laysOut(page, path);
    }
  });

  test('the group form and its thank-you page lay out at 1280 px', async ({ page }, testInfo) => {
    const fitsTheWindow = async () => {
      const [wide, shown] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        window.innerWidth,
      ]);
      expect(wide).toBeLessThanOrEqual(shown ?? 0);
    };
    await page.goto('/Register');
    await page.getByRole('button', { name: 'Add another person' }).click();
    await expect(page.getByRole('group', { name: 'Person 2' })).toBeVisible();
    await fitsTheWindow();

    const tag = uniqueName('layout').toLowerCase();
    const entered = await page.request.post('/api/registrations/group', {
      data: { people: [runnerEntry(`${tag}a`), runnerEntry(`${tag}b`)] },
      headers: { origin: originOf(testInfo), 'idempotency-key': `layout-group-${tag}` },
    });
    expect(entered.status()).toBe(201);
    // The receipt as the form keeps it for its thank-you page (last-receipt.ts).
    const receipt = await entered.text();
    await page.evaluate((kept) => sessionStorage.setItem('celebration:last-registration', kept), receipt);
    await page.goto('/Thankyou');
    await expect(page.getByRole('region', { name: 'Your group reference' })).toBeVisible();
    await fitsTheWindow();
  });

  test('a man’s, a facilitator’s and a volunteer’s pages lay out at 1280 px', async ({
    page,
    playwright,
    admin,
  }, testInfo) => {
    // Each account from a context of its own: following a verification link signs that context in.
    const fresh = () => playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    const man = await verifiedAccount(await fresh(), 'Layout', testInfo);
    const facilitator = await facilitatorAccount(await fresh(), 'Layout', testInfo);
    const volunteer: Account = await createVerifiedAccount(
      await fresh(),
      newAccount('layout-volunteer', testInfo, 'Tari Volunteer'),
    );
    await query(`update "user" set role = 'volunteer' where email = $1`, [volunteer.email]);

    await signInByCookie(page, man);
    for (const path of ['/WelcomeMan', '/Mobile', '/UploadButton', '/Profile']) await laysOut(page, path);
    await page.context().clearCookies();
    await signInByCookie(page, facilitator);
    for (const path of ['/WelcomeFacilitator', '/Managean']) await laysOut(page, path);
    await page.context().clearCookies();
    await signInByCookie(page, volunteer);
    await laysOut(page, '/CheckIn');
    await laysOut(page, '/Finish');
    // The admin checks the finish at the line, on a phone: at a desk too.
    await page.context().clearCookies();
    await signInByCookie(page, admin);
    await laysOut(page, '/FinishCheck');
  });
});
