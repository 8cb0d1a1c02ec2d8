import { readFileSync } from 'node:fs';
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

test('an organiser starts the 2026 edition: registration opens with CFR26-0001, and 2025 stays listed and exportable, read-only', async ({
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
    await editions.getByRole('button', { name: 'Start the new edition…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start the 2026 edition?' });
    await expect(dialog).toContainText('references from CFR26-0001');
    await dialog.getByRole('button', { name: 'Start the 2026 edition' }).click();
    await expect(editions.getByRole('status')).toContainText('The 2026 edition is open for registration');
    await expect(editions.getByText(/2025 · CFR25- · \d+ entr/)).toBeVisible();

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
