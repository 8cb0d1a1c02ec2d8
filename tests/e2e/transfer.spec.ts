import { expectNoAxeViolations, expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { registeredByApi, signInAsAdmin } from './support/fun-run-admin.ts';
import { waitForMail } from './support/mail.ts';
import { originOf } from './support/progress.ts';

const pathIn = (text: string, page: 'My' | 'Transfer') => {
  const link = text.match(new RegExp(`https?://\\S+/${page}/[\\w-]+`))?.[0];
  if (!link) throw new Error(`No /${page}/ link in:\n${text}`);
  return new URL(link).pathname;
};

test('an entrant (on a phone) gives the place from /My; the new person takes it with her own details on another phone', async ({
  page,
  browser,
}, testInfo) => {
  heldOn('phone');
  // Registered as the form does (its journey is registration.spec.ts's): the place to give is the point here.
  const { reference, myLink, email } = await registeredByApi(page, testInfo, 'Rudo', uniqueName('Mlambo'), {
    raceType: '5km',
  });
  const newSurname = uniqueName('Banda');
  const newEmail = `chipo.${newSurname}@example.com`.toLowerCase();

  await page.goto(myLink);
  const give = page.getByRole('region', { name: 'Give my place to someone' });
  await give.getByRole('button', { name: 'Give my place to someone' }).click();
  await give.getByLabel('Their email').fill(newEmail);
  await expectNoAxeViolations(page);
  await give.getByRole('button', { name: 'Send the link' }).click();
  await expect(give.getByRole('status')).toContainText('The link was sent');
  await expect(give).toContainText(newEmail);
  await expect(give.getByRole('button', { name: 'Withdraw the link' })).toBeVisible();

  const transferLink = pathIn((await waitForMail(newEmail, /a place for you/)).text, 'Transfer');
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await other.newPage();
  await phone.goto(transferLink);
  await expect(phone.getByRole('heading', { level: 1, name: 'A place for you' })).toBeVisible();
  await expect(phone.getByText(reference, { exact: true })).toBeVisible();
  await expect(phone.getByText('Runner · 5km')).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(phone);

  // A child without a guardian is told what is missing.
  await phone.getByLabel('First name').fill('Chipo');
  await phone.getByLabel('Last name').fill(newSurname);
  await phone.getByLabel('Email').fill(newEmail);
  await phone.getByLabel('Mobile', { exact: true }).fill('0782223344');
  await phone.getByLabel('Age').fill('15');
  await phone.getByLabel('T-shirt size').selectOption('Medium');
  await phone.getByLabel('Next of kin mobile').fill('0712345678');
  await phone.getByLabel(/I agree to the Terms and Conditions/).check();
  await phone.getByRole('button', { name: 'Take this place' }).click();
  await expect(phone.getByText("Enter the parent or guardian's name")).toBeVisible();
  await expectNoAxeViolations(phone);

  await phone.getByLabel('Age').fill('24');
  await phone.getByLabel('List my name in the public entrant search').uncheck();
  await phone.getByRole('button', { name: 'Take this place' }).click();
  await expect(
    phone.getByRole('status').filter({ hasText: `The place ${reference} is yours` }),
  ).toBeVisible();
  await expectNoAxeViolations(phone);
  await phone.getByRole('link', { name: 'Open my registration' }).click();
  const entry = phone.getByRole('region', { name: 'Your registration reference' });
  await expect(entry.getByText(reference, { exact: true })).toBeVisible();
  await expect(entry).toContainText(`Chipo ${newSurname}`);
  await other.close();

  // The giver's link opens nothing now, and he was told.
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('This link does not open an entry');
  await waitForMail(email, new RegExp(`your place ${reference} was given to someone else`));
  const history = await query<{ action: string }>(
    `select h.action from registration_history h join registrations r on r.id = h.registration_id
      where r.reference = $1 order by h.id`,
    [reference],
  );
  expect(history.map((row) => row.action)).toEqual(['transferred', 'transferred']);
  const [holder] = await query<{ first_name: string; listed_in_search: boolean }>(
    'select first_name, listed_in_search from registrations where reference = $1',
    [reference],
  );
  expect(holder).toEqual({ first_name: 'Chipo', listed_in_search: false });
});

test.describe('the organisers’ transfer settings', () => {
  test('an admin sets a transfer fee and forbids transfers; an entrant’s page follows', async ({
    page,
    browser,
    admin,
  }, testInfo) => {
    heldOn('desktop');
    await signInAsAdmin(page, admin, '/EventSettings');
    const before = await (await page.request.get('/api/admin/event')).json();
    const { backgroundImage: _b, logoImage: _l, termsVersion: _v, races: _r, ...saved } = before;
    try {
      const section = page.getByRole('region', { name: 'Giving a place to someone' });
      await expect(section.getByLabel('Entrants may give their place to someone')).toBeChecked();
      await section.getByLabel('Transfer fee (USD)').fill('two');
      await section.getByRole('button', { name: 'Save transfer settings' }).click();
      await expect(section.getByText('Enter the fee as a number')).toBeVisible();
      await section.getByLabel('Transfer fee (USD)').fill('2.50');
      await section.getByRole('button', { name: 'Save transfer settings' }).click();
      await expect(section.getByRole('status')).toHaveText(
        'The transfer settings were saved. Entrants’ pages follow them now.',
      );
      await expectNoAxeViolations(page);

      const entrantPhone = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const phone = await entrantPhone.newPage();
      const { myLink } = await registeredByApi(phone, testInfo, 'Nyasha', uniqueName('Dube'), {
        raceType: '5km',
      });
      await phone.goto(myLink);
      const give = phone.getByRole('region', { name: 'Give my place to someone' });
      await expect(give).toContainText('Giving it adds a fee of US$2.50');

      await section.getByLabel('Entrants may give their place to someone').uncheck();
      await section.getByRole('button', { name: 'Save transfer settings' }).click();
      await expect(section.getByRole('status')).toBeVisible();
      await phone.reload();
      await expect(phone.getByRole('heading', { level: 2, name: 'Change your entry' })).toBeVisible();
      await expect(phone.getByRole('region', { name: 'Give my place to someone' })).toHaveCount(0);
      await entrantPhone.close();
    } finally {
      const restored = await page.request.put('/api/admin/event', {
        data: saved,
        headers: { origin: originOf(testInfo) },
      });
      expect(restored.status()).toBe(200);
    }
  });
});
