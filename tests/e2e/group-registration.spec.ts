import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { entrant, raceWithFees, registeredByApi } from './support/fun-run-admin.ts';
import { fillRegistration } from './support/registration-form.ts';

heldOn('phone');

/** A child's fields in his person block, his contact and guardian being the parent's. */
async function fillChild(
  person: Locator,
  child: { firstName: string; lastName: string; age: string; raceType: string },
) {
  await person.getByLabel('First name').fill(child.firstName);
  await person.getByLabel('Last name').fill(child.lastName);
  await person.getByLabel('Age').fill(child.age);
  await person.getByLabel('Race type').selectOption(child.raceType);
  await person.getByLabel('T-shirt size').selectOption('Small');
  await person.getByLabel('Next of kin mobile').fill('0712345678');
}

const personOn = (page: Page, n: number) => page.getByRole('group', { name: `Person ${n}` });

test('a parent registers herself and two children on one form and pays with the group reference', async ({
  page,
}) => {
  const lastName = uniqueName('Ncube');
  const race = await raceWithFees('Family', '10', '270');
  await page.goto('/Register');
  await fillRegistration(page, entrant('Rudo', lastName, { age: '38', raceType: race, tshirtSize: 'Large' }));

  await page.getByRole('button', { name: 'Add another person' }).click();
  const parent = personOn(page, 1);
  await expect(parent.getByLabel('First name')).toHaveValue('Rudo');
  await expect(parent.getByLabel('Race type')).toHaveValue(race);
  const first = personOn(page, 2);
  await fillChild(first, { firstName: 'Tinashe', lastName, age: '12', raceType: race });
  // A child shares the contact's mobile and email, and his guardian is the contact, all by default.
  await expect(first.getByLabel('Same contact as Rudo')).toBeChecked();
  await expect(first.getByLabel('Mobile', { exact: true })).toHaveCount(0);
  await expect(first.getByLabel("Parent or guardian's name")).toHaveValue(`Rudo ${lastName}`);
  await expect(first.getByLabel("Parent or guardian's mobile")).toHaveValue('0771234567');
  await first.getByLabel(/I am the parent or guardian/).check();

  await page.getByRole('button', { name: 'Add another person' }).click();
  const second = personOn(page, 3);
  // Runners and cyclists mix: the second child cycles.
  await second.getByLabel('Runner or cyclist').selectOption('Cyclist');
  await fillChild(second, { firstName: 'Chipo', lastName, age: '9', raceType: '15km' });
  await expect(second.getByLabel("Parent or guardian's name")).toHaveValue(`Rudo ${lastName}`);
  await expectNoAxeViolations(page);

  // Sent without the guardian's agreement for Chipo: the message stands beside his field, in his block.
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  const consent = second.getByLabel(/I am the parent or guardian/);
  await expect(consent).toHaveAttribute('aria-invalid', 'true');
  await expect(first.getByLabel(/I am the parent or guardian/)).toHaveAttribute('aria-invalid', 'false');
  await consent.check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  await expect(page).toHaveURL(/\/Thankyou$/);
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Your group reference' });
  const groupReference = (await card.getByText(/^CFR25-G[0-9A-F]{6}$/).textContent()) ?? '';
  expect(groupReference).toMatch(/^CFR25-G[0-9A-F]{6}$/);
  await expect(card.getByText(/^Total due: US\$20\.00 or ZWG 540\.00/)).toBeVisible();
  const people = page.getByRole('region', { name: 'Who is registered' });
  await expect(people.getByRole('listitem')).toHaveCount(3);
  for (const name of ['Rudo', 'Tinashe', 'Chipo']) {
    await expect(people.getByText(`${name} ${lastName}`)).toBeVisible();
    await expect(people.getByRole('link', { name: `${name}'s registration page` })).toHaveAttribute(
      'href',
      /^\/My\/[\w-]{32}$/,
    );
    await expect(people.getByRole('img', { name: `Check-in QR code of ${name}` })).toBeVisible();
  }
  await expect(people.getByText(`Runner · ${race} · US$10.00 or ZWG 270.00`)).toHaveCount(2);
  await expect(people.getByText('Cyclist · 15km')).toBeVisible();
  // Paying is told as on the single thank-you page, with the group reference.
  const pay = page.getByRole('region', { name: 'How to pay' });
  await expect(pay.getByText(groupReference).first()).toBeVisible();
  await expectNoAxeViolations(page);

  const rows = await query<{
    first_name: string;
    mobile: string;
    email: string;
    guardian_name: string | null;
  }>(
    'select first_name, mobile, email, guardian_name from registrations where last_name = $1 order by age desc',
    [lastName],
  );
  const email = `rudo.${lastName}@example.com`.toLowerCase();
  expect(rows).toEqual([
    { first_name: 'Rudo', mobile: '+263771234567', email, guardian_name: null },
    { first_name: 'Tinashe', mobile: '+263771234567', email, guardian_name: `Rudo ${lastName}` },
    { first_name: 'Chipo', mobile: '+263771234567', email, guardian_name: `Rudo ${lastName}` },
  ]);
});

