import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { signInAsAdmin } from './support/fun-run-admin.ts';

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

const texts = (page: Page) => page.getByRole('region', { name: 'Texts' });
const leaving = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });

test('leaving Event settings with unsaved edits asks first; Stay keeps them, Leave goes; saved edits leave freely', async ({
  page,
  admin,
}) => {
  heldOn('desktop');
  await signInAsAdmin(page, admin, '/EventSettings');
  const subtitle = texts(page).getByLabel('Subtitle');
  const original = await subtitle.inputValue();
  // Nothing typed: a link simply leaves.
  await page.getByRole('link', { name: 'Participants' }).first().click();
  await expect(page).toHaveURL(/\/Participants/);
  await page.goBack();
  await expect(subtitle).toHaveValue(original);

  await subtitle.fill(`${original} (draft)`);
  await page.getByRole('link', { name: 'Participants' }).first().click();
  await expect(leaving(page)).toBeVisible();
  await expect(leaving(page)).toContainText('A section has changes that are not saved yet');
  await expectNoAxeViolations(page);
  await leaving(page).getByRole('button', { name: 'Stay' }).click();
  await expect(leaving(page)).toBeHidden();
  await expect(page).toHaveURL(/\/EventSettings$/);
  await expect(subtitle).toHaveValue(`${original} (draft)`);

  // The section index stays on the page: it never asks.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Races' }).click();
  await expect(leaving(page)).toBeHidden();

  // Typed back as it was: nothing is unsaved.
  await subtitle.fill(original);
  await page.getByRole('link', { name: 'Participants' }).first().click();
  await expect(page).toHaveURL(/\/Participants/);
  await page.goBack();

  await subtitle.fill(`${original} (draft)`);
  await page.getByRole('link', { name: 'Participants' }).first().click();
  await leaving(page).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/Participants/);

  // Closing the tab (or reloading it) with edits: the browser asks.
  await page.goto('/EventSettings');
  // Typed with the keyboard: a browser asks only on a page the person has used.
  await texts(page).getByLabel('Subtitle').click();
  await page.keyboard.type(' (draft)');
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const question = await asked;
  expect(question.type()).toBe('beforeunload');
  await question.dismiss();
  expect(page.isClosed()).toBe(false);
});

test('a saved section no longer holds the page; a T-shirt size or a race changed does', async ({
  page,
  admin,
}) => {
  heldOn('desktop');
  await signInAsAdmin(page, admin, '/EventSettings');
  const sizes = page.getByRole('region', { name: 'T-shirt sizes' });
  const runnerSizes = sizes.getByRole('group', { name: 'Runner sizes' });
  const first = runnerSizes.getByLabel('Size 1', { exact: true });
  const size = await first.inputValue();
  await first.fill(`${size}!`);
  await page.getByRole('link', { name: 'Participants' }).first().click();
  await expect(leaving(page)).toBeVisible();
  await leaving(page).getByRole('button', { name: 'Stay' }).click();
  await first.fill(size);

  const races = page.getByRole('region', { name: 'Races' });
  const startTime = races.getByLabel('Start time').first();
  const time = await startTime.inputValue();
  await startTime.fill(time === '06:15' ? '06:30' : '06:15');
  await page.getByRole('link', { name: 'Participants' }).first().click();
  await expect(leaving(page)).toBeVisible();
  await leaving(page).getByRole('button', { name: 'Stay' }).click();
  await races.getByRole('button', { name: 'Save races' }).click();
  await expect(races.getByRole('status')).toContainText('The races were saved.');
  await page.getByRole('link', { name: 'Participants' }).first().click();
  await expect(page).toHaveURL(/\/Participants/);
});

test('the section index links every section by its heading, and the keyboard follows it', async ({
  page,
  admin,
}) => {
  heldOn('desktop');
  await signInAsAdmin(page, admin, '/EventSettings');
  const index = page.getByRole('navigation', { name: 'Sections' });
  // all() does not wait: the index is drawn once the settings have loaded.
  await expect(index.getByRole('link').first()).toBeVisible();
  const links = await index.getByRole('link').all();
  expect(links.length).toBeGreaterThan(10);
  for (const link of links) {
    const target = (await link.getAttribute('href')) ?? '';
    expect(target).toMatch(/^#[\w-]+$/);
    await expect(page.locator(target).getByRole('heading').first()).toBeVisible();
  }
  await index.getByRole('link', { name: 'T-shirt sizes' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#sizes$/);
  await expect(page.locator('#sizes').getByRole('heading', { name: 'T-shirt sizes' })).toBeInViewport();
});

// Admins sit at desks, yet some set the races from a phone: what was cut there (06:00 AI) fits.
test('on a phone a race’s start time shows whole (06:00 AM)', async ({ page, admin }) => {
  heldOn('phone');
  await signInAsAdmin(page, admin, '/EventSettings#races');
  const startTime = page.getByRole('region', { name: 'Races' }).getByLabel('Start time').first();
  await startTime.fill('06:00');
  await startTime.scrollIntoViewIfNeeded();
  // The time as the phone writes it, its padding and the clock button fit in the box the admin sees.
  const room = await startTime.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    context.font = style.font;
    const text = context.measureText('06:00 AM').width;
    const frame = ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'] as const;
    const around = frame.reduce((sum, side) => sum + Number.parseFloat(style[side]), 0);
    // The clock button and the gap before it.
    const picker = 40;
    return input.getBoundingClientRect().width - (text + around + picker);
  });
  expect(room).toBeGreaterThanOrEqual(0);
  await expect(page.getByRole('region', { name: 'Races' }).getByLabel('Bibs from').first()).toBeVisible();
});
