import { expect, test } from '@playwright/test';
import { expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { entrant } from './support/fun-run-admin.ts';
import { waitForMail } from './support/mail.ts';
import { expectThankYou, fillRegistration } from './support/registration-form.ts';

heldOn('phone');

test('a runner registers from the landing page and finds himself in the search', async ({ page }) => {
  const lastName = uniqueName('Moyo');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Celebration Fun Run' })).toBeVisible();
  await page.getByRole('link', { name: 'Register as Runner' }).click();
  await expect(page).toHaveURL(/\/Register$/);

  await fillRegistration(
    page,
    entrant('Tendai', lastName, {
      age: '34',
      gender: 'Male',
      raceType: '10km',
      nextOfKinMobile: '+263 71 234 5678',
      tshirtSize: 'XXL',
    }),
  );
  // Being listed in the public search is the entrant's choice, not a default.
  const listed = page.getByLabel('List my name in the public entrant search');
  await expect(listed).not.toBeChecked();
  await listed.check();
  await page.getByRole('button', { name: 'Register' }).click();
  const reference = await expectThankYou(page);
  await expect(page.getByRole('heading', { name: 'How to pay' })).toBeVisible();

  const [row] = await query<{
    discipline: string;
    label: string;
    tshirt_size: string;
    mobile: string;
    next_of_kin_mobile: string;
  }>(
    `select r.discipline, o.label, r.tshirt_size, r.mobile, r.next_of_kin_mobile
       from registrations r join race_options o on o.id = r.race_option_id where r.reference = $1`,
    [reference],
  );
  expect(row).toEqual({
    discipline: 'run',
    label: '10km',
    tshirt_size: 'XXL',
    mobile: '+263771234567',
    next_of_kin_mobile: '+263712345678',
  });

  await page.goto('/Search');
  await page.getByLabel('Name').fill(lastName);
  await expect(page.getByText(`Tendai ${lastName}`)).toBeVisible();
  await expect(page.getByText('Runner · 10km')).toBeVisible();
});

test('a cyclist registers; the race is stored as shown (15km)', async ({ page }) => {
  const lastName = uniqueName('Dube');
  await page.goto('/');
  await page.getByRole('link', { name: 'Register as Cyclist' }).click();
  await expect(page).toHaveURL(/\/RegisterCyclist$/);
  await fillRegistration(
    page,
    entrant('Rudo', lastName, {
      mobile: '+27 82 123 4567',
      age: '29',
      raceType: '15km',
      nextOfKinMobile: '0772000111',
      tshirtSize: 'Medium',
    }),
  );
  await page.getByLabel('List my name in the public entrant search').check();
  await page.getByRole('button', { name: 'Register' }).click();
  const reference = await expectThankYou(page);

  const [row] = await query<{
    discipline: string;
    label: string;
    tshirt_size: string;
    gender: string | null;
  }>(
    `select r.discipline, o.label, r.tshirt_size, r.gender
       from registrations r join race_options o on o.id = r.race_option_id where r.reference = $1`,
    [reference],
  );
  expect(row).toEqual({ discipline: 'cycle', label: '15km', tshirt_size: 'Medium', gender: null });

  await page.getByRole('link', { name: 'Search' }).first().click();
  await page.getByLabel('Name').fill(`Rudo ${lastName}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Cyclist · 15km')).toBeVisible();
});

test('wrong input is explained beside each field and nothing is lost', async ({ page }) => {
  await page.goto('/Register');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Enter your first name')).toBeVisible();
  await expect(page.getByText('You must agree to the Terms and Conditions to register')).toBeVisible();

  await page.getByLabel('Age').fill('3');
  await page.getByLabel('Mobile', { exact: true }).fill('12345');
  await page.getByLabel('First name').click();
  await expect(page.getByText('Age must be between 4 and 100')).toBeVisible();
  await expect(page.getByText(/Enter a valid mobile number/)).toBeVisible();
  await expect(page.getByLabel('Age')).toHaveValue('3');
});

test('registering again answers with the entry already made, how to pay it, and its confirmation mail again', async ({
  page,
}) => {
  const lastName = uniqueName('Ncube');
  const person = entrant('Farai', lastName, {
    mobile: '0773333444',
    age: '41',
    raceType: '5km',
    nextOfKinMobile: '0774444555',
    tshirtSize: 'Large',
  });
  await page.goto('/Register');
  await fillRegistration(page, person);
  await page.getByRole('button', { name: 'Register' }).click();
  const reference = await expectThankYou(page);

  // Back to the form: what was sent is not kept once it is registered, neither in the form nor in the tab.
  await page.goBack();
  await expect(page).toHaveURL(/\/Register$/);
  await expect(page.getByLabel('First name')).toHaveValue('');
  expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toContain(lastName);

  await fillRegistration(page, { ...person, raceType: '10km', mobile: '0775555666' });
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/Thankyou$/);
  await expect(page.getByRole('heading', { level: 1, name: 'You are already registered' })).toBeVisible();
  const receipt = page.getByRole('region', { name: 'Your registration reference' });
  await expect(receipt.getByText(reference, { exact: true })).toBeVisible();
  await expect(receipt.getByText('Runner · 5km')).toBeVisible();
  await expect(receipt.getByText(/The organisers will confirm the fee|Total due/)).toBeVisible();
  await expect(receipt.getByText('We have sent your confirmation email again.')).toBeVisible();
  const howToPay = page.getByRole('region', { name: 'How to pay' });
  await expect(howToPay.getByRole('listitem').first()).toBeVisible();
  await expect(howToPay).toContainText(reference);
  await expectNoAxeViolationsOnceLoaded(page);

  const mail = await waitForMail(person.email, new RegExp(`your registration ${reference}`), 2);
  expect(mail.text).toContain(reference);
  expect(await query('select 1 from registrations where last_name = $1', [lastName])).toHaveLength(1);
});

test('the form keeps what was typed when the person comes back with Back, runner and cyclist apart, but not the consent', async ({
  page,
}) => {
  const lastName = uniqueName('Chuma');
  await page.goto('/Register');
  // Its script loaded (the gift box's too, while gifts are open): a link tapped before is a full page load.
  await page.waitForLoadState('networkidle');
  await fillRegistration(
    page,
    entrant('Nyasha', lastName, {
      email: `${lastName.toLowerCase()}@example.com`,
      mobile: '0771112222',
      age: '27',
      gender: 'Female',
      raceType: '21km',
      nextOfKinMobile: '0772223333',
      tshirtSize: 'X-Large',
    }),
  );
  await page.getByLabel('List my name in the public entrant search').check();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Banking' }).click();
  await expect(page).toHaveURL(/\/Banking$/);

  await page.goBack();
  await expect(page).toHaveURL(/\/Register$/);
  await expect(page.getByLabel('First name')).toHaveValue('Nyasha');
  await expect(page.getByLabel('Last name')).toHaveValue(lastName);
  await expect(page.getByLabel('Email')).toHaveValue(`${lastName.toLowerCase()}@example.com`);
  await expect(page.getByLabel('Mobile', { exact: true })).toHaveValue('0771112222');
  await expect(page.getByLabel('Age')).toHaveValue('27');
  await expect(page.getByLabel('Gender')).toHaveValue('Female');
  await expect(page.getByLabel('Race type')).toHaveValue('21km');
  await expect(page.getByLabel('T-shirt size')).toHaveValue('X-Large');
  await expect(page.getByLabel('Next of kin mobile')).toHaveValue('0772223333');
  await expect(page.getByLabel('List my name in the public entrant search')).toBeChecked();
  // Agreeing to the terms is asked again each time.
  await expect(page.getByLabel('I agree to the Terms and Conditions')).not.toBeChecked();
  await expectNoAxeViolationsOnceLoaded(page);

  // The cyclist form has its own draft, kept across a page load too.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cycle' }).click();
  await expect(page.getByRole('heading', { name: 'Cyclist registration' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('');
  await page.getByLabel('First name').fill('Kuda');
  await page.goto('/Terms');
  await page.goBack();
  await expect(page).toHaveURL(/\/RegisterCyclist$/);
  await expect(page.getByLabel('First name')).toHaveValue('Kuda');
  await expect(page.getByLabel('Last name')).toHaveValue('');
});

test('when the server cannot be reached, the form keeps the entry on the phone and every value', async ({
  page,
}) => {
  await page.goto('/Register');
  await fillRegistration(page, {
    firstName: 'Tatenda',
    lastName: uniqueName('Sibanda'),
    email: 'tatenda@example.com',
    mobile: '0775555666',
    age: '22',
    raceType: '21km',
    nextOfKinMobile: '0776666777',
    tshirtSize: 'Small',
  });
  await page.route('**/api/registrations', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(
    page.getByText(
      'No connection. Your registration is saved on this phone and will be sent when you are back online',
    ),
  ).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Tatenda');
});
