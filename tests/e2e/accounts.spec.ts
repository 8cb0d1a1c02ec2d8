import { expect, test } from '@playwright/test';
import {
  createVerifiedAccount,
  newAccount,
  RESET_SUBJECT,
  signInInBrowser,
  signUpInBrowser,
  uniqueEmail,
  verificationLink,
} from './support/accounts.ts';
import { heldOn } from './support/devices.ts';
import { linkIn, waitForMail } from './support/mail.ts';

heldOn('phone');

test('a man signs up, opens the emailed link, lands signed in, logs out, and is asked to sign in again', async ({
  page,
}, testInfo) => {
  const man = newAccount('signup', testInfo, 'Tatenda Moyo');
  await signUpInBrowser(page, man, 'participant');
  // The answer is on the page, with the form gone (no alert box).
  await expect(page.getByRole('button', { name: 'Register' })).toHaveCount(0);

  await page.goto(await verificationLink(man.email));
  await expect(page).toHaveURL(/\/WelcomeMan$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Tatenda Moyo' })).toBeVisible();
  // His programme dashboard; the header names him and his role, the footer his address.
  await expect(page.getByRole('banner')).toContainText('Tatenda Moyo · Participant');
  await expect(page.getByRole('contentinfo')).toContainText(man.email);
  const cookiesWhileSignedIn = await page.context().cookies();

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Register as Runner' })).toBeVisible();

  // The session ended on the server: even the old cookie is worth nothing now.
  await page.context().addCookies(cookiesWhileSignedIn);
  expect(await (await page.request.get('/api/account/session')).json()).toEqual({ user: null });

  await page.goto('/WelcomeMan');
  await expect(page).toHaveURL(/\/About\?next=%2FWelcomeMan$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await signInInBrowser(page, man);
  await expect(page).toHaveURL(/\/WelcomeMan$/);
});

test('the sign-up form checks its fields on the page and shows the password rule', async ({ page }) => {
  await page.goto('/SignUp');
  // An account for anyone: the men's programme has its own pages.
  await expect(page.getByRole('heading', { name: 'Create an account', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Create an account/);
  await expect(page.getByRole('main')).not.toContainText('Real Man');
  await expect(page.getByText('At least 10 characters')).toBeVisible();
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password')).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Enter your full name')).toBeVisible();
  await expect(page.getByText('Enter an email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 10 characters')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute('href', '/About');
});

test('eleven wrong passwords in a row: the page says to wait', async ({ page }, testInfo) => {
  const email = uniqueEmail('guess', testInfo);
  await page.goto('/About');
  await page.getByLabel('Email').fill(email);
  const alert = page.getByRole('alert');
  for (let attempt = 1; attempt <= 11; attempt++) {
    await page.getByLabel('Password').fill(`wrong password ${attempt}`);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/account/sign-in'));
    await page.getByRole('button', { name: 'Sign In' }).click();
    const status = (await answer).status();
    if (attempt <= 10) {
      expect(status).toBe(401);
      await expect(alert).toHaveText('Email or password is incorrect');
    } else {
      expect(status).toBe(429);
      // The server's sentence says how long to wait (Retry-After carries the same).
      await expect(alert).toContainText(/^Too many/);
      await expect(alert).toContainText(
        /wait \d+ (seconds|minutes)|try again in about \d+ (seconds|minutes)/,
      );
    }
  }
});

test('a next address that could lead off the site lands on the account’s own page', async ({
  page,
  request,
}, testInfo) => {
  const man = await createVerifiedAccount(request, newAccount('next', testInfo, 'Farai Moyo'));
  await page.goto('/About?next=/%09/evil.example');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await signInInBrowser(page, man);
  await expect(page).toHaveURL(/\/WelcomeMan$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Farai Moyo' })).toBeVisible();
});

test('signing in before verifying offers a new link; a forgotten password is reset by email', async ({
  page,
}, testInfo) => {
  const man = newAccount('reset', testInfo, 'Farai Dube');
  await signUpInBrowser(page, man, 'participant');

  await page.goto('/About');
  await signInInBrowser(page, man);
  await expect(page.getByRole('alert')).toContainText('Your email address is not verified yet');
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText(`We sent a new link to ${man.email}`)).toBeVisible();
  await page.goto(await verificationLink(man.email, 2));
  await expect(page).toHaveURL(/\/WelcomeMan$/);
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/About');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/ForgotPassword$/);
  await page.getByLabel('Email').fill(man.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/a link to reset the password is on its way/)).toBeVisible();

  const resetLink = linkIn(await waitForMail(man.email, RESET_SUBJECT));
  await page.goto(resetLink);
  await expect(page).toHaveURL(/\/ResetPassword\?token=/);
  await expect(page.getByText('At least 10 characters')).toBeVisible();
  await page.getByLabel('New password').fill('too short');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password must be at least 10 characters')).toBeVisible();
  const newPassword = 'a brand new password';
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();

  // The link works once.
  await page.goto(resetLink);
  await expect(page.getByRole('alert')).toContainText('This reset link has expired or was already used');
  await expect(page.getByRole('link', { name: 'Send me a new link' })).toBeVisible();

  await page.goto('/About');
  await signInInBrowser(page, man);
  await expect(page.getByRole('alert')).toHaveText('Email or password is incorrect');
  await signInInBrowser(page, { email: man.email, password: newPassword });
  await expect(page).toHaveURL(/\/WelcomeMan$/);
});

test('the reset page explains a missing token', async ({ page }) => {
  await page.goto('/ResetPassword');
  await expect(page.getByRole('alert')).toContainText(
    'This page needs the link from your password reset email',
  );
  await page.getByRole('link', { name: 'Send me a new link' }).click();
  await expect(page).toHaveURL(/\/ForgotPassword$/);
});

test('a broken verification link is explained on the sign-in page', async ({ page }) => {
  await page.goto('/api/auth/verify-email?token=not-a-token&callbackURL=%2FAbout');
  await expect(page).toHaveURL(/\/About\?error=INVALID_TOKEN$/);
  await expect(page.getByRole('alert')).toHaveText(
    'This verification link is not valid any more. Sign in to get a new one.',
  );
});

test('a signed-in person sees their name on the public pages, linking home; a visitor asks nothing', async ({
  page,
  request,
}, testInfo) => {
  const man = newAccount('header', testInfo, 'Nyasha Banda');
  await createVerifiedAccount(request, man);
  const sessionChecks: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/account/session')) sessionChecks.push(sent.url());
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Register as Runner' })).toBeVisible();
  await page.goto('/Register');
  await expect(page.getByLabel('First name')).toBeVisible();
  expect(sessionChecks).toEqual([]);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: /your page/ })).toHaveCount(0);

  await page.goto('/About');
  await signInInBrowser(page, man);
  await expect(page).toHaveURL(/\/WelcomeMan$/);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Nyasha Banda (your page)' })).toBeVisible();
  await page.goto('/Register');
  // The name does not get in the way of the form's own labels (a search for "Age" finds one field).
  await expect(page.getByLabel('Age')).toHaveCount(1);
  await banner.getByRole('link', { name: 'Nyasha Banda (your page)' }).click();
  await expect(page).toHaveURL(/\/WelcomeMan$/);

  // Signed out: the public header forgets the name.
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Register as Runner' })).toBeVisible();
  await expect(banner.getByRole('link', { name: /your page/ })).toHaveCount(0);
});
