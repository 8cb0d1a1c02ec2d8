import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { NO_EMAIL } from '../../src/client/features/participants/components/participant-columns.tsx';
import { EMAIL_MISSING, EMAIL_OPTIONAL_HINT } from '../../src/shared/registrations/registration.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { entrant, registeredByApi, signInAsAdmin } from './support/fun-run-admin.ts';
import { waitForMail } from './support/mail.ts';
import { originOf } from './support/progress.ts';
import { expectThankYou, fillRegistration } from './support/registration-form.ts';
import { setEventSms, waitForSms } from './support/sms.ts';

// Issue 40: with the event's texts on, a mobile number is enough; the forms say Email is optional with SMS.
// Texts are on for these tests only: the worker's other specs find them off, as seeded.
test.describe.configure({ mode: 'serial' });
test.beforeEach(() => setEventSms(true));
test.afterEach(() => setEventSms(false));
// Entrants register on phones.
heldOn('phone');

const choice = (page: Page) => page.getByRole('group', { name: 'Send my confirmation by' });
/** The Email box, whatever its label adds ("(optional)" once SMS is chosen). */
const emailBox = (within: Page | Locator) => within.getByRole('textbox', { name: /^Email/ });
const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** A runner with a mobile of his own (so his text is found) and no email. */
function withoutEmail(firstName: string) {
  const mobile = `0774${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')}`;
  const person = entrant(firstName, uniqueName('Mpofu'), { raceType: '5km', tshirtSize: 'Small', mobile });
  return { ...person, email: '', e164: `+263${mobile.slice(1)}` };
}

/** The entry as stored: no email, told by SMS. */
async function expectStoredWithoutEmail(reference: string) {
  const [row] = await query<{ email: string | null; notify_by: string }>(
    'select email, notify_by from registrations where reference = $1',
    [reference],
  );
  expect(row).toEqual({ email: null, notify_by: 'sms' });
}

/** The thank-you page's words for someone without email: his copy came by text, and no mailbox is named. */
async function expectToldByText(page: Page) {
  const receipt = page.getByRole('region', { name: 'Your registration reference' });
  await expect(receipt).toContainText('We have texted you a copy.');
  await expect(page.getByText(/emailed/)).toHaveCount(0);
  await expect(page.getByText('Its link is in your text too: keep it to yourself.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your check-in QR code' })).toContainText(
    'The link in your confirmation text opens it too.',
  );
}

