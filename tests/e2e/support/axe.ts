import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * No axe violations on the page as it is now (a dialog open, details expanded…), once nothing says it is
 * still loading (a list dimmed while its next rows load has lower contrast on purpose).
 */
export async function expectNoAxeViolations(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Legacy mode runs axe in the page itself: the default opens a blank page to gather every frame's results
  // and injects axe (~550 KB) there again, which doubled each check's time here. Our pages have no frames.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** No axe violations once the page has loaded: its requests done and its heading shown. */
export async function expectNoAxeViolationsOnceLoaded(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1')).toBeVisible();
  await expectNoAxeViolations(page);
}
