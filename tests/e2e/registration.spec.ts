import { expect, test } from '@playwright/test';
import { query, uniqueName } from './support/database.ts';
import { expectThankYou, fillRegistration } from './support/registration-form.ts';

test('a runner registers from the landing page and finds himself in the search', async ({ page }) => {
  const lastName = uniqueName('Moyo');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Celebration Fun Run' })).toBeVisible();
  await page.getByRole('link', { name: 'Register as Runner' }).click();
  await expect(page).toHaveURL(/\/Register$/);

  await fillRegistration(page, {
    firstName: 'Tendai',
    lastName,
    email: `${lastName.toLowerCase()}@example.com`,
    mobile: '0771234567',
    age: '34',
    gender: 'Male',
    raceType: '10km',
    nextOfKinMobile: '+263 71 234 5678',
    tshirtSize: 'XXL',
  });
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
  await fillRegistration(page, {
    firstName: 'Rudo',
    lastName,
    email: `${lastName.toLowerCase()}@example.com`,
    mobile: '+27 82 123 4567',
    age: '29',
    raceType: '15km',
    nextOfKinMobile: '0772000111',
    tshirtSize: 'Medium',
  });
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

test('registering the same person twice is refused with a clear message and the form keeps its values', async ({
  page,
}) => {
  const lastName = uniqueName('Ncube');
  const entrant = {
    firstName: 'Farai',
    lastName,
    email: `${lastName.toLowerCase()}@example.com`,
    mobile: '0773333444',
    age: '41',
    raceType: '5km',
    nextOfKinMobile: '0774444555',
    tshirtSize: 'Large',
  };
  await page.goto('/Register');
  await fillRegistration(page, entrant);
  await page.getByRole('button', { name: 'Register' }).click();
  await expectThankYou(page);

  await page.goto('/Register');
  await fillRegistration(page, entrant);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'already registered' })).toBeVisible();
  await expect(page).toHaveURL(/\/Register$/);
  await expect(page.getByLabel('Last name')).toHaveValue(lastName);
});

test('when the server cannot be reached, the form says so and keeps every value', async ({ page }) => {
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
    page.getByText('Could not reach the server — your details are still here, try again'),
  ).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Tatenda');
});
