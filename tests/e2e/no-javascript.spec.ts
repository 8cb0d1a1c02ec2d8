import { expect, type Page, test } from '@playwright/test';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { entrant } from './support/fun-run-admin.ts';
import { type Entrant, fillRegistration } from './support/registration-form.ts';

// A phone that has not run the page's script yet (or never will): the pages and their forms still work. (Axe needs
// a script: server-rendered-pages.spec.ts checks these pages before their own script has run.)
test.use({ javaScriptEnabled: false });
// Entrants on phones without a script (layout.spec.ts lays their pages out at a desk's width).
heldOn('phone');

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
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  // The form is answered with the Thank-you page itself: no link carries the entry or its private link.
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  const receipt = page.getByRole('region', { name: 'Your registration reference' });
  const reference = (await receipt.getByText(/^CFR25-\d{4,}$/).textContent()) ?? '';
  await expectQrCodeShown(page);
  await expect(page.getByRole('link', { name: 'your registration page' })).toHaveAttribute(
    'href',
    /^\/My\/[\w-]{32}$/,
  );
  return reference;
}

/** The check-in QR code drawn by the server, loaded. */
async function expectQrCodeShown(page: Page) {
  const qr = page.getByRole('img', { name: 'Check-in QR code' });
  await expect(qr).toBeVisible();
  // Shown once its picture has arrived, not only once the element is on the page.
  await expect
    .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
}

test('a runner registers without JavaScript, after correcting a wrong mobile', async ({ page }) => {
  const lastName = uniqueName('Moyo');
  const person = entrant('Tendai', lastName, { age: '34', raceType: '10km', tshirtSize: 'Large' });
  const reference = await registerWithoutScript(page, '/Register', person);
  await expect(page.getByText('Runner · 10km')).toBeVisible();

  // The private page opens without the script too: read-only, and it says why.
  await page.getByRole('link', { name: 'your registration page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My registration' })).toBeVisible();
  const entry = page.getByRole('region', { name: 'Your registration reference' });
  await expect(entry.getByText(reference, { exact: true })).toBeVisible();
  await expect(entry.getByText('Runner · 10km')).toBeVisible();
  await expect(entry.getByText('Large', { exact: true })).toBeVisible();
  await expect(entry.getByText(/^Unpaid/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'How to pay' })).toContainText(reference);
  await expectQrCodeShown(page);
  await expect(page.getByText('Changing or cancelling your entry needs JavaScript.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change my entry' })).toHaveCount(0);
  const rows = await query<{
    last_name: string;
    discipline: string;
    mobile: string;
    listed_in_search: boolean;
  }>('select last_name, discipline, mobile, listed_in_search from registrations where reference = $1', [
    reference,
  ]);
  // The search box left unticked (as the form starts): not listed.
  expect(rows).toEqual([
    { last_name: lastName, discipline: 'run', mobile: '+263771234567', listed_in_search: false },
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
      listedInSearch: true,
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

test('an entrant who lost the private link has it mailed again without JavaScript', async ({ page }) => {
  await page.goto('/My');
  await expect(page.getByRole('heading', { level: 1, name: 'My registration' })).toBeVisible();
  await page.getByLabel('Email').fill('not an address');
  await page.getByRole('button', { name: 'Email me my links' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
    /Enter a valid email address, e\.g\. name@example\.com/,
  );
  await expect(page.getByLabel('Email')).toHaveValue('not an address');
  await page.getByLabel('Email').fill(`${uniqueName('lost')}@example.com`);
  await page.getByRole('button', { name: 'Email me my links' }).click();
  await expect(page.getByText(/we have sent their links to it/)).toBeVisible();
});
