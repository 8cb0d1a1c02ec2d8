import { expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';

// The browser tests' server talks to its fake Paynow as to the real one; the event says what a server with
// PAYNOW_URL=fake says (gateways.test.ts checks the server's side, and the pages it renders itself).
test('every page says that payments are tests while a fake gateway takes them', async ({ page }) => {
  heldOn('phone');
  await page.route('**/api/event', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), testPayments: true } });
  });
  await page.goto('/About');
  await expect(page.getByRole('complementary', { name: 'Test payments' })).toHaveText(
    'Test payments — no money moves',
  );
  await expectNoAxeViolationsOnceLoaded(page);
});
