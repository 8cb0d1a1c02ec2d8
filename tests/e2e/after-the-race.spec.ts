import type { Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { registeredByApi, signInAsAdmin } from './support/fun-run-admin.ts';

const PHOTOS = 'https://photos.example.org/celebration-fun-run';
const NOTED = 'Thank you: we will email you once when next year’s fun run opens for registration.';
const CONSENT = /Email me once when next year’s fun run opens for registration/;

/**
 * Runs `journey` with the event's day yesterday (Harare) and these photos, and puts both back after, even when
 * it failed half-way: the other journeys of this worker use the same event.
 */
async function afterTheRace(journey: () => Promise<void>, photosUrl: string | null = PHOTOS) {
  const [before] = await query<{ day: string | null; photos: string | null }>(
    `select to_char(event_date, 'YYYY-MM-DD') as day, photos_url as photos from events where is_current`,
  );
  try {
    await query(
      `update events set event_date = (now() at time zone 'Africa/Harare')::date - 1, photos_url = $1
        where is_current`,
      [photosUrl],
    );
    await journey();
  } finally {
    await query('update events set event_date = $1, photos_url = $2 where is_current', [
      before?.day ?? null,
      before?.photos ?? null,
    ]);
  }
}

const signupsOf = (email: string) =>
  query<{ email: string }>('select email from next_edition_signups where email = $1', [email]);

/** The landing after the race, as a phone shows it: thanks, the photos, results to come, and the form. */
async function expectAfterTheRaceLanding(page: Page) {
  await page.goto('/');
  await expect(page.getByText('Thank you for taking part!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See the photos' })).toHaveAttribute('href', PHOTOS);
  // Results to come, or their link once another journey on this database has published some.
  await expect(page.getByRole('region', { name: 'Results' })).toContainText(
    /published here once|See the results/,
  );
  await expect(page.getByRole('link', { name: 'Register as Runner' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'How to pay' })).toHaveCount(0);
  return page.getByRole('region', { name: 'Tell me about next year' });
}

test.describe('an entrant on a phone after the race', () => {
  heldOn('phone');

  test('the landing thanks everyone, links the photos, and notes "Tell me about next year"', async ({
    page,
  }) => {
    await afterTheRace(async () => {
      const nextYear = await expectAfterTheRaceLanding(page);
      await expectNoAxeViolationsOnceLoaded(page);

      const email = `${uniqueName('next')}@example.com`;
      await nextYear.getByLabel('Email', { exact: true }).fill(email);
      await nextYear.getByRole('button', { name: 'Tell me about next year' }).click();
      await expect(nextYear.getByLabel(CONSENT)).toHaveAccessibleDescription(
        'Tick the box to agree to this one email',
      );
      await expect(nextYear.getByLabel('Email', { exact: true })).toHaveValue(email);
      await expectNoAxeViolations(page);
      expect(await signupsOf(email)).toEqual([]);

      await nextYear.getByLabel(CONSENT).check();
      await nextYear.getByRole('button', { name: 'Tell me about next year' }).click();
      await expect(nextYear.getByRole('status')).toHaveText(NOTED);
      await expect(nextYear.getByLabel('Email', { exact: true })).toHaveValue('');
      expect(await signupsOf(email)).toEqual([{ email }]);
      await expectNoAxeViolations(page);
    });
  });

  test('its private page shows the entry, read-only, and says why', async ({ page }, testInfo) => {
    const { reference, myLink } = await registeredByApi(page, testInfo, 'Chipo', uniqueName('Ndlovu'));
    await afterTheRace(async () => {
      await page.goto(myLink);
      await expect(page.getByRole('heading', { level: 1, name: 'My registration' })).toBeVisible();
      const entry = page.getByRole('region', { name: 'Your registration reference' });
      await expect(entry.getByText(reference, { exact: true })).toBeVisible();
      await expect(
        page.getByText('The fun run is over, so this entry can no longer be changed or cancelled'),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Change my entry' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Cancel my entry' })).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'How to pay' })).toHaveCount(0);
      await expectNoAxeViolationsOnceLoaded(page);
    });
  });
});

test.describe('an entrant on a phone without JavaScript after the race', () => {
  heldOn('phone');
  test.use({ javaScriptEnabled: false });

  test('"Tell me about next year" posts and answers the landing, keeping what was typed', async ({
    page,
  }) => {
    await afterTheRace(async () => {
      const nextYear = await expectAfterTheRaceLanding(page);
      const email = `${uniqueName('nojs')}@example.com`;
      await nextYear.getByLabel('Email', { exact: true }).fill(email);
      await nextYear.getByRole('button', { name: 'Tell me about next year' }).click();
      await expect(page.getByText('Tick the box to agree to this one email')).toBeVisible();
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
      expect(await signupsOf(email)).toEqual([]);

      await page.getByLabel(CONSENT).check();
      await page.getByRole('button', { name: 'Tell me about next year' }).click();
      await expect(page.getByText(NOTED)).toBeVisible();
      await expect(page.getByText('Thank you for taking part!')).toBeVisible();
      expect(await signupsOf(email)).toEqual([{ email }]);
    });
  });

  test('the private page is readable and says changes are over', async ({ page }, testInfo) => {
    const { reference, myLink } = await registeredByApi(page, testInfo, 'Tariro', uniqueName('Banda'));
    await afterTheRace(async () => {
      await page.goto(myLink);
      await expect(page.getByText(reference, { exact: true })).toBeVisible();
      await expect(
        page.getByText('The fun run is over, so this entry can no longer be changed'),
      ).toBeVisible();
      await expect(page.getByText('Changing or cancelling your entry needs JavaScript')).toHaveCount(0);
    });
  });
});

test.describe('an organiser at a desk', () => {
  heldOn('desktop');

  test('sets the photos link, checked to be a web address, and the landing links it after the race', async ({
    page,
    admin,
  }) => {
    await afterTheRace(async () => {
      await signInAsAdmin(page, admin, '/EventSettings');
      const day = page.getByRole('region', { name: 'Date and venue' });
      const photos = day.getByLabel('Photos link');
      await photos.fill('javascript:alert(1)');
      await day.getByRole('button', { name: 'Save date and venue' }).click();
      await expect(photos).toHaveAttribute('aria-invalid', 'true');
      await expect(photos).toHaveAccessibleDescription(/starting with https:\/\//);
      await expectNoAxeViolations(page);

      await photos.fill(PHOTOS);
      await day.getByRole('button', { name: 'Save date and venue' }).click();
      await expect(day.getByRole('status')).toHaveText(/were saved/);
      expect(await query('select photos_url from events where is_current')).toEqual([{ photos_url: PHOTOS }]);

      await page.goto('/');
      await expect(page.getByRole('link', { name: 'See the photos' })).toHaveAttribute('href', PHOTOS);
      await expectNoAxeViolationsOnceLoaded(page);
    }, null);
  });
});
