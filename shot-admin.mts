import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './scripts/lib/chromium.ts';
const base = 'http://127.0.0.1:3401';
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
const paths = (process.argv[2] ?? '/RegisteredFacilitator').split(',');
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${base}/About`);
  await page.getByLabel('Email').fill('admin@example.org');
  await page.getByLabel('Password').fill('a long password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/WelcomeAdmin/);
  for (const path of paths) {
    await page.goto(`${base}${path}`);
    await page.waitForTimeout(1500);
    const name = path.slice(1).replace(/[^A-Za-z0-9]/g, '_');
    await page.screenshot({ path: `/tmp/shot1/${name}-${width}.png`, fullPage: true });
    if (process.env.PRINT) {
      await page.emulateMedia({ media: 'print' });
      await page.screenshot({ path: `/tmp/shot1/${name}-print-${width}.png`, fullPage: true });
      await page.pdf({ path: `/tmp/shot1/${name}.pdf` }).catch(() => {});
      await page.emulateMedia({ media: 'screen' });
    }
  }
  await page.close();
}
await browser.close();
