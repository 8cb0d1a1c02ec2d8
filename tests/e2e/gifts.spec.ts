import type { Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { CAUSE, openTheCause } from './support/cause.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { signInAsAdmin } from './support/fun-run-admin.ts';
import { holdTheScript } from './support/hold-the-script.ts';

// Every gift journey gives to the one cause, opened and never closed (support/cause.ts).
test.beforeAll(openTheCause);

const giftsOf = (name: string) =>
  query<{ reference: string; amount: string; currency: string; show: boolean; status: string }>(
    `select reference, amount::text, currency, show_name as show, status from gifts where giver_name = $1`,
    [name],
  );

/** Chooses US$20, gives a name and an address and agrees to be named, then sends. */
async function give(page: Page, name: string) {
  await page.getByRole('radio', { name: 'US$20.00' }).check();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Email').fill(`${name.split(' ')[0]?.toLowerCase()}@example.com`);
  await page.getByLabel('Show my first name and my gift on this page').check();
  await page.getByRole('button', { name: 'Give', exact: true }).click();
}

test.describe('a giver on a phone', () => {
  heldOn('phone');

  test('sees the cause and its progress, gives US$20 and is told the reference to pay with', async ({
    page,
  }) => {
    await page.goto('/Give');
    await expect(page.getByRole('heading', { level: 1, name: CAUSE.title })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Raised towards the goal' })).toBeVisible();
    await expectNoAxeViolationsOnceLoaded(page);

    // Nothing chosen and nobody named: the messages beside their fields.
    await page.getByRole('button', { name: 'Give', exact: true }).click();
    await expect(page.getByText('Enter your name')).toBeVisible();
    await expectNoAxeViolations(page);

    const name = `Rudo ${uniqueName('Giver')}`;
    await give(page, name);
    // The answer first: the gift is stored once the page says so, not when the button is pressed.
    await expect(page.getByRole('heading', { name: /^Thank you! Your gift reference is/ })).toBeVisible();
    const [gift] = await giftsOf(name);
    expect(gift).toMatchObject({ amount: '20.00', currency: 'USD', show: true, status: 'unpaid' });
    await expect(
      page.getByRole('heading', { name: `Thank you! Your gift reference is ${gift?.reference}` }),
    ).toBeVisible();
    await expect(page.getByText('US$20.00', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('a giver on a slow phone', () => {
  heldOn('phone');

  test('keeps what he typed before the page’s script arrived', async ({ page }) => {
    const release = await holdTheScript(page);
    // Module scripts hold back DOMContentLoaded: the page is used as soon as it is shown.
    await page.goto('/Give', { waitUntil: 'commit' });
    const name = `Rudo ${uniqueName('Giver')}`;
    await page.getByRole('radio', { name: 'US$20.00' }).check();
    await page.getByLabel('Your name').fill(name);
    await page.getByLabel('Email').fill('rudo.slow@example.com');
    release();
    await page.waitForLoadState('networkidle');
    await expect(page.getByLabel('Your name')).toHaveValue(name);
    await page.getByRole('button', { name: 'Give', exact: true }).click();
    await expect(page.getByRole('heading', { name: /^Thank you! Your gift reference is/ })).toBeVisible();
    expect(await giftsOf(name)).toMatchObject([{ amount: '20.00', currency: 'USD', status: 'unpaid' }]);
  });
});

test.describe('a giver on a phone without JavaScript', () => {
  heldOn('phone');
  test.use({ javaScriptEnabled: false });

  test('gives by the form posted to /Give, kept as typed when something is missing', async ({ page }) => {
    await page.goto('/Give');
    await expect(page.getByRole('heading', { level: 1, name: CAUSE.title })).toBeVisible();
    await page.getByLabel('Or another amount').fill('abc');
    await page.getByRole('button', { name: 'Give', exact: true }).click();
    await expect(page.getByText('Enter your name')).toBeVisible();
    await expect(page.getByLabel('Or another amount')).toHaveValue('abc');
    await page.getByLabel('Or another amount').fill('');

    const name = `Tendai ${uniqueName('Giver')}`;
    await give(page, name);
    await expect(page.getByText(/^Thank you! Your gift reference is/)).toBeVisible();
    const [gift] = await giftsOf(name);
    expect(gift).toMatchObject({ amount: '20.00', currency: 'USD', status: 'unpaid' });
    await expect(page.getByText(`Thank you! Your gift reference is ${gift?.reference}`)).toBeVisible();
  });
});

test.describe('an organiser at a desk', () => {
  heldOn('desktop');

  // The cause is open to every journey at once: this one saves it as it is (support/cause.ts), never closed.
  test('sets the cause on /EventSettings, asked for a title while gifts are open', async ({
    page,
    admin,
  }) => {
    const saves = async () =>
      (
        await query<{ saves: number }>(
          `select count(*)::int as saves from audit_log
            where action = 'event-settings.update' and details->>'section' = 'cause'`,
        )
      )[0]?.saves ?? 0;
    const savesBefore = await saves();
    await signInAsAdmin(page, admin, '/EventSettings');
    const cause = page.getByRole('region', { name: 'The cause' });
    await expect(cause.getByLabel('Take gifts (open /Give)')).toBeChecked();
    await cause.getByLabel('Title').fill('');
    await cause.getByRole('button', { name: 'Save the cause' }).click();
    await expect(cause.getByText('Give the cause a title before opening gifts')).toBeVisible();

    await cause.getByLabel('Title').fill(CAUSE.title);
    await cause.getByLabel('Goal (USD)').fill('1000');
    await cause.getByRole('button', { name: 'Save the cause' }).click();
    await expect(cause.getByText('Saved. Gifts are open: /Give takes them now.')).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await saves()).toBeGreaterThan(savesBefore);
    const [saved] = await query<{ title: string; goal: string; open: boolean }>(
      'select cause_title as title, cause_goal_usd::text as goal, gifts_open as open from events where is_current',
    );
    expect(saved).toEqual({ title: CAUSE.title, goal: CAUSE.goalUsd, open: true });
  });

  test('records a gift as paid on /Gifts, with its receipt, and erases its giver', async ({
    page,
    admin,
  }) => {
    const name = `Chipo ${uniqueName('Giver')}`;
    await query(
      `insert into gifts (event_id, reference, amount, currency, giver_name, giver_email)
        select id, reference_prefix || '-D' || nextval('gift_number_seq'), 35, 'USD', $1, 'chipo@example.com'
          from events where is_current`,
      [name],
    );
    const [gift] = await giftsOf(name);
    await signInAsAdmin(page, admin, '/Gifts');
    await expect(page.getByRole('heading', { level: 1, name: 'Gifts' })).toBeVisible();
    const item = page.getByRole('listitem').filter({ hasText: name });
    await item.getByRole('button', { name: `Record ${gift?.reference} as paid by cash` }).click();
    await expect(page.getByText(new RegExp(`${gift?.reference} is paid: receipt \\d+`))).toBeVisible();
    await expect(item.getByRole('link', { name: /Receipt \d+ \(PDF\)/ })).toBeVisible();
    expect((await giftsOf(name))[0]?.status).toBe('paid');
    await expectNoAxeViolations(page);

    await item.getByRole('button', { name: 'Erase this person' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Asked by phone');
    await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
    // Other journeys' givers may be erased already: this one's name is gone from the list once it is done.
    await expect(item).toHaveCount(0);
    await expect(page.getByText('(erased)').first()).toBeVisible();
    expect(await giftsOf(name)).toEqual([]);
  });
});
