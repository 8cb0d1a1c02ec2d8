import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { expectNoAxeViolations, expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { registeredByApi } from './support/fun-run-admin.ts';

heldOn('phone');

const saved = async (download: Download) => readFile((await download.path()) ?? '');

// Issue 41: an entrant who was checked in (or finished) downloads his certificate from his private page.
test('a certificate from /My: offered once checked in, its picture and PDF download', async ({
  page,
}, testInfo) => {
  const lastName = uniqueName('Chikwanha');
  const { reference, myLink } = await registeredByApi(page, testInfo, 'Rumbidzai', lastName);
  const certificate = page.getByRole('region', { name: 'Your finisher certificate' });

  await page.goto(myLink);
  await expect(page.getByRole('region', { name: 'Your registration reference' })).toContainText(reference);
  await expectNoAxeViolationsOnceLoaded(page);
  // Not checked in, no result: nothing to download yet.
  await expect(certificate).toHaveCount(0);

  await query('update registrations set checked_in_at = now() where reference = $1', [reference]);
  await page.reload();
  await expect(certificate).toBeVisible();
  await expect(certificate.getByRole('img', { name: 'Your finisher certificate' })).toBeVisible();
  await expect(certificate).not.toContainText('once the organisers publish the results');
  await expectNoAxeViolations(page);

  const [image] = await Promise.all([
    page.waitForEvent('download'),
    certificate.getByRole('link', { name: 'Download your certificate (image)' }).click(),
  ]);
  expect(image.suggestedFilename()).toMatch(/^certificate-\d{4}\.png$/);
  const png = await saved(image);
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect(png.length).toBeLessThanOrEqual(80 * 1024);

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    certificate.getByRole('link', { name: 'Download your certificate (PDF)' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^certificate-\d{4}\.pdf$/);
  expect((await saved(pdf)).subarray(0, 5).toString()).toBe('%PDF-');
});
