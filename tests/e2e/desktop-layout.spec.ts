import type { Locator, Page } from '@playwright/test';
import { runnerEntry } from '../support/entries.ts';
import { expect, test } from './support/fixtures.ts';
import { signInAsAdmin } from './support/fun-run-admin.ts';
import { insertApplicant, newPerson, uniqueToken } from './support/programme.ts';
import { originOf } from './support/progress.ts';

// What was cut off or broken at 1280 px (issue 21): at phone width these screens are cards.
test.skip(({ viewport }) => (viewport?.width ?? 0) < 1280, 'a desktop layout');

/**
 * The words of every cell that a line break splits, e.g. "Kudakw|ashe": a break after a hyphen is a break
 * between words, and an email may break after its @ (a text of its own).
 */
function wordsBrokenInside(cells: Locator) {
  return cells.evaluateAll((elements) =>
    elements.flatMap((cell) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[^\s-]+-?/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
      return broken;
    }),
  );
}

const top = async (locator: Locator) => (await locator.boundingBox())?.y;

async function fullyShown(page: Page, locator: Locator) {
  await expect(locator).toBeInViewport({ ratio: 1 });
  const box = await locator.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

test('the registration form: Mobile and Age boxes line up, the race with its fee is not cut off', async ({
  page,
}) => {
  await page.goto('/Register');
  const mobile = page.getByLabel('Mobile', { exact: true });
  const age = page.getByLabel('Age');
  await expect(mobile).toBeVisible();
  expect(await top(age)).toBe(await top(mobile));
  // The race choice has a row of its own: as wide as the email box, room for "10km — US$15.00 / ZWG 400.00".
  const race = page.getByLabel('Race type');
  const email = page.getByLabel('Email');
  expect((await race.boundingBox())?.width).toBe((await email.boundingBox())?.width);
  // With errors shown under both, they still line up.
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(/your age/i)).toBeVisible();
  expect(await top(age)).toBe(await top(mobile));
});

test('the facilitators register shows every action at 1280 px, and its print breaks no word', async ({
  page,
  admin,
}, testInfo) => {
  const token = uniqueToken('Layout');
  const applicant = newPerson('Kudakwashe', 'Chiwenga-Mukarakate', testInfo, {
    church: `Celebration Church Borrowdale ${token}`,
    email: `kudakwashe.chiwenga-mukarakate.${token}@example.com`.toLowerCase(),
  });
  await insertApplicant(applicant);
  await signInAsAdmin(page, admin, '/RegisteredFacilitator');
  await page.getByLabel('Search facilitators').fill(token);
  const name = `${applicant.firstName} ${applicant.lastName}`;
  for (const action of ['Approve', 'Decline', 'Manage', 'Delete']) {
    await fullyShown(page, page.getByRole('button', { name: `${action} ${name}` }));
  }

  // The printed register (what Print sends to the printer), laid out on an A4 page's width.
  await page.evaluate(() => {
    window.print = () => {};
  });
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: 720, height: 1000 });
  const printed = page.locator('table').filter({ hasText: token }).last().locator('td');
  await expect(printed.first()).toBeVisible();
  expect(await wordsBrokenInside(printed)).toEqual([]);
});

test('the participants list shows all its columns at 1280 px without scrolling sideways', async ({
  page,
  admin,
}, testInfo) => {
  // A realistic row: a long first name and a long email (the token that finds it is in the email only).
  const token = uniqueToken('wide').toLowerCase();
  const entered = await page.request.post('/api/registrations', {
    data: runnerEntry('', {
      firstName: 'Kudakwashe',
      lastName: 'Chiwenga',
      email: `kudakwashe.chiwenga-mukarakate.${token}@example.com`,
    }),
    headers: { origin: originOf(testInfo) },
  });
  expect(entered.status()).toBe(201);
  await signInAsAdmin(page, admin, `/Participants?q=${token}`);
  const table = page.getByRole('region', { name: 'Participants table' });
  await expect(table.getByRole('columnheader', { name: /Registered/ })).toBeVisible();
  const [scrolled, shown] = await table.evaluate((element) => [element.scrollWidth, element.clientWidth]);
  expect(scrolled).toBeLessThanOrEqual(shown ?? 0);
});

test('an admin’s header links fit one row at 1280 px, on a page of the narrower column too', async ({
  page,
  admin,
}) => {
  await signInAsAdmin(page, admin);
  for (const path of ['/WelcomeAdmin', '/Waitlist', '/Participants']) {
    await page.goto(path);
    const links = page.getByRole('navigation', { name: 'Account' }).getByRole('link');
    await expect(links.last()).toHaveText('Fun run site');
    const rows = await links.evaluateAll(
      (elements) => new Set(elements.map((link) => Math.round(link.getBoundingClientRect().top))).size,
    );
    expect(rows, path).toBe(1);
  }
});
