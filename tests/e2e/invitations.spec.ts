import { type Browser, devices, type TestInfo } from '@playwright/test';
import { PASSWORD, uniqueEmail } from './support/accounts.ts';
import { expectNoAxeViolations, expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { query } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { signInAsAdmin } from './support/fun-run-admin.ts';
import { linkIn, waitForMail } from './support/mail.ts';

// The admin invites at a desk; the volunteer opens the mail on his phone (a phone of his own, below).
heldOn('desktop');

/** The invited person's phone: a browser of its own, as the phone project's. */
async function hisPhone(browser: Browser, testInfo: TestInfo) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices['Pixel 5'];
  const context = await browser.newContext({
    viewport: { ...viewport, width: 390, height: 844 },
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: testInfo.project.use.extraHTTPHeaders,
  });
  return context.newPage();
}

test('an admin invites a volunteer, who chooses a password on his phone with the emailed link and lands on check-in', async ({
  page,
  admin,
  browser,
}, testInfo) => {
  const volunteer = { name: 'Tapiwa Invited', email: uniqueEmail('invited', testInfo) };
  await signInAsAdmin(page, admin, '/Accounts');
  const form = page.getByRole('region', { name: 'Invite someone' });
  await form.getByLabel('Full name').fill(volunteer.name);
  await form.getByLabel('Email').fill(volunteer.email);
  await expect(form.getByLabel('Role')).toHaveValue('volunteer');
  await expect(form.getByLabel('Role').getByRole('option')).toHaveText(['Volunteer', 'Admin']);
  await expectNoAxeViolationsOnceLoaded(page);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`${volunteer.name} is invited as Volunteer`)).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveValue('');

  // Listed with the accounts: invited, until when the link works, and who invited him.
  await page.getByLabel('Search accounts').fill(volunteer.email);
  const row = page.getByRole('row').filter({ hasText: volunteer.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Invited');
  await expect(row).toContainText(/No password yet; the link works until \d{2}\/\d{2}\/\d{2}/);
  await expect(row).toContainText(`Invited as a Volunteer by ${admin.name}`);
  await expect(row.getByLabel(`Role of ${volunteer.name}`)).toHaveValue('volunteer');

  // The same address again: refused, and said so.
  await form.getByLabel('Full name').fill('Someone Else');
  await form.getByLabel('Email').fill(volunteer.email.toUpperCase());
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByRole('alert')).toHaveText(/An account with this email already exists/);
  await expectNoAxeViolations(page);

  // Sent again: a second mail, with a new link.
  await row.getByRole('button', { name: `Send the invitation to ${volunteer.name} again` }).click();
  await expect(page.getByText(`A new invitation link is on its way to ${volunteer.email}.`)).toBeVisible();
  const mail = await waitForMail(volunteer.email, /^You are invited to Celebration$/, 2);
  expect(mail.text).toContain(`${admin.name} has made you a Celebration account as a volunteer.`);
  expect(mail.text).toContain('within the next 7 days');

  // On his phone: the link, a password, and he is on the check-in page, signed in.
  const phone = await hisPhone(browser, testInfo);
  await phone.goto(linkIn(mail));
  await expect(phone).toHaveURL(/\/Invitation\?token=/);
  await expect(phone.getByRole('heading', { name: 'Welcome to Celebration' })).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(phone);
  await phone.getByLabel('Choose a password').fill('short');
  await phone.getByRole('button', { name: 'Save password and sign in' }).click();
  await expect(phone.getByText('Password must be at least 10 characters')).toBeVisible();
  await phone.getByLabel('Choose a password').fill(PASSWORD);
  await phone.getByRole('button', { name: 'Save password and sign in' }).click();
  await expect(phone).toHaveURL(/\/CheckIn$/);
  await expect(phone.getByRole('heading', { name: 'Check-in', level: 1 })).toBeVisible();

  // The link is used up, and its page says what to do.
  await phone.goto(linkIn(mail));
  await expect(phone).toHaveURL(/\/Invitation\?error=INVALID_TOKEN/);
  await expect(phone.getByRole('alert')).toHaveText('This invitation link has expired or was already used.');
  await expect(phone.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(phone);
  await phone.context().close();

  // The admin sees a verified volunteer; the programme has no man of that name.
  await page.reload();
  await page.getByLabel('Search accounts').fill(volunteer.email);
  await expect(row).toContainText('Verified');
  await expect(row.getByRole('button', { name: /Send the invitation/ })).toHaveCount(0);
  expect(await query('select id from men where lower(email) = $1', [volunteer.email])).toEqual([]);
});
