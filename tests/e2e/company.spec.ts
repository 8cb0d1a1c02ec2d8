import { expect, type Page, test } from '@playwright/test';
import { newAccount, signUpInBrowser, verificationLink } from './support/accounts.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { type Entrant, fillRegistration } from './support/registration-form.ts';

heldOn('desktop');

async function registerStaff(page: Page, discipline: 'Runner' | 'Cyclist', entrant: Entrant) {
  await page.getByRole('radio', { name: discipline }).check();
  await fillRegistration(page, entrant);
  await page.getByRole('button', { name: 'Register' }).click();
  const section = page.getByRole('region', { name: 'Register a staff member' });
  await expect(
    section.getByText(
      `${entrant.firstName} ${entrant.lastName} is registered as a ${discipline.toLowerCase()}`,
    ),
  ).toBeVisible();
  const reference = (await section.getByText(/^CFR25-\d{4,}$/).textContent()) ?? '';
  expect(reference).toMatch(/^CFR25-\d{4,}$/);
  // The form is ready for the next person.
  await expect(page.getByLabel('First name')).toHaveValue('');
  await expect(page.getByLabel('I agree to the Terms and Conditions')).not.toBeChecked();
  return reference;
}

test('a company registers a runner and a cyclist from its team page; another company sees neither', async ({
  page,
}, testInfo) => {
  const company = newAccount('company', testInfo, 'Acme Mining');
  await signUpInBrowser(page, company, 'company');
  await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute(
    'href',
    '/About?next=/WelcomeManager',
  );
  await page.goto(await verificationLink(company.email));
  await expect(page).toHaveURL(/\/WelcomeManager$/);
  await expect(page.getByRole('heading', { name: 'Team page' })).toBeVisible();
  await expect(page.getByText('No staff registered yet')).toBeVisible();

  const runner = uniqueName('Runner');
  const cyclist = uniqueName('Cyclist');
  const runnerRef = await registerStaff(page, 'Runner', {
    firstName: 'Chipo',
    lastName: runner,
    email: `${runner.toLowerCase()}@example.com`,
    mobile: '0771234567',
    age: '31',
    gender: 'Female',
    raceType: '10km',
    nextOfKinMobile: '0772000111',
    tshirtSize: 'XXL',
  });
  const cyclistRef = await registerStaff(page, 'Cyclist', {
    firstName: 'Tawanda',
    lastName: cyclist,
    email: `${cyclist.toLowerCase()}@example.com`,
    mobile: '+263 71 234 5678',
    age: '45',
    raceType: '30km',
    nextOfKinMobile: '0772000222',
    tshirtSize: 'Large',
  });

  const table = page.getByRole('region', { name: "Your team's entries" });
  await expect(table.getByRole('row')).toHaveCount(3);
  for (const cells of [
    ['Chipo', runner, 'Runner', '10km', 'XXL', runnerRef, 'Unpaid'],
    ['Tawanda', cyclist, 'Cyclist', '30km', 'Large', cyclistRef, 'Unpaid'],
  ]) {
    await expect(table.getByRole('row').filter({ hasText: cells[5] })).toHaveText(
      new RegExp(cells.join('\\s*')),
    );
  }
  await expect(page.getByText('2 entries, 0 paid')).toBeVisible();

  // A second company, in the same browser after logging out: nothing of the first is shown or served.
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  const other = newAccount('company2', testInfo, 'Baobab Bank');
  await signUpInBrowser(page, other, 'company');
  await page.goto(await verificationLink(other.email));
  await expect(page).toHaveURL(/\/WelcomeManager$/);
  await expect(page.getByText('No staff registered yet')).toBeVisible();
  await expect(page.getByText(runnerRef)).toHaveCount(0);
  await expect(page.getByText(cyclistRef)).toHaveCount(0);
  const response = await page.request.get('/api/team/registrations');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({
    entries: [],
    due: { usd: '0.00', zwg: '0.00' },
    reference: null,
    changeable: true,
  });

  // The session ends on the server (as when it expires): a submission says so and keeps what was typed;
  // the next page load asks to sign in and comes back to the team page.
  await query(`delete from session where user_id = (select id from "user" where email = $1)`, [other.email]);
  const late = uniqueName('Late');
  await fillRegistration(page, {
    firstName: 'Rutendo',
    lastName: late,
    email: `${late.toLowerCase()}@example.com`,
    mobile: '0771234567',
    age: '29',
    raceType: '5km',
    nextOfKinMobile: '0772000444',
    tshirtSize: 'Small',
  });
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toContainText('Please sign in');
  await expect(page.getByLabel('Last name')).toHaveValue(late);
  await page.reload();
  await expect(page).toHaveURL(/\/About\?next=%2FWelcomeManager$/);
});
