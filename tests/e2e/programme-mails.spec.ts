import type { Page } from '@playwright/test';
import {
  createVerifiedAccount,
  followAccountLink,
  PASSWORD,
  signInInBrowser,
  verificationLink,
} from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { query } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { signInAsAdmin } from './support/fun-run-admin.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { field, fillBeThatMan, newPerson, uniqueToken } from './support/programme.ts';

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

/** "Saturday 14 March 2026", as the page and the mail spell a session's day. */
const spelledDay = (isoDate: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${isoDate}T00:00:00Z`));

test('a man who joins is told what happens next on the page and by mail, whose link opens /SignUp with his email, then his dashboard', async ({
  page,
}, testInfo) => {
  heldOn('phone');
  const token = uniqueToken('Welcome');
  const man = newPerson('Tinashe', `Gumbo${token}`, testInfo);
  // A session today (Harare) is the nearest to come, whatever else the database holds.
  const [session] = await query<{ id: string; held_on: string }>(
    `insert into workout_sessions (name, held_on, state)
     values ($1, (now() at time zone 'Africa/Harare')::date, 'open')
     returning id, held_on::text`,
    [`Kick-off ${token}`],
  );
  if (!session) throw new Error('no session inserted');
  try {
    await page.goto('/RegisterMan');
    await fillBeThatMan(page, man);
    await page.getByRole('button', { name: 'Add Man' }).click();
    const answer = page.getByRole('status');
    await expect(answer).toContainText('Welcome to the movement! You are registered.');
    await expect(answer).toContainText(`We have sent the details to ${man.email}.`);
    const next = page.getByRole('region', { name: 'What happens next' });
    await expect(next).toContainText(
      `Your first session: Kick-off ${token} on ${spelledDay(session.held_on)}.`,
    );
    await expect(next).toContainText('Create your account with this email address to see your dashboard');
    await expect(next.getByRole('link', { name: 'Create your account' })).toHaveAttribute(
      'href',
      `/SignUp?email=${encodeURIComponent(man.email)}`,
    );
    await expect(next.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/About');
    await expect(field(page, 'Email')).toHaveValue('');
    await expectNoAxeViolations(page);

    const welcome = await waitForMail(man.email, /^Welcome to the Real Man programme$/);
    expect(welcome.text).toContain(`Dear ${man.firstName},`);
    expect(welcome.text).toContain(
      `Your first session: Kick-off ${token} on ${spelledDay(session.held_on)}.`,
    );
    const signUpLink = linkIn(welcome);
    expect(new URL(signUpLink).pathname).toBe('/SignUp');

    // Only an email address fills the field in.
    await page.goto('/SignUp?email=%3Cb%3Enot-an-address%3C%2Fb%3E');
    await expect(page.getByLabel('Email')).toHaveValue('');
    // The mail's link: his email is filled in, the rest is his to type.
    await page.goto(signUpLink);
    await expect(page.getByLabel('Email')).toHaveValue(man.email);
    await expect(page.getByLabel('Full name')).toHaveValue('');
    await page.getByLabel('Full name').fill(`${man.firstName} ${man.lastName}`);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Check your email for verification link')).toBeVisible();
    await page.goto(await verificationLink(man.email));
    await expect(page).toHaveURL(/\/WelcomeMan$/);
    // His dashboard is his record's: the session he was told of is there.
    await expect(page.getByRole('region', { name: 'Workout Session' })).toContainText(`Kick-off ${token}`);
    expect(
      await query(`select count(*)::int as n from men where email = $1 and user_id is not null`, [man.email]),
    ).toEqual([{ n: 1 }]);
  } finally {
    await query(`delete from workout_sessions where id = $1`, [session.id]);
  }
});

test('a signed-in admin who registers a man is told what the man was sent, without a sign-up button for himself', async ({
  page,
  admin,
}, testInfo) => {
  heldOn('desktop');
  const man = newPerson('Blessing', `Dube${uniqueToken('Office')}`, testInfo);
  await signInAsAdmin(page, admin, '/RegisterMan');
  await fillBeThatMan(page, man);
  await page.getByRole('button', { name: 'Add Man' }).click();
  await expect(page.getByRole('status')).toContainText(`${man.firstName} ${man.lastName} is registered.`);
  await expect(page.getByRole('status')).toContainText(`We have sent the details to ${man.email}.`);
  const next = page.getByRole('region', { name: 'What happens next' });
  await expect(next).toContainText('He creates his account with this email address');
  await expect(next.getByRole('link')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await waitForMail(man.email, /^Welcome to the Real Man programme$/);
});

/** The figure on the admin dashboard's card of that name. */
async function dashboardFigure(page: Page, label: string) {
  await page.goto('/WelcomeAdmin');
  const card = page.getByRole('region', { name: 'Men’s programme' }).getByRole('link', { name: label });
  await expect(card).toBeVisible();
  return Number(((await card.textContent()) ?? '').replace(label, '').replace(/\D/g, ''));
}

test('approving and declining applicants who have accounts mails each of them; the approved one is counted once, as a facilitator', async ({
  page,
  admin,
}, testInfo) => {
  heldOn('desktop');
  const token = uniqueToken('Decide');
  const approved = newPerson('Joseph', `Chirwa${token}`, testInfo);
  const declined = newPerson('Peter', `Sibanda${token}`, testInfo);

  // Both apply, then make their accounts before the office decides (each gets a participant's record).
  for (const applicant of [approved, declined]) {
    await page.context().clearCookies();
    await page.goto('/RegisterFacilitator');
    await fillBeThatMan(page, applicant);
    await page.getByRole('button', { name: 'Add Man' }).click();
    await expect(page.getByRole('status')).toContainText('Thank you for applying');
    await createVerifiedAccount(page.request, {
      name: `${applicant.firstName} ${applicant.lastName}`,
      email: applicant.email,
      password: PASSWORD,
    });
  }
  await page.context().clearCookies();

  await signInAsAdmin(page, admin);
  const menBefore = await dashboardFigure(page, 'Total Registered Men');
  const facilitatorsBefore = await dashboardFigure(page, 'Total Facilitators');

  await followAccountLink(page, 'Facilitators');
  await page.getByLabel('Search facilitators').fill(token);
  const rowOf = (person: typeof approved) => page.getByRole('row').filter({ hasText: person.email });
  const nameOf = (person: typeof approved) => `${person.firstName} ${person.lastName}`;
  await rowOf(approved)
    .getByRole('button', { name: `Approve ${nameOf(approved)}` })
    .click();
  await expect(page.getByRole('status')).toHaveText(
    `Approved. ${nameOf(approved)} now has facilitator access, and was told by email.`,
  );
  await rowOf(declined)
    .getByRole('button', { name: `Decline ${nameOf(declined)}` })
    .click();
  const confirm = page.getByRole('dialog', { name: `Decline ${nameOf(declined)}?` });
  await expect(confirm).toContainText('He is told so by email');
  await confirm.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Declined. ${nameOf(declined)}’s application is closed, and he was told by email.`,
  );

  const yes = await waitForMail(approved.email, /^You are now a Celebration facilitator$/);
  expect(yes.text).toContain(`Dear ${approved.firstName},`);
  expect(yes.text).toContain('/About with this email address: your account now opens the facilitator pages');
  const no = await waitForMail(declined.email, /^Your application to be a Celebration facilitator$/);
  expect(no.text).toContain(`Dear ${declined.firstName},`);

  // Counted once: a facilitator, no longer a man; the declined applicant stays a man.
  expect(await dashboardFigure(page, 'Total Registered Men')).toBe(menBefore - 1);
  expect(await dashboardFigure(page, 'Total Facilitators')).toBe(facilitatorsBefore + 1);
  await followAccountLink(page, 'Men');
  await page.getByLabel('Search men').fill(token);
  await expect(page.getByRole('row').filter({ hasText: declined.email })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: approved.email })).toHaveCount(0);
  const csv = await page.request.get(`/api/men/export.csv?q=${token}`);
  expect(await csv.text()).toContain(declined.email);
  expect(await csv.text()).not.toContain(approved.email);

  // The mail's word holds: signing in opens the facilitator pages.
  await page.context().clearCookies();
  await page.goto('/About');
  await signInInBrowser(page, { email: approved.email, password: PASSWORD });
  await expect(page).toHaveURL(/\/WelcomeFacilitator$/);
});
