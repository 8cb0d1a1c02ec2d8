import { expect, type Page, test } from '@playwright/test';
import { query, uniqueName } from './support/database.ts';
import { entrant } from './support/fun-run-admin.ts';
import { type Entrant, fillRegistration } from './support/registration-form.ts';

// A phone that has not run the page's script yet (or never will): the pages and their forms still work.
test.use({ javaScriptEnabled: false });

const WRONG_MOBILE = 'Enter a valid mobile number, e.g. 0771234567 or +263 77 123 4567';

/** A wrong mobile is sent back beside its field with everything kept; corrected, the entry is registered. */
async function registerWithoutScript(page: Page, path: string, person: Entrant) {
  await page.goto(path);
  await fillRegistration(page, { ...person, mobile: '12345' });
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page).toHaveURL(new RegExp(`${path}$`));
  const mobile = page.getByLabel('Mobile', { exact: true });
  await expect(mobile).toHaveAttribute('aria-invalid', 'true');
  await expect(mobile).toHaveAccessibleDescription(new RegExp(WRONG_MOBILE.replace(/[+.]/g, '\\$&')));
  await expect(mobile).toHaveValue('12345');
  await expect(page.getByLabel('First name')).toHaveValue(person.firstName);
  await expect(page.getByLabel('Last name')).toHaveValue(person.lastName);
  await expect(page.getByLabel('Email')).toHaveValue(person.email);
  await expect(page.getByLabel('Age')).toHaveValue(person.age);
  await expect(page.getByLabel('Race type')).toHaveValue(person.raceType);
  await expect(page.getByLabel('T-shirt size')).toHaveValue(person.tshirtSize);
  await expect(page.getByLabel('Next of kin mobile')).toHaveValue(person.nextOfKinMobile);
  await expect(page.getByLabel('I agree to the Terms and Conditions')).toBeChecked();
  // Only the wrong field says so.
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'false');

  await mobile.fill(person.mobile);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/Thankyou\?/);
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  const receipt = page.getByRole('region', { name: 'Your registration reference' });
  const reference = (await receipt.getByText(/^CFR25-\d{4,}$/).textContent()) ?? '';
  expect(new URL(page.url()).searchParams.get('reference')).toBe(reference);
  // Nothing personal in the link.
  expect(page.url()).not.toContain(person.lastName);
  expect(page.url()).not.toContain(encodeURIComponent(person.email));
  return reference;
}

test('a runner registers without JavaScript, after correcting a wrong mobile', async ({ page }) => {
  const lastName = uniqueName('Moyo');
  const person = entrant('Tendai', lastName, { age: '34', raceType: '10km', tshirtSize: 'Large' });
  const reference = await registerWithoutScript(page, '/Register', person);
  await expect(page.getByText('Runner · 10km')).toBeVisible();
  const rows = await query<{
    last_name: string;
    discipline: string;
    mobile: string;
    listed_in_search: boolean;
  }>('select last_name, discipline, mobile, listed_in_search from registrations where reference = $1', [
    reference,
  ]);
  expect(rows).toEqual([
    { last_name: lastName, discipline: 'run', mobile: '+263771234567', listed_in_search: true },
  ]);
});

test('a cyclist registers without JavaScript, after correcting a wrong mobile', async ({ page }) => {
  const lastName = uniqueName('Dube');
  const person = entrant('Rudo', lastName, {
    mobile: '+263 77 765 4321',
    age: '41',
    gender: 'Female',
    raceType: '15km',
    tshirtSize: 'Medium',
  });
  const reference = await registerWithoutScript(page, '/RegisterCyclist', person);
  await expect(page.getByText('Cyclist · 15km')).toBeVisible();
  const rows = await query<{ discipline: string; gender: string }>(
    'select discipline, gender from registrations where reference = $1',
    [reference],
  );
  expect(rows).toEqual([{ discipline: 'cycle', gender: 'Female' }]);
});

test('an entrant is found without JavaScript', async ({ page, request }) => {
  const lastName = uniqueName('Sibanda');
  const registered = await request.post('/api/registrations', {
    data: {
      discipline: 'run',
      firstName: 'Farai',
      lastName,
      email: `${lastName.toLowerCase()}@example.com`,
      mobile: '0771234567',
      age: 28,
      raceType: '5km',
      nextOfKinMobile: '0712345678',
      tshirtSize: 'Medium',
      consent: true,
    },
  });
  expect(registered.status()).toBe(201);

  await page.goto('/Search');
  await page.getByLabel('Name').fill(lastName);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`/Search\\?q=${lastName}$`));
  await expect(page.getByText(`Farai ${lastName}`)).toBeVisible();
  await expect(page.getByText('Runner · 5km')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(lastName);
});