test('with JavaScript, a runner chooses SMS, leaves Email empty and is registered; the admin list says None (SMS)', async ({
  page,
  admin,
}) => {
  const person = withoutEmail('Nyasha');
  await page.goto('/Register');
  const email = emailBox(page);
  // Both is chosen at first: Email is asked for, and its hint says when it is not.
  await expect(choice(page).getByRole('radio', { name: 'Both' })).toBeChecked();
  await expect(email).toHaveAccessibleName('Email');
  await expect(email).toHaveAccessibleDescription(escaped(EMAIL_OPTIONAL_HINT));
  await expect(email).toHaveAttribute('aria-required', 'true');

  await fillRegistration(page, person);
  await choice(page).getByRole('radio', { name: 'SMS' }).check();
  await expect(email).toHaveAccessibleName('Email (optional)');
  await expect(email).toHaveAttribute('aria-required', 'false');
  await expect(email).toHaveValue('');
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Register' }).click();
  const reference = await expectThankYou(page);
  await expectToldByText(page);
  await expectNoAxeViolations(page);
  await expectStoredWithoutEmail(reference);
  const text = await waitForSms(person.e164, new RegExp(`registered\\. Ref ${reference},`));
  expect(text.body).toMatch(/Pay & QR: http:\/\/127\.0\.0\.1:\d+\/m\/[a-z2-7]{20}$/);

  // The organisers find him in their list, his Email said to be none by choice.
  await signInAsAdmin(page, admin, `/Participants?q=${person.lastName}`);
  const row = page.getByRole('row').filter({ hasText: person.lastName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(NO_EMAIL);
  await expect(row).toContainText(reference);
});

test('with JavaScript, Email left empty with Both chosen is refused beside the field until SMS is chosen', async ({
  page,
}) => {
  const person = withoutEmail('Farai');
  await page.goto('/Register');
  await fillRegistration(page, person);
  await page.getByRole('button', { name: 'Register' }).click();

  const email = emailBox(page);
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(escaped(EMAIL_MISSING));
  await expect(page).toHaveURL(/\/Register$/);
  await expectNoAxeViolations(page);
  // Email alone needs one too.
  await choice(page).getByRole('radio', { name: 'Email' }).check();
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  // SMS alone: the message goes at once, and the entry is registered without email.
  await choice(page).getByRole('radio', { name: 'SMS' }).check();
  await expect(email).toHaveAttribute('aria-invalid', 'false');
  await expect(page.getByText(EMAIL_MISSING)).toHaveCount(0);
  await page.getByRole('button', { name: 'Register' }).click();
  await expectStoredWithoutEmail(await expectThankYou(page));
});

test('with JavaScript, a group whose contact chose SMS without email, the other sharing his contact', async ({
  page,
}) => {
  const contact = withoutEmail('Tapiwa');
  await page.goto('/Register');
  await fillRegistration(page, contact);
  await choice(page).getByRole('radio', { name: 'SMS' }).check();
  await page.getByRole('button', { name: 'Add another person' }).click();

  // The choice is kept on the group's form, and each person's Email says it is optional.
  await expect(choice(page).getByRole('radio', { name: 'SMS' })).toBeChecked();
  const first = page.getByRole('group', { name: 'Person 1' });
  await expect(emailBox(first)).toHaveAccessibleName('Email (optional)');
  await expect(emailBox(first)).toHaveAccessibleDescription(escaped(EMAIL_OPTIONAL_HINT));
  const other = page.getByRole('group', { name: 'Person 2' });
  await other.getByLabel('First name').fill('Kuda');
  await other.getByLabel('Last name').fill(contact.lastName);
  await other.getByLabel('Same contact as Tapiwa').check();
  await expect(emailBox(other)).toHaveCount(0);
  await other.getByLabel('Age').fill('35');
  await other.getByLabel('Race type').selectOption('10km');
  await other.getByLabel('T-shirt size').selectOption('Medium');
  await other.getByLabel('Next of kin mobile').fill('0712345678');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Your group reference' });
  await expect(card).toContainText('We have texted the contact a copy.');
  await expect(page.getByText(/emailed/)).toHaveCount(0);
  const rows = await query<{ first_name: string; email: string | null; mobile: string }>(
    'select first_name, email, mobile from registrations where last_name = $1 order by first_name',
    [contact.lastName],
  );
  expect(rows).toEqual([
    { first_name: 'Kuda', email: null, mobile: contact.e164 },
    { first_name: 'Tapiwa', email: null, mobile: contact.e164 },
  ]);
  await waitForSms(contact.e164, /^.*2 registered\. Group ref CFR25-G[0-9A-F]{6},/);
});

test('with JavaScript, a place given to someone is taken with SMS chosen and Email left empty', async ({
  page,
}, testInfo) => {
  const { reference, myLink } = await registeredByApi(page, testInfo, 'Rudo', uniqueName('Mlambo'), {
    raceType: '5km',
  });
  const taker = withoutEmail('Chipo');
  // The link goes to an address the taker's friend reads: the giving is transfer.spec.ts's to test.
  const friend = `friend.${taker.lastName}@example.com`.toLowerCase();
  const token = myLink.replace(/^\/My\//, '');
  const sent = await page.request.post(`/api/my/${token}/transfer`, {
    data: { sendBy: 'email', email: friend },
    headers: { origin: originOf(testInfo) },
  });
  expect(sent.status()).toBe(200);
  const link = (await waitForMail(friend, /a place for you/)).text.match(
    /https?:\/\/\S+\/Transfer\/[\w-]+/,
  )?.[0];
  if (!link) throw new Error('no /Transfer/ link in the mail');

  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'A place for you' })).toBeVisible();
  const email = emailBox(page);
  await expect(email).toHaveAccessibleDescription(escaped(EMAIL_OPTIONAL_HINT));
  await page.getByLabel('First name').fill(taker.firstName);
  await page.getByLabel('Last name').fill(taker.lastName);
  await page.getByLabel('Mobile', { exact: true }).fill(taker.mobile);
  await page.getByLabel('Age').fill('24');
  await page.getByLabel('T-shirt size').selectOption('Medium');
  await page.getByLabel('Next of kin mobile').fill('0712345678');
  await page.getByLabel(/I agree to the Terms and Conditions/).check();
  await page.getByRole('button', { name: 'Take this place' }).click();
  await expect(email).toHaveAccessibleDescription(escaped(EMAIL_MISSING));

  await choice(page).getByRole('radio', { name: 'SMS' }).check();
  await expect(email).toHaveAccessibleName('Email (optional)');
  await page.getByRole('button', { name: 'Take this place' }).click();
  const taken = page.getByRole('status').filter({ hasText: `The place ${reference} is yours` });
  await expect(taken).toContainText('We have texted you its private link');
  await expectNoAxeViolations(page);
  const [row] = await query<{ first_name: string; email: string | null; notify_by: string }>(
    'select first_name, email, notify_by from registrations where reference = $1',
    [reference],
  );
  expect(row).toEqual({ first_name: 'Chipo', email: null, notify_by: 'sms' });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a runner leaves Email empty: refused with Both beside the field, registered with SMS', async ({
    page,
  }) => {
    const person = withoutEmail('Tsitsi');
    await page.goto('/Register');
    await expect(page.getByText(EMAIL_OPTIONAL_HINT)).toBeVisible();
    await fillRegistration(page, person);
    await expect(choice(page).getByRole('radio', { name: 'Both' })).toBeChecked();
    await page.getByRole('button', { name: 'Register' }).click();

    // The server's form again, with what was typed and the message beside Email.
    await expect(page).toHaveURL(/\/Register$/);
    const email = emailBox(page);
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(escaped(EMAIL_MISSING));
    await expect(page.getByLabel('First name')).toHaveValue(person.firstName);
    await expect(page.getByLabel('Mobile', { exact: true })).toHaveValue(person.mobile);

    await choice(page).getByRole('radio', { name: 'SMS' }).check();
    await page.getByLabel('I agree to the Terms and Conditions').check();
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    const receipt = page.getByRole('region', { name: 'Your registration reference' });
    const reference = (await receipt.getByText(/^CFR25-\d{4,}$/).textContent()) ?? '';
    await expectToldByText(page);
    await expectStoredWithoutEmail(reference);
    await waitForSms(person.e164, new RegExp(`registered\\. Ref ${reference},`));
  });
});

// Axe runs as a script: the server's own pages are checked on a phone whose page script never arrives.
test('the server’s form with SMS chosen and its thank-you page have no axe violations', async ({ page }) => {
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
  const person = withoutEmail('Rufaro');
  await page.goto('/Register');
  await fillRegistration(page, person);
  await choice(page).getByRole('radio', { name: 'SMS' }).check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expectToldByText(page);
  await expectNoAxeViolations(page);
});
