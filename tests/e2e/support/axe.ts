import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * No axe violations on the page as it is now (a dialog open, details expanded…), once nothing says it is
 * still loading (a list dimmed while its next rows load has lower contrast on purpose).
 */
export async function expectNoAxeViolations(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).analyze();
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
