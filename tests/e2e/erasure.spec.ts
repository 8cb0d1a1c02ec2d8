import type { Page, TestInfo } from '@playwright/test';
import { expectNoAxeViolations, expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { registeredByApi, signInAsAdmin } from './support/fun-run-admin.ts';

/** An entry for Tendai `surname` made through the public API (the form has its own tests). */
const registered = (page: Page, testInfo: TestInfo, surname: string) =>
  registeredByApi(page, testInfo, 'Tendai', surname, { email: `${surname}@example.com`.toLowerCase() });

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

test('an admin erases an entrant from the entry dialog, with a reason; the list shows the entry erased', async ({
  page,
  admin,
}, testInfo) => {
  heldOn('desktop');
  const surname = uniqueName('Erasable');
  const { reference } = await registered(page, testInfo, surname);

  await signInAsAdmin(page, admin, `/Participants?q=${reference}`);
  const row = page.getByRole('row').filter({ hasText: reference });
  await row.getByRole('button', { name: `Tendai ${surname}, open the entry` }).click();
  const entry = page.getByRole('dialog', { name: `Tendai ${surname}` });
  await entry.getByRole('button', { name: 'Erase this person' }).click();

  const confirm = page.getByRole('dialog', { name: `Erase Tendai ${surname} (${reference})?` });
  await expect(confirm).toContainText('Other entries with the same email are not touched');
  await expect(confirm).toContainText('This cannot be undone.');
  await confirm.getByRole('button', { name: 'Erase', exact: true }).click();
  await expect(confirm.getByLabel('Reason')).toHaveAccessibleDescription(/Enter the reason/);
  await confirm.getByLabel('Reason').fill('Asked by phone');
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Erase', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(entry.getByRole('status')).toContainText('This person was erased');
  await entry.getByRole('button', { name: 'Close' }).click();

  await expect(row.getByRole('button', { name: 'Erased, open the entry' })).toBeVisible();
  await expect(row).not.toContainText(surname);
  const [stored] = await query<{ first_name: string; email: string; anonymised_at: Date | null }>(
    'select first_name, email, anonymised_at from registrations where reference = $1',
    [reference],
  );
  expect(stored).toMatchObject({ first_name: '', email: '' });
  expect(stored?.anonymised_at).not.toBeNull();
});

test('an entrant asks from /My; an admin erases it from /ErasureRequests', async ({
  page,
  admin,
}, testInfo) => {
  heldOn('desktop');
  const surname = uniqueName('Asking');
  const { reference, myLink } = await registered(page, testInfo, surname);

  await page.goto(myLink);
  const yourData = page.getByRole('region', { name: 'Your data' });
  await yourData.getByRole('button', { name: 'Ask us to erase my data' }).click();
  const ask = page.getByRole('dialog', { name: 'Ask us to erase your data?' });
  await ask.getByLabel('Reason').fill('I moved away');
  await expectNoAxeViolations(page);
  await ask.getByRole('button', { name: 'Ask to erase my data' }).click();
  await expect(yourData.getByRole('status')).toContainText('You asked us to erase your data on');
  await page.reload();
  await expect(yourData.getByRole('status')).toContainText('The request is waiting for an organiser');
  await expect(yourData.getByRole('button', { name: 'Ask us to erase my data' })).toHaveCount(0);

  await signInAsAdmin(page, admin);
  await page.getByRole('link', { name: /erasure requests? waiting/ }).click();
  await expect(page).toHaveURL(/\/ErasureRequests$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Erasure requests' })).toBeVisible();
  const request = page.getByRole('row').filter({ hasText: reference });
  await expect(request).toContainText('I moved away');
  await expectNoAxeViolationsOnceLoaded(page);

  // What erasing touches: a list in its own cell (a card's labelled line on a phone, a column at a desk).
  await expect(
    request.getByRole('cell').filter({
      has: page
        .getByRole('listitem')
        .filter({ hasText: `${reference} · Tendai ${surname} · email as registered` }),
    }),
  ).toBeVisible();
  await request.getByRole('button', { name: `Erase ${reference}` }).click();
  const confirm = page.getByRole('dialog', { name: `Erase ${reference}?` });
  await expect(confirm).toContainText(`It touches:${reference} · Tendai ${surname}`);
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Erase', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(request).toHaveCount(0);

  const [stored] = await query<{ first_name: string }>(
    'select first_name from registrations where reference = $1',
    [reference],
  );
  expect(stored?.first_name).toBe('');
  await page.goto(myLink);
  await expect(page.getByRole('region', { name: 'Your data' })).toHaveCount(0);
});
