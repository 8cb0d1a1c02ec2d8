import { expectNoAxeViolations } from './support/axe.ts';
import { openTheCause } from './support/cause.ts';
import { uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { raceWithFees, registeredByApi } from './support/fun-run-admin.ts';

// "Add a gift to <cause>" on /My (issue 43): the total due then says the entry and the gift together.

test.describe.configure({ mode: 'serial' });

let race = '';

test.beforeAll(async () => {
  race = await raceWithFees('MyGift', '10.00');
  await openTheCause();
});

test('an entrant adds a US$10 gift on /My and sees the total with it, then removes it', async ({
  page,
}, testInfo) => {
  heldOn('phone');
  const { myLink } = await registeredByApi(page, testInfo, 'Tendai', uniqueName('Giver'), {
    raceType: race,
  });
  await page.goto(myLink);
  const box = page.getByRole('group', { name: 'Add a gift to the Borehole' });
  await expect(box).toBeVisible();
  await box.getByRole('button', { name: 'US$10' }).click();
  await expect(box.getByLabel(/Gift in US\$/)).toHaveValue('10');
  await expectNoAxeViolations(page);
  await box.screenshot({ path: testInfo.outputPath('my-gift-box-390.png') });
  await page.getByRole('button', { name: 'Add the gift' }).click();

  await expect(
    page.getByText('Entry US$10.00 and your gift US$10.00, paid together under this reference.'),
  ).toBeVisible();
  await expect(page.getByText(/Total due: US\$20\.00/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your gift to the Borehole' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('my-gift-390.png') });
  await expectNoAxeViolations(page);
  // The same page on a desktop, for the record (the journey itself is a phone's).
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('my-gift-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });

  // A pay link asks for the entry and the gift together, in the same words.
  const token = myLink.replace(/.*\/My\//, '');
  const made = await page.request.post(`/api/my/${token}/pay-links`, {
    data: {},
    headers: { origin: new URL(page.url()).origin },
  });
  expect(made.status()).toBe(201);
  await page.goto((await made.json()).path);
  await expect(page.getByText(/Total due: US\$20\.00/)).toBeVisible();
  await expect(
    page.getByText('Entry US$10.00 and a gift of US$10.00 to the cause, paid together under this reference.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('pay-for-gift-390.png') });
  await page.goto(myLink);

  await page.getByRole('button', { name: 'Remove the gift' }).click();
  await expect(page.getByRole('group', { name: 'Add a gift to the Borehole' })).toBeVisible();
  await expect(page.getByText(/Total due: US\$10\.00/)).toBeVisible();
});
