import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  type TestInfo,
  test,
} from '@playwright/test';
import { ROLE_HOME, type Role } from '../../../src/shared/accounts/roles.ts';
import { query, uniqueName } from './database.ts';
import { linkIn, waitForMail } from './mail.ts';

export const PASSWORD = 'runs-at-dawn-2025';
export const VERIFY_SUBJECT = /Confirm your email/;
export const RESET_SUBJECT = /Reset your Celebration password/;

export interface Account {
  name: string;
  email: string;
  password: string;
  /** A sign-in made once for the worker (the fixtures' accounts): its cookies and where it landed. */
  signedIn?: { cookies: Awaited<ReturnType<BrowserContext['cookies']>>; home: string };
}

/** An address no other test, project or earlier run uses. */
export const uniqueEmail = (label: string, testInfo: TestInfo) =>
  `${uniqueName(label)}-${testInfo.project.name}@example.com`.toLowerCase();

export const newAccount = (label: string, testInfo: TestInfo, name = 'Tendai Moyo'): Account => ({
  name,
  email: uniqueEmail(label, testInfo),
  password: PASSWORD,
});

/** Fills and sends /SignUp or /CompanySignUp as a person would, and checks the page's answer. */
export async function signUpInBrowser(page: Page, account: Account, kind: 'participant' | 'company') {
  await page.goto(kind === 'company' ? '/CompanySignUp' : '/SignUp');
  await page.getByLabel(kind === 'company' ? 'Company name' : 'Full name').fill(account.name);
  await page.getByLabel(kind === 'company' ? 'Your email (team manager)' : 'Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: kind === 'company' ? 'Sign Up' : 'Register' }).click();
  await expect(page.getByText('Check your email for verification link')).toBeVisible();
}

/** The link in the newest verification mail the SMTP sink received for this address. */
export async function verificationLink(email: string, count = 1) {
  return linkIn(await waitForMail(email, VERIFY_SUBJECT, count));
}

/** Signs up through the API and follows the emailed link: a verified account, not signed in anywhere. */
export async function createVerifiedAccount(
  request: APIRequestContext,
  account: Account,
  kind: 'participant' | 'company' = 'participant',
) {
  const response = await request.post(
    kind === 'company' ? '/api/account/company-sign-up' : '/api/account/sign-up',
    {
      data: account,
    },
  );
  expect(response.status()).toBe(202);
  const verified = await request.get(await verificationLink(account.email), { maxRedirects: 0 });
  expect(verified.status()).toBe(302);
  return account;
}

/** An admin made the only way the tests can: a verified account promoted in the database. */
export async function createAdmin(request: APIRequestContext, account: Account) {
  await createVerifiedAccount(request, account);
  await query(`update "user" set role = 'admin' where email = $1`, [account.email]);
  return account;
}

/** Signs in through the API (a request context that may hold cookies must say where it comes from). */
export async function apiSignIn(
  request: APIRequestContext,
  account: Account,
  testInfo: Pick<TestInfo, 'project'>,
) {
  const origin = new URL(testInfo.project.use.baseURL ?? 'http://127.0.0.1:3100').origin;
  return request.post('/api/account/sign-in', {
    data: { email: account.email, password: account.password },
    headers: { origin },
  });
}

/**
 * Signs this page's browser in without the form (accounts.spec.ts signs in through it): with the
 * account's worker cookies when it has them, else by the API in the page's context, whose cookies the
 * page shares. Then opens `to`, or the home the role lands on after signing in.
 */
export async function signInByCookie(page: Page, account: Account, to?: string) {
  if (account.signedIn) {
    await page.context().addCookies(account.signedIn.cookies);
    await page.goto(to ?? account.signedIn.home);
  } else {
    const response = await apiSignIn(page.request, account, test.info());
    expect(response.status(), await response.text()).toBe(200);
    await page.goto(to ?? ROLE_HOME[((await response.json()) as { user: { role: Role } }).user.role]);
  }
  // Shown: the signed-in layout has noted in this browser that it signed in, as the form does.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

/** Signs in on /About by its labels. */
export async function signInInBrowser(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Follows a link of the signed-in header's menu, opening it first where it is folded (phones, admins). */
export async function followAccountLink(page: Page, name: string) {
  const menu = page.getByRole('button', { name: 'Menu' });
  const nav = page.getByRole('navigation', { name: 'Account' });
  // A folded menu's links are hidden, so only one of the two is there to find.
  await expect(nav.or(menu)).toBeVisible();
  if (await menu.isVisible()) await menu.click();
  await nav.getByRole('link', { name }).click();
}
