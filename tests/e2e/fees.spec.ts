import { uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { addingRunnerRace, entrant } from './support/fun-run-admin.ts';
import { expectThankYou, fillRegistration } from './support/registration-form.ts';

heldOn('desktop');

test('an entrant sees each race’s fee beside it and what is due at the top of the thank-you page, mobile money first', async ({
  page,
  admin,
}) => {
  test.slow();
  const label = uniqueName('Fee').slice(0, 20);
  const { races, added } = await addingRunnerRace(page, admin);
  await added.getByLabel('Name').fill(label);
  await added.getByLabel('Fee in USD').fill('10');
  await added.getByLabel('Fee in ZWG').fill('270');
  await races.getByRole('button', { name: 'Save races' }).click();
  await expect(races.getByRole('status')).toContainText('The races were saved');
  await page.context().clearCookies();

  await page.goto('/Register');
  const raceType = page.getByLabel('Race type');
  await expect(raceType.getByRole('option', { name: `${label} — US$10.00 / ZWG 270.00` })).toBeAttached();
  await fillRegistration(
    page,
    entrant('Rutendo', uniqueName('Fee'), { raceType: label, tshirtSize: 'Medium' }),
  );
  await page.getByRole('button', { name: 'Register' }).click();
  await expectThankYou(page);
  const receipt = page.getByRole('region', { name: 'Your registration reference' });
  await expect(receipt.getByText('Total due: US$10.00 or ZWG 270.00')).toBeVisible();
  const howToPay = page.getByRole('region', { name: 'How to pay' });
  await expect(howToPay.getByRole('listitem').first()).toContainText('Mobile money');
  await expect(howToPay.getByRole('listitem').first()).toContainText('10.00');
});

test('where a race has no fee, the thank-you page says the organisers will confirm it', async ({ page }) => {
  await page.goto('/Register');
  await fillRegistration(
    page,
    entrant('Tsitsi', uniqueName('NoFee'), { raceType: '5km', tshirtSize: 'Medium' }),
  );
  await page.getByRole('button', { name: 'Register' }).click();
  await expectThankYou(page);
  const receipt = page.getByRole('region', { name: 'Your registration reference' });
  await expect(receipt.getByText(/^The organisers will confirm the fee: call \+?\d[\d ]+\.$/)).toBeVisible();
  await expect(page.getByText(/Total due/)).toHaveCount(0);
});
