import { expectNoAxeViolations } from './support/axe.ts';
import { uniqueName } from './support/database.ts';
import { deviceOf, heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { addingRunnerRace, entrant, registerInBrowser, signInAsAdmin } from './support/fun-run-admin.ts';

heldOn('desktop');

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('an admin sets a race’s bib range, assigns its bibs in surname order, and sets and clears one by hand', async ({
  page,
  admin,
}, testInfo) => {
  test.slow();
  // Each project its own race and range: both run on one database, and ranges of an event never overlap.
  const label = uniqueName('Bibs').slice(0, 20);
  const from = (deviceOf(testInfo) === 'phone' ? 61001 : 62001) + testInfo.retry * 100;
  const surname = uniqueName('Bibby');

  const { races, added } = await addingRunnerRace(page, admin);
  await added.getByLabel('Name').fill(label);
  await added.getByLabel('Bibs from').fill(String(from + 2));
  await added.getByLabel('Bibs to').fill(String(from));
  await races.getByRole('button', { name: 'Save races' }).click();
  await expect(added.getByText('The last bib must not be below the first')).toBeVisible();
  await expectNoAxeViolations(page);
  await added.getByLabel('Bibs from').fill(String(from));
  await added.getByLabel('Bibs to').fill(String(from + 2));
  await races.getByRole('button', { name: 'Save races' }).click();
  await expect(races.getByRole('status')).toContainText('The races were saved.');

  // Registered Zulu first, Banda second, as visitors: surname order numbers Banda first.
  await page.context().clearCookies();
  const zulu = await registerInBrowser(
    page,
    'run',
    entrant('Anesu', `Zulu${surname}`, { raceType: label, tshirtSize: 'Medium' }),
  );
  const banda = await registerInBrowser(
    page,
    'run',
    entrant('Tariro', `Banda${surname}`, { raceType: label, tshirtSize: 'Small' }),
  );

  await signInAsAdmin(page, admin, '/Participants');
  const toggle = page.getByRole('button', { name: 'Bib numbers' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('region', { name: 'Bib numbers' });
  await expect(panel.getByText(`Bibs ${from}–${from + 2} · 3 free · 2 entries without a bib`)).toBeVisible();
  await expectNoAxeViolations(page);

  await panel.getByRole('button', { name: `Assign bibs: Runners ${label}` }).click();
  const dialog = page.getByRole('dialog', { name: `Assign bibs: Runners ${label}` });
  await expect(dialog.getByRole('radio', { name: 'Surname order (A to Z)' })).toBeChecked();
  await expect(dialog).toContainText(
    `2 entries without a bib will get the lowest free numbers of ${from}–${from + 2} (3 free).`,
  );
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Assign 2 bibs' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('status')).toHaveText(
    `2 entries of Runners ${label} got a bib, numbers ${from} to ${from + 1}.`,
  );
  await expect(panel.getByText(`Bibs ${from}–${from + 2} · 1 free · every entry has a bib`)).toBeVisible();
  await expect(panel.getByRole('button', { name: `Assign bibs: Runners ${label}` })).toHaveCount(0);

  await page.getByLabel('Search participants').fill(surname);
  await expect(page).toHaveURL(new RegExp(`q=${surname}`));
  const rows = page.getByRole('row').filter({ hasText: surname });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: banda })).toContainText(String(from));
  await expect(rows.filter({ hasText: zulu })).toContainText(String(from + 1));

  // By hand: a number taken, one outside the range, then a free one, then cleared.
  await rows.getByRole('button', { name: `Anesu Zulu${surname}, open the entry` }).click();
  const entry = page.getByRole('dialog', { name: `Anesu Zulu${surname}` });
  const bib = entry.getByRole('region', { name: 'Bib', exact: true });
  await expect(bib).toContainText(`Bib ${from + 1}.`);
  const field = bib.getByLabel('Bib number');
  await field.fill(String(from));
  await bib.getByRole('button', { name: 'Save bib' }).click();
  await expect(bib.getByText(`Bib ${from} is already taken in this event.`)).toBeVisible();
  await field.fill('5');
  await bib.getByRole('button', { name: 'Save bib' }).click();
  await expect(
    bib.getByText(`Bib 5 is not one of the ${label} race's numbers (${from}–${from + 2}).`),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await field.fill(String(from + 2));
  await field.press('Enter');
  await expect(entry.getByRole('status').filter({ hasText: `Bib ${from + 2} saved.` })).toBeVisible();
  await expect(bib).toContainText(`Bib ${from + 2}.`);
  await bib.getByLabel('Bib number').fill('');
  await bib.getByLabel('Bib number').press('Enter');
  await expect(entry.getByRole('status').filter({ hasText: 'The bib was cleared.' })).toBeVisible();
  await expect(bib).toContainText('No bib yet.');
  await expect(entry.getByText(`Bib ${from + 2} cleared`)).toBeVisible();
});
