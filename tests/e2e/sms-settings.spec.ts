import type { Page } from '@playwright/test';
import { FAKE_TXT_ACCOUNT } from '../../src/server/fakes/txt-co-zw.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { query } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { signInAsAdmin } from './support/fun-run-admin.ts';
import { waitForSms } from './support/sms.ts';

// An admin's journey, at a desk. One event for every spec of the worker: the settings as they were are put back.
heldOn('desktop');
test.describe.configure({ mode: 'serial' });

type Saved = { sms: unknown; sms_password_encrypted: string | null };
let before: Saved | undefined;
test.beforeAll(async () => {
  [before] = await query<Saved>('select sms, sms_password_encrypted from events where is_current');
});
test.afterAll(async () => {
  await query('update events set sms = $1, sms_password_encrypted = $2 where is_current', [
    before?.sms ?? null,
    before?.sms_password_encrypted ?? null,
  ]);
});

const smsSection = (page: Page) => page.getByRole('region', { name: 'Text messages (SMS)' });

test('an admin sets up text messages with the REMOTE user, and a test SMS goes', async ({ page, admin }) => {
  await signInAsAdmin(page, admin, '/EventSettings');
  const section = smsSection(page);
  await section.getByLabel('Send text messages (SMS)').check();
  await section.getByLabel('Account', { exact: true }).selectOption('USD');
  await section.getByLabel('Username').fill(FAKE_TXT_ACCOUNT.username);
  await section.getByLabel('Password').fill(FAKE_TXT_ACCOUNT.password);
  await section.getByLabel('Messages per edition').fill('500');
  await section.getByLabel('Send reminders from').fill('07:30');
  await section.getByLabel('Send reminders until').fill('19:00');
  await section.getByRole('button', { name: 'Save text message settings' }).click();
  await expect(section.getByRole('status')).toContainText('Text messages are on');
  await expect(section.getByLabel('Password')).toHaveValue('');
  await expect(section.getByText('A password is saved.')).toBeVisible();

  await section.getByLabel('Send a test SMS to').fill('0771234567');
  await section.getByRole('button', { name: 'Send a test SMS' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Sent:' })).toHaveText(
    /Sent: txt\.co\.zw accepted message \d+\./,
  );
  const text = await waitForSms('+263771234567', /test message/);
  expect(text.body).toMatch(/: test message from Celebration\. Your SMS settings work\.$/);
  await expectNoAxeViolations(page);

  // Kept as saved, the password never shown again.
  await page.reload();
  await expect(section.getByLabel('Username')).toHaveValue(FAKE_TXT_ACCOUNT.username);
  await expect(section.getByLabel('Send reminders from')).toHaveValue('07:30');
  await expect(section.getByText('A password is saved.')).toBeVisible();
  expect(await page.content()).not.toContain(FAKE_TXT_ACCOUNT.password);

  // Off again: the other specs of this worker run with text messages off.
  await section.getByLabel('Send text messages (SMS)').uncheck();
  await section.getByRole('button', { name: 'Save text message settings' }).click();
  await expect(section.getByRole('status')).toContainText('Text messages are off');
});

test('a wrong password is refused beside its field, and a failed test SMS says why', async ({
  page,
  admin,
}) => {
  await signInAsAdmin(page, admin, '/EventSettings');
  const section = smsSection(page);
  await section.getByLabel('Username').fill(FAKE_TXT_ACCOUNT.username);
  await section.getByLabel('Password').fill('too-short');
  await section.getByRole('button', { name: 'Save text message settings' }).click();
  await expect(section.getByText("txt.co.zw's passwords have at least 16 characters")).toBeVisible();
  await expect(section.getByLabel('Password')).toBeFocused();
  await expect(section.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');

  // txt.co.zw's answer for an account out of credit, as the gateway gave it.
  await section.getByLabel('Send a test SMS to').fill('0770000001');
  await section.getByRole('button', { name: 'Send a test SMS' }).click();
  await expect(section.getByRole('alert')).toContainText('ERROR: Insufficient credit');
  await expectNoAxeViolations(page);
  await section.scrollIntoViewIfNeeded();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
});
