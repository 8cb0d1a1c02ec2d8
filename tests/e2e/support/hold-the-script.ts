import type { Page } from '@playwright/test';

/** Holds the page's script back until the returned function lets it through, as a slow phone's data would. */
export async function holdTheScript(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
