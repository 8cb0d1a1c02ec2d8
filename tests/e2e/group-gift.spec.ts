import { expectNoAxeViolations } from './support/axe.ts';
import { CAUSE, openTheCause } from './support/cause.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { fillMotherAndSon, raceWithFees } from './support/fun-run-admin.ts';

// "Add a gift to <cause>" once on the group form (issue 43): in the group's total, under its reference.

heldOn('phone');

test.beforeAll(openTheCause);

test('a mother registers herself and her son with a US$10 gift, and sees it in the group total', async ({
  page,
}, testInfo) => {
  const lastName = uniqueName('Gumbo');
  const race = await raceWithFees('GroupGift', '10.00');
  await fillMotherAndSon(page, lastName, race);

  // Once for the whole group, below the people.
  const box = page.getByRole('group', { name: `Add a gift to ${CAUSE.title}` });
  await expect(box).toHaveCount(1);
  await expect(box.getByText(/once for the whole group/)).toBeVisible();
  await box.getByRole('button', { name: 'US$10' }).click();
  await expect(box.getByLabel(/Gift in US\$/)).toHaveValue('10');
  await expect(box.getByRole('button', { name: 'US$10' })).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page);
  await box.screenshot({ path: testInfo.outputPath('group-gift-box-390.png') });
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  await expect(page).toHaveURL(/\/Thankyou$/);
  const card = page.getByRole('region', { name: 'Your group reference' });
  const reference = (await card.getByText(/^CFR25-G[0-9A-F]{6}$/).textContent()) ?? '';
  // The race has no ZWG fee: no "or ZWG 0.00".
  await expect(card.getByText('Total due: US$30.00', { exact: true })).toBeVisible();
  await expect(
    card.getByText(`The fees and your gift US$10.00 to the cause, paid together under this reference.`, {
      exact: false,
    }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('group-gift-thanks-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('group-gift-thanks-1280.png'), fullPage: true });

  // One gift, with the contact's entry, waiting for the group's money.
  const rows = await query<{ amount: string; status: string; first_name: string; group_code: string }>(
    `select g.amount, g.status, r.first_name, rg.code as group_code from gifts g
       join registrations r on r.id = g.registration_id
       join registration_groups rg on rg.id = r.group_id
      where r.last_name = $1`,
    [lastName],
  );
  expect(rows).toEqual([
    { amount: '10.00', status: 'unpaid', first_name: 'Rudo', group_code: reference.slice(-6) },
  ]);
});
