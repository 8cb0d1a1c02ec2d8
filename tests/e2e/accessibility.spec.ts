import { test } from '@playwright/test';
import { expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { heldOn } from './support/devices.ts';

const PAGES = [
  '/',
  '/Register',
  '/RegisterCyclist',
  '/Thankyou',
  '/Terms',
  '/Banking',
  '/Search',
  '/nowhere',
];

heldOn('phone');

for (const path of PAGES) {
  test(`axe finds no violations on ${path}`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(path);
    await expectNoAxeViolationsOnceLoaded(page);
  });
}
