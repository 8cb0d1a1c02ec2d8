import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { createVerifiedAccount, newAccount, signInByCookie } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';

heldOn('desktop');

/** The page at both widths, when SCREENSHOTS_DIR asks for pictures of the section (to look at them). */
async function pictures(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  const section = page.getByRole('region', { name: 'Add staff from a spreadsheet' });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await section.screenshot({ path: `${dir}/team-import-${name}-${width}.png` });
    if (name === 'empty') {
      // The single form's Email, with what leaving it empty means.
      const email = page.getByRole('textbox', { name: 'Email', exact: true }).locator('..');
      await email.screenshot({ path: `${dir}/team-form-email-${width}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a manager adds staff from a spreadsheet: the template, a row refused and named, corrected, all registered', async ({
  page,
}, testInfo) => {
  test.slow();
  const manager = newAccount('import', testInfo, 'Msasa Motors');
  await createVerifiedAccount(page.request, manager, 'company');
  await signInByCookie(page, manager, '/WelcomeManager');
  const section = page.getByRole('region', { name: 'Add staff from a spreadsheet' });
  await expect(section.getByText(`Leave Email empty to use your own, ${manager.email}.`)).toBeVisible();
  // The single form says the same under its Email.
  await expect(
    page.getByText(
      `Leave empty to use your own email, ${manager.email}: mails about this entry come to you.`,
    ),
  ).toBeVisible();
  await pictures(page, 'empty');

  const downloading = page.waitForEvent('download');
  await section.getByRole('link', { name: 'Download the template' }).click();
  const template = await readFile((await (await downloading).path()) ?? '', 'utf8');
  expect(template.trim()).toBe(
    'First name,Last name,Email,Mobile,Age,Gender,Registering as (Runner/Cyclist),Race type,Next of kin mobile,T-shirt size',
  );

  const surname = uniqueName('Staff');
  const rows = (faraiMobile: string) =>
    [
      `Chipo,${surname},,0771234567,29,Female,Runner,10km,0772000111,Medium`,
      `Farai,${surname},farai.${surname}@example.com,${faraiMobile},41,Male,Runner,5km,0772000111,Large`,
      `Kuda,${surname},,0773111222,35,,Cyclist,15km,0772000111,X-Large`,
    ].map((line) => `${line}\r\n`);
  const file = (name: string, mobile: string) => ({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(template + rows(mobile).join('')),
  });

  // Farai's number is an office landline: the list is refused and the row and column named.
  await section
    .getByLabel('Your staff list (CSV or Excel)')
    .setInputFiles(file('staff.csv', '+44 20 7946 0958'));
  await section.getByRole('button', { name: 'Check the list' }).click();
  await expect(section.getByRole('alert')).toContainText(
    'Row 3, Mobile: Enter a mobile number: this one is a landline, which cannot receive our text messages',
  );
  const table = section.getByRole('region', { name: 'Staff on the list' });
  await expect(table.getByRole('row').filter({ hasText: 'Chipo' })).toContainText('Ready');
  await expect(section.getByRole('button', { name: /^Register/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await pictures(page, 'errors');

  // Corrected and chosen again: all three are ready, then registered together.
  await section
    .getByLabel('Your staff list (CSV or Excel)')
    .setInputFiles(file('staff-corrected.csv', '0774555666'));
  await section.getByRole('button', { name: 'Check the list' }).click();
  await expect(section.getByText('All 3 rows are ready.')).toBeVisible();
  await section.getByRole('button', { name: 'Register 3 staff' }).click();
  await expect(section.getByText('Tick this box: everyone on the list must agree')).toBeVisible();
  await section.getByLabel(/Everyone on this list agrees/).check();
  await expectNoAxeViolations(page);
  await pictures(page, 'ready');
  await section.getByRole('button', { name: 'Register 3 staff' }).click();
  await expect(section.getByText('3 staff registered.')).toBeVisible();
  const entries = page.getByRole('region', { name: "Your team's entries" });
  for (const name of ['Chipo', 'Farai', 'Kuda']) {
    await expect(entries.getByRole('button', { name: `Edit ${name} ${surname}` })).toBeVisible();
  }
  await expect(entries.getByText('3 entries, 0 paid')).toBeVisible();
  await expectNoAxeViolations(page);
  await pictures(page, 'done');
});
