import { expect, type Page, test } from '@playwright/test';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { entrant, raceWithFees } from './support/fun-run-admin.ts';
import { fillRegistration } from './support/registration-form.ts';

// A phone that never runs the page's script: "Add another person" and "Remove" are posted, and the server
// answers the form with one person more or fewer, every value kept.
test.use({ javaScriptEnabled: false });
heldOn('phone');

const personOn = (page: Page, n: number) => page.getByRole('group', { name: `Person ${n}` });

test('a parent registers herself and two children without JavaScript and pays with the group reference', async ({
  page,
}) => {
  const lastName = uniqueName('Sibanda');
  const race = await raceWithFees('Family', '10', '270');
  await page.goto('/Register');
  await fillRegistration(page, entrant('Rudo', lastName, { age: '38', raceType: race, tshirtSize: 'Large' }));
  await page.getByRole('button', { name: 'Add another person' }).click();

  // The form again, her values kept in the first block, and a second block.
  const parent = personOn(page, 1);
  await expect(parent.getByLabel('First name')).toHaveValue('Rudo');
  await expect(parent.getByLabel('Race type')).toHaveValue(race);
  await expect(parent.getByLabel('Next of kin mobile')).toHaveValue('0712345678');
  await expect(page.getByLabel('I agree to the Terms and Conditions')).toBeChecked();
  const first = personOn(page, 2);
  await first.getByLabel('First name').fill('Tinashe');
  await first.getByLabel('Last name').fill(lastName);
  await first.getByLabel('Same contact as Rudo').check();
  await first.getByLabel('Age').fill('12');
  await first.getByLabel('Race type').selectOption(race);
  await first.getByLabel('T-shirt size').selectOption('Small');
  await first.getByLabel('Next of kin mobile').fill('0712345678');
  await page.getByRole('button', { name: 'Add another person' }).click();

  // A third block; the child's contact is his mother's, and so is his guardian, pre-filled.
  await expect(first.getByLabel('First name')).toHaveValue('Tinashe');
  await expect(first.getByLabel('Mobile', { exact: true })).toHaveCount(0);
  await expect(first.getByLabel("Parent or guardian's name")).toHaveValue(`Rudo ${lastName}`);
  await expect(first.getByLabel("Parent or guardian's mobile")).toHaveValue('0771234567');
  await first.getByLabel(/I am the parent or guardian/).check();
  const second = personOn(page, 3);
  await second.getByLabel('Runner or cyclist').selectOption('Cyclist');
  await second.getByLabel('First name').fill('Chipo');
  await second.getByLabel('Last name').fill(lastName);
  await second.getByLabel('Same contact as Rudo').check();
  await second.getByLabel('Age').fill('9');
  await second.getByLabel('T-shirt size').selectOption('Small');
  await second.getByLabel('Next of kin mobile').fill('0712345678');

  // One person too many, removed: the others stay as typed.
  await page.getByRole('button', { name: 'Add another person' }).click();
  await expect(personOn(page, 4)).toBeVisible();
  await personOn(page, 4).getByRole('button', { name: 'Remove' }).click();
  await expect(personOn(page, 4)).toHaveCount(0);
  await expect(second.getByLabel('First name')).toHaveValue('Chipo');

  // Sent without Chipo's race (a cyclist's, chosen after the discipline) nor his guardian's agreement: both
  // are said beside his fields, in one round; the first child's are not.
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(second.getByLabel('Race type')).toHaveAttribute('aria-invalid', 'true');
  const consent = second.getByLabel(/I am the parent or guardian/);
  await expect(consent).toHaveAttribute('aria-invalid', 'true');
  await expect(second.getByLabel("Parent or guardian's name")).toHaveValue(`Rudo ${lastName}`);
  await expect(first.getByLabel(/I am the parent or guardian/)).toBeChecked();
  await expect(first.getByLabel('Race type')).toHaveAttribute('aria-invalid', 'false');
  await second.getByLabel('Race type').selectOption('15km');
  await consent.check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Your group reference' });
  const groupReference = (await card.getByText(/^CFR25-G[0-9A-F]{6}$/).textContent()) ?? '';
  await expect(card.getByText(/^Total due: US\$20\.00 or ZWG 540\.00/)).toBeVisible();
  const people = page.getByRole('region', { name: 'Who is registered' });
  await expect(people.getByRole('listitem')).toHaveCount(3);
  await expect(people.getByRole('link', { name: "Chipo's registration page" })).toHaveAttribute(
    'href',
    /^\/My\/[\w-]{32}$/,
  );
  await expect(
    page.getByRole('region', { name: 'How to pay' }).getByText(groupReference).first(),
  ).toBeVisible();

  const rows = await query<{ first_name: string; discipline: string; guardian_name: string | null }>(
    'select first_name, discipline, guardian_name from registrations where last_name = $1 order by age desc',
    [lastName],
  );
  expect(rows).toEqual([
    { first_name: 'Rudo', discipline: 'run', guardian_name: null },
    { first_name: 'Tinashe', discipline: 'run', guardian_name: `Rudo ${lastName}` },
    { first_name: 'Chipo', discipline: 'cycle', guardian_name: `Rudo ${lastName}` },
  ]);
});
