import type { Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import {
  entrant,
  fillMotherAndSon,
  raceWithFees,
  registerInBrowser,
  signInAsAdmin,
} from './support/fun-run-admin.ts';

// Issue 42 §1: ZWG fees at the official rate. Each test changes the edition's ZWG settings, shared by every
// journey: it puts them back as it found them.

const SETTINGS = 'zwg_follows_rate, zwg_rate, zwg_rate_date, zwg_rate_kind, zwg_round_to, quote_honour_days';

async function keepingZwgSettings(body: () => Promise<void>) {
  const [before] = await query<Record<string, unknown>>(
    `select ${SETTINGS}, published_at from events where is_current`,
  );
  try {
    await body();
  } finally {
    await query(
      `update events set zwg_follows_rate = $1, zwg_rate = $2, zwg_rate_date = $3, zwg_rate_kind = $4,
        zwg_round_to = $5, quote_honour_days = $6, published_at = $7 where is_current`,
      [
        before?.zwg_follows_rate,
        before?.zwg_rate,
        before?.zwg_rate_date,
        before?.zwg_rate_kind,
        before?.zwg_round_to,
        before?.quote_honour_days,
        before?.published_at,
      ],
    );
  }
}

/** A day (YYYY-MM-DD, Harare) `days` before today, and as "dd/mm/yy". */
function dayBefore(days: number) {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Harare' }).format(
    new Date(Date.now() - days * 86_400_000),
  );
  return { iso, short: `${iso.slice(8)}/${iso.slice(5, 7)}/${iso.slice(2, 4)}` };
}

test.describe('the admin', () => {
  heldOn('desktop');

  test('types the official rate, sees what entrants are asked, and cannot publish with a stale rate', async ({
    page,
    admin,
  }) => {
    test.slow();
    await keepingZwgSettings(async () => {
      const label = await raceWithFees('Zig', '10.00', '300.00');
      await signInAsAdmin(page, admin, '/EventSettings#zwg-rate');
      const section = page.getByRole('region', { name: 'ZWG fees and the official rate' });
      await section.getByLabel('ZWG fees follow the USD fee at the official rate').uncheck();
      await section.getByLabel(/^Official rate: ZWG per US\$1/).fill('24.3');
      await section.getByLabel('Date of the rate').fill(dayBefore(1).iso);
      await section.getByLabel('Which rate').selectOption('selling');
      await section.getByRole('button', { name: 'Save ZWG rate' }).click();
      await expect(section.getByRole('status').first()).toContainText('fixed ZWG fees');
      // A fixed fee above USD × rate is pointed out.
      await expect(section.getByText(`Runner ${label}: ZWG 300.00, more than ZWG 243.00`)).toBeVisible();
      await expect(section.getByLabel(/interbank selling rate/)).toBeVisible();

      await section.getByLabel('ZWG fees follow the USD fee at the official rate').check();
      await section.getByLabel('Round ZWG fees down to').selectOption('5');
      await section.getByRole('button', { name: 'Save ZWG rate' }).click();
      await expect(section.getByText('Saved. Entrants are asked the ZWG fees at this rate')).toBeVisible();
      await expect(section.getByText(`Runner ${label}: US$10.00 · ZWG 240.00`)).toBeVisible();
      await expectNoAxeViolations(page);

      // A stale rate: the draft's checklist asks for a new one, and the warning says how old it is.
      await query(
        `update events set published_at = null, zwg_rate_date = $1, zwg_round_to = 1 where is_current`,
        [dayBefore(9).iso],
      );
      await page.goto('/WelcomeAdmin');
      const draft = page.getByRole('region', { name: /edition is a draft/ });
      await expect(
        draft.getByRole('link', { name: 'The official ZWG rate, dated within 7 days' }),
      ).toBeVisible();
      await expectNoAxeViolationsOnceLoaded(page);
      await page.goto('/EventSettings#zwg-rate');
      await expect(section.getByText(/The rate is 9 days old/)).toBeVisible();
    });
  });
});

test.describe('an entrant', () => {
  heldOn('phone');

  /** ZWG fees following a rate of 24.30 dated yesterday, for a race of US$10. */
  async function followingTheRate() {
    await query(
      `update events set zwg_follows_rate = true, zwg_rate = 24.3, zwg_rate_date = $1, zwg_round_to = 1,
        quote_honour_days = 14 where is_current`,
      [dayBefore(1).iso],
    );
    return raceWithFees('Zig', '10.00');
  }

  const quoteOf = () => `ZWG 243 (at the official rate of 24.30 on ${dayBefore(1).short})`;

  async function openMyPage(page: Page) {
    await page.getByRole('link', { name: 'your registration page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My registration' })).toBeVisible();
    return page.getByRole('region', { name: 'Your registration reference' });
  }

  test('is quoted the ZWG fee at the official rate on /Thankyou and /My, held while the rate moves', async ({
    page,
  }) => {
    await keepingZwgSettings(async () => {
      const label = await followingTheRate();
      await page.goto('/Register');
      await expect(
        page.getByLabel('Race type').getByRole('option', { name: `${label} — US$10.00 / ZWG 243.00` }),
      ).toBeAttached();
      const reference = await registerInBrowser(
        page,
        'run',
        entrant('Chipo', uniqueName('Zig'), { raceType: label, tshirtSize: 'Medium' }),
      );
      const receipt = page.getByRole('region', { name: 'Your registration reference' });
      await expect(receipt.getByText(`Total due: US$10.00 or ${quoteOf()}`)).toBeVisible();
      await expectNoAxeViolations(page);

      // The rate moves: the entry keeps its quote.
      await query(`update events set zwg_rate = 30, zwg_rate_date = $1 where is_current`, [dayBefore(0).iso]);
      const entry = await openMyPage(page);
      await expect(entry.getByText(reference, { exact: true })).toBeVisible();
      await expect(entry.getByText(`Total due: US$10.00 or ${quoteOf()}`)).toBeVisible();
      await expect(entry.getByText(/Your ZWG amount is held until \d\d\/\d\d\/\d\d/)).toBeVisible();
      await expectNoAxeViolationsOnceLoaded(page);

      // Fifteen days on, the quote has lapsed: the amount at today's rate, and why.
      await query(`update registrations set quoted_at = now() - interval '15 days' where reference = $1`, [
        reference,
      ]);
      await page.reload();
      await expect(
        entry.getByText(/Total due: US\$10\.00 or ZWG 300 \(at the official rate of 30\.00/),
      ).toBeVisible();
      await expect(entry.getByText(`You were quoted ${quoteOf()}`)).toBeVisible();
      await expectNoAxeViolationsOnceLoaded(page);
    });
  });

  test('sees the rate beside the ZWG total of a group', async ({ page }) => {
    await keepingZwgSettings(async () => {
      const label = await followingTheRate();
      const lastName = uniqueName('Zig');
      await fillMotherAndSon(page, lastName, label);
      await page.getByRole('button', { name: 'Register', exact: true }).click();

      const card = page.getByRole('region', { name: 'Your group reference' });
      await expect(
        card.getByText(
          `Total due: US$20.00 or ZWG 486 (at the official rate of 24.30 on ${dayBefore(1).short})`,
        ),
      ).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
});
