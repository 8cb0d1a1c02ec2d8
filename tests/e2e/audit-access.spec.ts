import { readFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { registeredByApi, signInAsAdmin } from './support/fun-run-admin.ts';
import { facilitatorAccount, signedInParticipant, signIn } from './support/progress.ts';

heldOn('desktop');

/** The file a click on `link` downloads, with its suggested name and its JSON. */
async function downloadedJson(page: Page, testInfo: TestInfo, click: () => Promise<void>) {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  const saved = testInfo.outputPath(file.suggestedFilename());
  await file.saveAs(saved);
  return { name: file.suggestedFilename(), data: JSON.parse(readFileSync(saved, 'utf8')) };
}

test('a CSV export of the participants appears in the audit log with its filter, without the search words', async ({
  page,
  admin,
}, testInfo) => {
  const surname = uniqueName('Audited');
  await registeredByApi(page, testInfo, 'Tatenda', surname);
  await signInAsAdmin(page, admin, `/Participants?q=${surname}`);
  await expect(page.getByRole('row').filter({ hasText: surname })).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  await download;

  await page.goto('/WelcomeAdmin');
  await page.getByRole('link', { name: /Audit log/ }).click();
  await expect(page).toHaveURL(/\/AuditLog$/);
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await page.getByLabel('What').selectOption({ label: 'Participants exported as CSV' });
  // The newest of this admin's exports: the trail says a search was made, never whom it looked for.
  const row = page.getByRole('row').filter({ hasText: admin.email }).first();
  await expect(row).toContainText('q=(search words not kept)');
  await expect(row).not.toContainText(surname);
  await expect(row).toContainText('Rudo Admin');
  await expect(row).toContainText('participants.export-csv');
  await expect(row.getByRole('cell').last()).toHaveText(/1$/);
  // Only CSV exports are shown: the list read before it is not.
  await expect(page.getByRole('row').filter({ hasText: 'participants.list' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByLabel('Who').fill('nobody by this name');
  await expect(page.getByText('Nothing recorded matches these filters.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an admin downloads everything held about an entrant from the entry dialog', async ({
  page,
  admin,
}, testInfo) => {
  const surname = uniqueName('Asked');
  const { reference } = await registeredByApi(page, testInfo, 'Rutendo', surname);
  await signInAsAdmin(page, admin, `/Participants?q=${surname}`);
  await page.getByRole('button', { name: `Rutendo ${surname}, open the entry` }).click();
  const dialog = page.getByRole('dialog', { name: `Rutendo ${surname}` });
  await expect(
    dialog.getByRole('heading', { name: 'Download everything we hold about this person' }),
  ).toBeVisible();

  const { name, data } = await downloadedJson(page, testInfo, () =>
    dialog
      .getByRole('link', { name: 'Download everything we hold about this person as a JSON file' })
      .click(),
  );
  expect(name).toBe(`celebration-data-${reference}.json`);
  expect(data.about).toEqual({ kind: 'registration', reference });
  expect(data.entries).toEqual([
    expect.objectContaining({ reference, firstName: 'Rutendo', lastName: surname, privateLinks: 1 }),
  ]);

  const pdf = page.waitForEvent('download');
  await dialog
    .getByRole('link', { name: 'Download everything we hold about this person as a PDF summary' })
    .click();
  expect((await pdf).suggestedFilename()).toBe(`celebration-data-${reference}.pdf`);

  await page.goto('/AuditLog');
  await page.getByLabel('What').selectOption({ label: 'Data downloaded about a person' });
  await expect(page.getByRole('row').filter({ hasText: `registration ${reference}` })).toHaveCount(2);
});

test('a participant downloads his own data from his profile', async ({ page, request }, testInfo) => {
  const account = await signedInParticipant(page, request, 'Farai', testInfo);
  await page.goto('/Profile');
  await expect(page.getByRole('heading', { name: 'Download my data' })).toBeVisible();
  const { name, data } = await downloadedJson(page, testInfo, () =>
    page.getByRole('link', { name: 'Download my data as a JSON file' }).click(),
  );
  expect(name).toMatch(/^celebration-data-account-[\w-]{8}\.json$/);
  expect(data.accounts).toEqual([expect.objectContaining({ email: account.email })]);
  expect(data.programme.men).toEqual([expect.objectContaining({ email: account.email })]);
  expect(JSON.stringify(data)).not.toMatch(/password/i);
  await expectNoAxeViolations(page);
});

test('a facilitator downloads his own data and asks for erasure from his home page', async ({
  page,
  request,
}, testInfo) => {
  const facilitator = await facilitatorAccount(request, 'Tinashe', testInfo);
  await signIn(page, facilitator);
  await expect(page).toHaveURL(/\/WelcomeFacilitator$/);
  const { data } = await downloadedJson(page, testInfo, () =>
    page.getByRole('link', { name: 'Download my data as a JSON file' }).click(),
  );
  expect(data.accounts).toEqual([expect.objectContaining({ email: facilitator.email })]);
  expect(data.programme.facilitators).toEqual([expect.objectContaining({ email: facilitator.email })]);

  const yourData = page.getByRole('region', { name: 'Your data' });
  await expect(yourData).toContainText('your facilitator record');
  await yourData.getByRole('button', { name: 'Ask us to erase my data' }).click();
  const ask = page.getByRole('dialog', { name: 'Ask us to erase your data?' });
  await expectNoAxeViolations(page);
  await ask.getByRole('button', { name: 'Ask to erase my data' }).click();
  await expect(yourData.getByRole('status')).toContainText('You asked us to erase your data on');
  await expectNoAxeViolations(page);
});
