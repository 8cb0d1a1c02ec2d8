import { expect, test } from '@playwright/test';
import { deviceOf } from './support/devices.ts';

// A phone that counts one device pixel per CSS pixel: the 640 px photo is the one it needs.
test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });

test('the landing text shows before the photo, which comes at the phone’s size and then shows', async ({
  page,
}) => {
  test.skip(deviceOf() !== 'phone', 'the viewport is set above: once is enough');
  const photos: string[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/images\/hero-\d+\.(avif|webp)$/, async (route) => {
    photos.push(new URL(route.request().url()).pathname);
    await held;
    await route.continue();
  });
  // The page's load event waits for its photo, which is held back here.
  await page.goto('/', { waitUntil: 'domcontentloaded' });

  const photo = page.getByRole('img', { name: 'A road through hills at sunrise' });
  await expect(page.getByRole('heading', { name: 'Celebration Fun Run', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register as Runner' })).toBeVisible();
  await expect.poll(() => photos.length).toBe(1);
  await expect(photo).toHaveCSS('opacity', '0');
  const before = await page.getByRole('link', { name: 'Register as Cyclist' }).boundingBox();

  release();
  await expect(photo).toHaveCSS('opacity', '1');
  expect(photos).toEqual(['/images/hero-640.avif']);
  // Nothing moves when the photo arrives.
  expect(await page.getByRole('link', { name: 'Register as Cyclist' }).boundingBox()).toEqual(before);
});
