import { expectNoAxeViolations } from './support/axe.ts';
import { CAUSE, openTheCause } from './support/cause.ts';
import { uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { raceWithFees, registeredByApi } from './support/fun-run-admin.ts';

// "Add a gift to <cause>" on /My without JavaScript (issue 43): plain forms, answered with the page again.
test.use({ javaScriptEnabled: false });
heldOn('phone');

test.beforeAll(openTheCause);

test('an entrant without JavaScript adds a US$10 gift on /My, sees the total with it, then removes it', async ({
  page,
  browser,
}, testInfo) => {
  const race = await raceWithFees('MyGiftNoJs', '10.00');
  const { myLink } = await registeredByApi(page, testInfo, 'Tendai', uniqueName('NoScript'), {
    raceType: race,
  });
  await page.goto(myLink);
  const box = page.getByRole('group', { name: `Add a gift to ${CAUSE.title}` });
  await expect(box).toBeVisible();
  await box.getByLabel('US$10', { exact: true }).check();
  await page.getByRole('button', { name: 'Add the gift' }).click();

  // The page again, at its own address (a reload posts nothing), with the gift in what is due.
  await expect(page).toHaveURL(new RegExp(`${myLink}$`));
  await expect(page.getByRole('heading', { name: `Your gift to ${CAUSE.title}` })).toBeVisible();
  await expect(page.getByText(/Total due: US\$20\.00/)).toBeVisible();
  await expect(
    page.getByText('Entry US$10.00 and your gift US$10.00, paid together under this reference.'),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('my-gift-no-js-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('my-gift-no-js-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  // A wrong amount: the page again with the message beside it, what was typed kept.
  await page.getByLabel('Or another amount').fill('ten');
  await page.getByRole('button', { name: 'Save the gift' }).click();
  const amount = page.getByLabel('Or another amount');
  await expect(amount).toHaveValue('ten');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription(/Enter the amount as a number/);
  await page.screenshot({ path: testInfo.outputPath('my-gift-no-js-error-390.png'), fullPage: true });

  // Axe needs a script: the same page in a browser that runs axe but not the page's own script.
  const checker = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: true,
    viewport: { width: 390, height: 844 },
  });
  await checker.route(/\.m?js(\?|$)/, (route) => route.abort());
  const checked = await checker.newPage();
  await checked.goto(myLink);
  await expect(checked.getByRole('heading', { name: `Your gift to ${CAUSE.title}` })).toBeVisible();
  await expectNoAxeViolations(checked);
  await checker.close();

  await page.goto(myLink);
  await page.getByRole('button', { name: 'Remove the gift' }).click();
  await expect(page.getByRole('group', { name: `Add a gift to ${CAUSE.title}` })).toBeVisible();
  await expect(page.getByText(/Total due: US\$10\.00/)).toBeVisible();
});
