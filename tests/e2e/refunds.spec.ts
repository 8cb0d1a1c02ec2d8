import { execFileSync } from 'node:child_process';
import { expectNoAxeViolations } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { raceWithFees, registeredByApi, signInAsAdmin } from './support/fun-run-admin.ts';

heldOn('desktop');

test('an admin records a refund of a cancelled paid entry from its dialog, and downloads the credit note', async ({
  page,
  admin,
}, testInfo) => {
  test.slow();
  const race = await raceWithFees('Rfnd', '15');
  const surname = uniqueName('Refund');
  const entry = await registeredByApi(page, testInfo, 'Rudo', surname, { raceType: race });
  await query(
    `update registrations set payment_status = 'paid', payment_method = 'cash', payment_amount = 15,
       payment_currency = 'USD', paid_on = '2026-11-20' where reference = $1`,
    [entry.reference],
  );
  await signInAsAdmin(page, admin, `/Participants?q=${surname}`);
  await page.getByRole('button', { name: `Rudo ${surname}, open the entry` }).click();
  const dialog = page.getByRole('dialog', { name: `Rudo ${surname}` });
  const section = dialog.getByRole('region', { name: 'Refunds and credits' });
  await expect(section.getByText('No refunds or credits recorded.')).toBeVisible();
  // The entrant asked to cancel: the organisers cancel the entry, then give the money back.
  await dialog.getByRole('button', { name: 'Cancel entry' }).click();
  const confirm = page.getByRole('dialog', { name: `Cancel the entry of Rudo ${surname}?` });
  await confirm.getByRole('button', { name: 'Cancel entry' }).click();
  await expect(confirm).toBeHidden();
  await expect(section.getByText('This entry was cancelled with USD 15.00 received')).toBeVisible();
  await expect(section.getByText('No refunds or credits recorded.')).toBeVisible();

  await section.getByRole('button', { name: 'Record a refund or credit' }).click();
  await expect(section.getByLabel('Amount')).toHaveValue('15.00');
  await section.getByRole('button', { name: 'Record the refund' }).click();
  await expect(section.getByLabel('Given back by')).toBeFocused();
  await expect(section.getByText('Choose how the money went back')).toBeVisible();
  await expectNoAxeViolations(page);

  await section.getByLabel('Given back by').selectOption('mobile_money');
  await section.getByLabel('Amount').fill('10');
  await section.getByLabel('Date refunded').fill('2026-11-25');
  await section.getByLabel('Reference').fill('MP251125.1234');
  await section.getByRole('button', { name: 'Record the refund' }).click();

  await expect(dialog.getByRole('status').filter({ hasText: 'Refund of USD 10.00 recorded.' })).toBeVisible();
  await expect(
    section.getByText(
      /Refunded USD 10\.00 · by Mobile money · on 25\/11\/26 · reference MP251125\.1234 · recorded by/,
    ),
  ).toBeVisible();
  await expect(
    dialog.getByText(
      /Refunded USD 10\.00 by Mobile money on 25\/11\/26, reference MP251125\.1234 — credit note \d+/,
    ),
  ).toBeVisible();
  await expect(section.getByText('This entry was cancelled with USD 5.00 received')).toBeVisible();
  await expectNoAxeViolations(page);

  const link = section.getByRole('link', { name: /Credit note \d+ \(PDF\)/ });
  const number = /Credit note (\d+)/.exec((await link.textContent()) ?? '')?.[1];
  const download = page.waitForEvent('download');
  await link.click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe(`credit-note-${entry.reference}-${number}.pdf`);
  const text = execFileSync('pdftotext', ['-layout', (await pdf.path()) as string, '-'], {
    encoding: 'utf8',
  });
  expect(text).toMatch(new RegExp(`Credit note number\\s+${number}\\b`));
  expect(text).toMatch(/Amount\s+USD 10\.00/);
  expect(text).toMatch(/Paid back by\s+Mobile money/);
});
