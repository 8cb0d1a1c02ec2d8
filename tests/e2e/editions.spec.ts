import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { publishableSettings } from '../support/test-edition.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { deviceOf } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { entrant, registerInBrowser, signInAsAdmin } from './support/fun-run-admin.ts';
import { fillRegistration } from './support/registration-form.ts';

/**
 * Puts the 2025 edition back as it was for the journeys that run after this one on the same database:
 * the 2026 edition and its entries go, and references carry on after the highest one there is.
 */
async function backTo2025() {
  await query(`delete from registrations where event_id in (select id from events where year = 2026)`);
  await query(`delete from events where year = 2026`);
  await query(`update events set is_current = true, archived_at = null where year = 2025`);
  await query(
    `select setval('registration_number_seq', greatest(n, 1), n > 0)
       from (select coalesce(max(substring(reference from '-(\\d+)$')::bigint), 0) as n from registrations) as numbers`,
  );
}

/** What the draft still lacks, set as the settings page saves it (from its own origin). */
async function completeTheDraft(page: Page) {
  const { settings, races, zwgRate } = publishableSettings(
    await (await page.request.get('/api/admin/event')).json(),
  );
  const headers = { origin: new URL(page.url()).origin };
  expect((await page.request.put('/api/admin/event', { headers, data: settings })).status()).toBe(200);
  expect((await page.request.put('/api/admin/event/races', { headers, data: { races } })).status()).toBe(200);
  expect((await page.request.put('/api/admin/event/zwg-rate', { headers, data: zwgRate })).status()).toBe(
    200,
  );
}

test('an organiser starts the 2026 edition as a draft, publishes it once set up: registration opens with CFR26-0001, and 2025 stays listed and exportable, read-only', async ({
  page,
  admin,
}, testInfo) => {
  // Once is enough (it archives the event the other journeys use), at the width organisers work at.
  test.skip(deviceOf(testInfo) === 'phone', 'An organiser’s job at a desk: checked at 1280 px.');
  test.slow();
  const oldSurname = uniqueName('Edition');
  const oldReference = await registerInBrowser(
    page,
    'run',
    entrant('Rudo', oldSurname, { raceType: '5km', tshirtSize: 'Medium' }),
  );
  try {
    await signInAsAdmin(page, admin, '/EventSettings');
    const editions = page.getByRole('region', { name: 'Editions' });
    await expect(editions.getByLabel('Year')).toHaveValue('2026');
    await expect(editions.getByLabel('Reference prefix')).toHaveValue('CFR26');
    // The prefix follows the year typed.
    await editions.getByLabel('Year').fill('2030');
    await expect(editions.getByLabel('Reference prefix')).toHaveValue('CFR30');
    await editions.getByLabel('Year').fill('2026');
    await expect(editions.getByLabel('Reference prefix')).toHaveValue('CFR26');
    await editions.getByRole('button', { name: 'Start the new edition…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start the 2026 edition?' });
    await expect(dialog).toContainText('references from CFR26-0001');
    await dialog.getByRole('button', { name: 'Start the 2026 edition' }).click();
    await expect(editions.getByRole('status')).toContainText('The 2026 edition is started as a draft');
    await expect(editions.getByText(/2025 · CFR25- · \d+ entr/)).toBeVisible();

    // A draft: the public is told registration opens soon, on a phone.
    const phone = await page
      .context()
      .browser()
      ?.newPage({ viewport: { width: 390, height: 844 } });
    if (!phone) throw new Error('no browser');
    await phone.goto(new URL('/', page.url()).toString());
    await expect(phone.getByText('Registration opens soon')).toBeVisible();
    await expect(phone.getByRole('link', { name: 'Register as Runner' })).toHaveCount(0);
    await expectNoAxeViolations(phone);

    // The dashboard lists what the draft lacks, each a link to its setting; Publish once nothing is missing.
    await page.goto('/WelcomeAdmin');
    const draft = page.getByRole('region', { name: 'The 2026 edition is a draft' });
    await expect(draft.getByRole('link', { name: /The date of the event/ })).toHaveAttribute(
      'href',
      '/EventSettings#day',
    );
    await expect(draft.getByRole('button', { name: 'Publish' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await completeTheDraft(page);
    await page.reload();
    await expect(draft.getByRole('link')).toHaveCount(0);
    await draft.getByRole('button', { name: 'Publish' }).click();
    const publish = page.getByRole('dialog', { name: 'Publish the 2026 edition?' });
    await publish.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('The 2026 edition is published')).toBeVisible();
    await phone.reload();
    await expect(phone.getByRole('link', { name: 'Register as Runner' })).toBeVisible();
    await phone.close();

    const newSurname = uniqueName('Edition');
    const visitor = await page.context().browser()?.newPage();
    if (!visitor) throw new Error('no browser');
    await visitor.goto(new URL('/Register', page.url()).toString());
    await fillRegistration(
      visitor,
      entrant('Tafadzwa', newSurname, { raceType: '10km', tshirtSize: 'Large' }),
    );
    await visitor.getByRole('button', { name: 'Register' }).click();
    await expect(
      visitor.getByRole('region', { name: 'Your registration reference' }).getByText('CFR26-0001'),
    ).toBeVisible();
    await visitor.close();

    await page.goto('/Participants');
    const rows = page.getByRole('row');
    await expect(rows.filter({ hasText: 'CFR26-0001' })).toHaveCount(1);
    await expect(rows.filter({ hasText: oldReference })).toHaveCount(0);

    await page.getByLabel('Edition', { exact: true }).selectOption({ label: '2025 (archived)' });
    await expect(page.getByText(/The 2025 edition was archived on \d\d\/\d\d\/\d\d/)).toBeVisible();
    await page.getByLabel('Search participants').fill(oldSurname);
    const oldRow = rows.filter({ hasText: oldReference });
    await expect(oldRow).toHaveCount(1);
    // The search has been applied (only the header row besides it): axe must not meet the list dimmed for it.
    await expect(rows.filter({ hasNotText: oldReference })).toHaveCount(1);
    await expect(page.getByRole('button', { name: /^Mark paid/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await oldRow.getByRole('button', { name: /open the entry/ }).click();
    const entry = page.getByRole('dialog');
    await expect(entry).toContainText('belongs to an earlier edition, which is archived');
    await expect(entry.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(entry.getByRole('button', { name: 'Cancel entry' })).toHaveCount(0);
    await entry.getByRole('button', { name: 'Close' }).click();

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    expect(csv).toContain(oldReference);
    expect(csv).not.toContain('CFR26-0001');
  } finally {
    await backTo2025();
  }
});
