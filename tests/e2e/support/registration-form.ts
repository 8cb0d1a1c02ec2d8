import { expect, type Page } from '@playwright/test';

export interface Entrant {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  age: string;
  gender?: string;
  raceType: string;
  nextOfKinMobile: string;
  tshirtSize: string;
}

/** Fills the runner or cyclist form by its visible labels, as a person would. */
export async function fillRegistration(page: Page, entrant: Entrant) {
  await page.getByLabel('First name').fill(entrant.firstName);
  await page.getByLabel('Last name').fill(entrant.lastName);
  // A textbox: while the event's texts are on, "Send my confirmation by" has an Email choice too.
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(entrant.email);
  await page.getByLabel('Mobile', { exact: true }).fill(entrant.mobile);
  await page.getByLabel('Age').fill(entrant.age);
  if (entrant.gender) await page.getByLabel('Gender').selectOption(entrant.gender);
  await page.getByLabel('Race type').selectOption(entrant.raceType);
  await page.getByLabel('T-shirt size').selectOption(entrant.tshirtSize);
  await page.getByLabel('Next of kin mobile').fill(entrant.nextOfKinMobile);
  await page.getByLabel('I agree to the Terms and Conditions').check();
}

export async function expectThankYou(page: Page) {
  await expect(page).toHaveURL(/\/Thankyou$/);
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expect(page.getByText('We appreciate your support.')).toBeVisible();
  const receipt = page.getByRole('region', { name: 'Your registration reference' });
  const reference = (await receipt.getByText(/^CFR25-\d{4,}$/).textContent()) ?? '';
  expect(reference).toMatch(/^CFR25-\d{4,}$/);
  return reference;
}
