import { execFileSync } from 'node:child_process';
import { expectNoAxeViolations } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { raceWithFees, registeredByApi, signInAsAdmin } from './support/fun-run-admin.ts';
import { waitForMail } from './support/mail.ts';

heldOn('desktop');

test('an admin marks an entry paid: the entrant is mailed a receipt, and the admin downloads it as a PDF', async ({
  page,
  admin,
}, testInfo) => {
  test.slow();
  const race = await raceWithFees('Rcpt', '15');
  const surname = uniqueName('Receipt');
  const entry = await registeredByApi(page, testInfo, 'Tendai', surname, { raceType: race });
  await signInAsAdmin(page, admin, `/Participants?q=${surname}`);

  await page.getByRole('button', { name: `Mark paid: ${entry.reference}` }).click();
  const markDialog = page.getByRole('dialog', { name: `Mark Tendai ${surname} paid` });
  await markDialog.getByLabel('Method').selectOption('cash');
  await markDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(markDialog).toBeHidden();

  const mail = await waitForMail(entry.email, /receipt \d+ for /);
  const number = /Receipt number: (\d+)/.exec(mail.text)?.[1];
  expect(number).toBeTruthy();
  expect(mail.text).toContain(`Your reference: ${entry.reference}`);
  expect(mail.text).toContain('Amount: USD 15.00');
  expect(mail.text).toContain('Paid by: Cash');

  await page.getByRole('button', { name: `Tendai ${surname}, open the entry` }).click();
  const dialog = page.getByRole('dialog', { name: `Tendai ${surname}` });
  const link = dialog.getByRole('link', { name: 'Download receipt (PDF)' });
  await expect(link).toBeVisible();
  await expect(dialog.getByText(`Receipt ${number} · USD 15.00 · Cash`)).toBeVisible();
  await expectNoAxeViolations(page);

  const download = page.waitForEvent('download');
  await link.click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe(`Receipt_${number}_${entry.reference}.pdf`);
  const text = execFileSync('pdftotext', ['-layout', (await pdf.path()) as string, '-'], {
    encoding: 'utf8',
  });
  expect(text).toMatch(new RegExp(`Receipt number\\s+${number}\\b`));
  expect(text).toMatch(new RegExp(`Reference\\s+${entry.reference}`));
  expect(text).toMatch(/Amount\s+USD 15\.00/);
  expect(text).toMatch(/Paid by\s+Cash/);
});

test('an admin sends payment reminders to the filtered list, after seeing how many will go', async ({
  page,
  admin,
}, testInfo) => {
  test.slow();
  const race = await raceWithFees('Rcpt', '20');
  const surname = uniqueName('Remind');
  const unpaid = [
    await registeredByApi(page, testInfo, 'Rudo', surname, { raceType: race }),
    await registeredByApi(page, testInfo, 'Farai', surname, { raceType: race }),
  ];
  const paid = await registeredByApi(page, testInfo, 'Chipo', surname, { raceType: race });
  await query(`update registrations set payment_status = 'paid' where reference = $1`, [paid.reference]);
  await signInAsAdmin(page, admin, `/Participants?q=${surname}`);

  await page.getByRole('button', { name: 'Send payment reminders' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send payment reminders' });
  await expect(dialog.getByText('Send a reminder to 2 unpaid entries?')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Send 2 reminders' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'payment reminders' })).toHaveText(
    '2 payment reminders were sent.',
  );
  for (const entry of unpaid) {
    const mail = await waitForMail(entry.email, /is not paid yet/);
    expect(mail.text).toContain(`Your reference: ${entry.reference}`);
    expect(mail.text).toContain('Total due: US$20.00');
    expect(mail.text).toContain(`How to pay (always quote your reference ${entry.reference}):`);
  }

  // Asked again at once: both had one within three days.
  await page.getByRole('button', { name: 'Send payment reminders' }).click();
  await expect(dialog.getByText('No unpaid entry in this list needs a reminder now.')).toBeVisible();
  await expect(
    dialog.getByText('2 entries were reminded in the last three days and are left out.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('an admin sets when unpaid entries are reminded, in the event settings', async ({ page, admin }) => {
  await signInAsAdmin(page, admin, '/EventSettings');
  const section = page.getByRole('region', { name: 'Payment reminders' });
  const after = section.getByLabel('Remind unpaid entries N days after registering');
  const beforeClose = section.getByLabel('Remind unpaid entries N days before registration closes');
  await expect(after).toHaveValue('3');
  await expect(beforeClose).toHaveValue('2');
  await after.fill('61');
  await section.getByRole('button', { name: 'Save reminder days' }).click();
  await expect(section.getByText('Days after registering must be between 0 and 60')).toBeVisible();
  await after.fill('5');
  await beforeClose.fill('0');
  await section.getByRole('button', { name: 'Save reminder days' }).click();
  await expect(section.getByRole('status')).toContainText('The reminder days were saved.');
  expect(
    await query('select reminder_days_after, reminder_days_before_close from events where is_current'),
  ).toEqual([{ reminder_days_after: 5, reminder_days_before_close: 0 }]);
  await page.reload();
  await expect(after).toHaveValue('5');
  await expect(beforeClose).toHaveValue('0');
  // As it was, for the other tests.
  await query('update events set reminder_days_after = 3, reminder_days_before_close = 2 where is_current');
});
