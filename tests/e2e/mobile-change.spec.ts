import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { formatPhone } from '../../src/shared/phone.ts';
import { expectNoAxeViolations, expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { registeredByApi } from './support/fun-run-admin.ts';
import { setEventSms, waitForSms } from './support/sms.ts';

// Issue 40: while the event's texts are on, a new mobile given on /My changes the entry only once the code
// texted to it is entered. The texts are on for this file only.
test.describe.configure({ mode: 'serial' });
test.beforeEach(() => setEventSms(true));
test.afterEach(() => setEventSms(false));

const randomMobile = (prefix: string) =>
  `${prefix}${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')}`;

test('an entrant changes the mobile on /My with the code texted to the new number', async ({
  page,
}, testInfo) => {
  heldOn('phone');
  const oldMobile = randomMobile('0774');
  const newMobile = randomMobile('0785');
  const newE164 = `+263${newMobile.slice(1)}`;
  const { reference, myLink } = await registeredByApi(page, testInfo, 'Nyasha', uniqueName('Zhou'), {
    mobile: oldMobile,
  });

  await page.goto(myLink);
  const entry = page.getByRole('region', { name: 'Your registration reference' });
  await expect(entry.getByText(reference, { exact: true })).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(page);

  await page.getByRole('button', { name: 'Change my entry' }).click();
  await page.getByLabel('Mobile', { exact: true }).fill(newMobile);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'enter the code we texted' })).toBeVisible();
  const waiting = page.getByRole('form', { name: 'Confirm your new mobile' });
  await expect(waiting).toContainText(
    `We sent a code to ${formatPhone(newE164)}: enter it to change your mobile.`,
  );
  // Until the code is entered, the entry keeps its old mobile.
  await expect(entry.getByText(formatPhone(`+263${oldMobile.slice(1)}`))).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('my-mobile-code-390.png'), fullPage: true });
  await waiting.screenshot({ path: testInfo.outputPath('my-mobile-code-box-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('my-mobile-code-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  const text = await waitForSms(newE164, /your code to change the mobile/);
  const code = /\b(\d{6})\b/.exec(text.body)?.[1] ?? '';
  expect(text.body).toContain(reference);
  expect(text.body).not.toContain('Nyasha');

  const field = waiting.getByLabel('Code from the text message');
  await field.fill(code === '000000' ? '111111' : '000000');
  await waiting.getByRole('button', { name: 'Confirm' }).click();
  await expect(waiting.getByText('That is not the code we sent: 4 tries left.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await waiting.screenshot({ path: testInfo.outputPath('my-mobile-code-wrong-390.png') });

  await field.fill(code);
  await waiting.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Your mobile is now ${formatPhone(newE164)}.` }),
  ).toBeVisible();
  await expect(waiting).toHaveCount(0);
  await expect(entry.getByText(formatPhone(newE164))).toBeVisible();
  await expectNoAxeViolations(page);

  // The old number is told.
  const told = await waitForSms(`+263${oldMobile.slice(1)}`, /your mobile for entry/);
  expect(told.body).toContain(`your mobile for entry ${reference} was changed. Not you? Call`);
});
