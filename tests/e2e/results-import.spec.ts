import { expectNoAxeViolations, expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { raceWithFees, runnersRegistered, signInAsAdmin } from './support/fun-run-admin.ts';

heldOn('desktop');

test('the timer’s file: choose it, map its columns, fix what the check lists, import, correct a time', async ({
  page,
  admin,
}, testInfo) => {
  test.slow();
  const race = await raceWithFees('Res', '10');
  const surname = uniqueName('Timer');
  const references = await runnersRegistered(page, testInfo, race, surname, ['Tendai', 'Rudo', 'Farai']);
  // Bibs of this run's own, far from the admin's usual numbers.
  const base = 60_000 + (Date.now() % 30_000);
  const bibs = [base, base + 1, base + 2];
  for (const [index, reference] of references.entries())
    await query('update registrations set bib = $1 where reference = $2', [bibs[index], reference]);
  const file = (rows: string[]) => ({
    name: `results-${surname}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(['Pos,Bib No,Runner,Chip Time', ...rows].join('\n')),
  });

  await signInAsAdmin(page, admin, '/WelcomeAdmin');
  await page.getByRole('link', { name: 'Results' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Results' })).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(page);

  await page.getByRole('button', { name: 'Next: choose columns' }).click();
  await expect(page.getByText('Choose the timer’s file')).toBeVisible();
  await page
    .getByLabel('Results file (CSV or Excel)')
    .setInputFiles(file([`1,${bibs[1]},Rudo,41:07`, `2,${bibs[0]},Tendai,52:75`, `3,9${base},Nobody,55:00`]));
  await page.getByRole('button', { name: 'Next: choose columns' }).click();
  await expect(page.getByRole('heading', { name: '2. Columns' })).toBeVisible();
  // Guessed from the headings; a column left unchosen is asked for.
  await expect(page.getByRole('combobox', { name: 'Bib' })).toHaveValue('Bib No');
  await expect(page.getByRole('combobox', { name: /^Place/ })).toHaveValue('Pos');
  await page.getByRole('combobox', { name: 'Time' }).selectOption({ label: 'Choose a column' });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText('Choose the column of times')).toBeVisible();
  await page.getByRole('combobox', { name: 'Time' }).selectOption('Chip Time');
  await page.getByRole('button', { name: 'Check the file' }).click();

  const fixes = page.getByRole('table').filter({ hasText: 'What to fix' });
  await expect(fixes).toContainText('“52:75” is not a possible time');
  await expect(fixes).toContainText(`No entry has bib 9${base}`);
  await expectNoAxeViolations(page);

  // The corrected file, chosen again.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page
    .getByLabel('Results file (CSV or Excel)')
    .setInputFiles(file([`1,${bibs[1]},Rudo,41:07`, `2,${bibs[0]},Tendai,52:14`, `,${bibs[2]},Farai,`]));
  await page.getByRole('button', { name: 'Next: choose columns' }).click();
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(fixes).toContainText('No time');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page
    .getByLabel('Results file (CSV or Excel)')
    .setInputFiles(file([`1,${bibs[1]},Rudo,41:07`, `2,${bibs[0]},Tendai,52:14`]));
  await page.getByRole('button', { name: 'Next: choose columns' }).click();
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText('All 2 rows are ready.')).toBeVisible();
  await page.getByRole('button', { name: 'Import 2 results' }).click();
  await expect(page.getByText('Results imported: 2 new or changed.')).toBeVisible();

  const raceResults = page.getByRole('region', { name: new RegExp(`^Runner ${race}: 2 finishers`) });
  await expect(raceResults.getByRole('row')).toHaveText([
    /Place\s*Bib\s*Name\s*Time/,
    new RegExp(`1\\s*${bibs[1]}\\s*Rudo ${surname}\\s*41:07`),
    new RegExp(`2\\s*${bibs[0]}\\s*Tendai ${surname}\\s*52:14`),
  ]);
  await expectNoAxeViolations(page);

  await raceResults.getByRole('button', { name: `Correct the result of bib ${bibs[0]}` }).click();
  const dialog = page.getByRole('dialog', { name: `Correct bib ${bibs[0]}` });
  await dialog.getByRole('textbox', { name: 'Time' }).fill('40:75');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter the time as h:mm:ss, mm:ss or seconds')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Time' }).fill('40:59');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(raceResults.getByRole('row').nth(1)).toContainText(`1${bibs[0]}Tendai ${surname}40:59`);
  await page.screenshot({ path: testInfo.outputPath('results-1280.png'), fullPage: true });

  // Publishing asks first (publishing itself is tested through the API: it changes the whole edition, which
  // other journeys may have published meanwhile).
  const publishing = page.getByRole('button', { name: 'Publish results' });
  if (await publishing.isVisible()) {
    await publishing.click();
    const asked = page.getByRole('dialog', { name: 'Publish the results?' });
    await expect(asked).toContainText('finishers are told their time');
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await expect(asked).toBeHidden();
  }
});
