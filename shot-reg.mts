import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './scripts/lib/chromium.ts';
const base = 'http://127.0.0.1:3401';
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const path of (process.argv[2] ?? '/Register').split(',')) {
    await page.goto(`${base}${path}`);
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `/tmp/shot1/${path.slice(1) || 'home'}-${width}.png`, fullPage: true });
  }
  await page.close();
}
await browser.close();