test('a race full when the group is sent registers no one; with the box ticked, the others register and he waits', async ({
  page,
}, testInfo) => {
  const lastName = uniqueName('Dube');
  const race = uniqueName('Last').slice(0, 20);
  await query(
    `insert into race_options (event_id, discipline, label, sort_order, capacity)
      select id, 'run', $1, 92, 1 from events where is_current`,
    [race],
  );
  await page.goto('/Register');
  await fillRegistration(
    page,
    entrant('Farai', lastName, { age: '40', raceType: '10km', tshirtSize: 'Large' }),
  );
  await page.getByRole('button', { name: 'Add another person' }).click();
  const other = personOn(page, 2);
  await other.getByLabel('First name').fill('Kuda');
  await other.getByLabel('Last name').fill(lastName);
  await other.getByLabel('Same contact as Farai').check();
  await other.getByLabel('Age').fill('35');
  await other.getByLabel('Race type').selectOption(race);
  await other.getByLabel('T-shirt size').selectOption('Medium');
  await other.getByLabel('Next of kin mobile').fill('0712345678');
  // The race's last place goes to someone else while the form is open.
  await registeredByApi(page, testInfo, 'Someone', uniqueName('Else'), { raceType: race });

  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(other.getByText("This person's race is full.")).toBeVisible();
  await expect(other.getByLabel('Race type')).toHaveAttribute('aria-invalid', 'true');
  const box = page.getByLabel('Register the others now and put Kuda on the waitlist');
  await expect(box).not.toBeChecked();
  expect(await query('select 1 from registrations where last_name = $1', [lastName])).toHaveLength(0);
  await expectNoAxeViolations(page);

  await box.check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Who is registered' }).getByText(`Farai ${lastName}`),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'On the waitlist' })).toContainText(
    `Kuda ${lastName} · ${race}`,
  );
});

test('a group sent without signal is not kept on the phone: the form says to try again with signal, values kept', async ({
  page,
  context,
}) => {
  const lastName = uniqueName('Banda');
  await page.goto('/Register');
  await fillRegistration(
    page,
    entrant('Nyasha', lastName, { age: '45', raceType: '10km', tshirtSize: 'Large' }),
  );
  await page.getByRole('button', { name: 'Add another person' }).click();
  const other = personOn(page, 2);
  await other.getByLabel('First name').fill('Tatenda');
  await other.getByLabel('Last name').fill(lastName);
  await other.getByLabel('Same contact as Nyasha').check();
  await other.getByLabel('Age').fill('44');
  await other.getByLabel('Race type').selectOption('10km');
  await other.getByLabel('T-shirt size').selectOption('Medium');
  await other.getByLabel('Next of kin mobile').fill('0712345678');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(
    'a group is registered only while the phone has signal',
  );
  await expect(other.getByLabel('First name')).toHaveValue('Tatenda');
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  expect(await query('select 1 from registrations where last_name = $1', [lastName])).toHaveLength(2);
});
