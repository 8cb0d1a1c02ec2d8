import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { FAKE_TXT_ACCOUNT } from '../../src/server/fakes/txt-co-zw.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { entrant, signInAsAdmin } from './support/fun-run-admin.ts';
import { setEventSms, waitForSms } from './support/sms.ts';

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

  // Off again: the other specs of this worker run with text messages off. Entrants without email that
  // other journeys registered meanwhile make the page ask first (tested below).
  await section.getByLabel('Send text messages (SMS)').uncheck();
  await section.getByRole('button', { name: 'Save text message settings' }).click();
  const asked = page.getByRole('dialog', { name: 'Turn text messages off?' });
  const status = section.getByRole('status').filter({ hasText: 'Text messages are off' });
  await expect(asked.or(status)).toBeVisible();
  if (await asked.isVisible()) await asked.getByRole('button', { name: 'Turn text messages off' }).click();
  await expect(status).toBeVisible();
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

test('turning texts off while an entrant has no email asks first: Cancel keeps them on, confirming turns them off', async ({
  page,
  request,
  admin,
}, testInfo) => {
  await setEventSms(true);
  const references: string[] = [];
  /** An entrant who chose SMS alone and gave no email, registered by the API. */
  const withoutEmail = async (firstName: string) => {
    const runner = entrant(firstName, uniqueName('Chari'), { raceType: '5km', tshirtSize: 'Small' });
    // A visitor's request, not the signed-in admin's page: the site refuses a signed-in call from elsewhere.
    const response = await request.post('/api/registrations', {
      data: { ...runner, email: '', notifyBy: 'sms', discipline: 'run', age: 29, consent: true },
      headers: { 'idempotency-key': randomBytes(12).toString('hex') },
    });
    expect(response.status(), await response.text()).toBe(201);
    references.push((await response.json()).reference);
  };
  const textsOnNow = async () =>
    (await query<{ on: boolean }>(`select (sms->>'enabled')::boolean as on from events where is_current`))[0]
      ?.on;
  try {
    await withoutEmail('Rudo');
    await signInAsAdmin(page, admin, '/EventSettings');
    const section = smsSection(page);
    const texts = section.getByLabel('Send text messages (SMS)');
    const saveButton = section.getByRole('button', { name: 'Save text message settings' });
    await texts.uncheck();
    await saveButton.click();
    const dialog = page.getByRole('dialog', { name: 'Turn text messages off?' });
    // Other journeys on the same database may have registered entrants without email too: Rudo is one more.
    await expect(dialog).toContainText(
      /entrants? ha(s|ve) no email: with texts off they will get no messages/,
    );
    const asked = async () => Number(/(\d+) entrants? ha/.exec((await dialog.textContent()) ?? '')?.[1]);
    const first = await asked();
    expect(first).toBeGreaterThanOrEqual(1);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath('turn-off-dialog-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath('turn-off-dialog-390.png') });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByRole('alert')).toHaveText('Not saved: text messages are still on.');
    await expect(texts).toBeChecked();
    expect(await textsOnNow()).toBe(true);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('turn-off-cancelled-1280.png') });

    // Someone else registers without email while the admin reads the question: he is asked again, about 2.
    await texts.uncheck();
    await saveButton.click();
    await expect(dialog).toContainText(/entrants? ha(s|ve) no email/);
    const before = await asked();
    await withoutEmail('Tatenda');
    await dialog.getByRole('button', { name: 'Turn text messages off' }).click();
    await expect.poll(asked).toBeGreaterThan(before);
    expect(await textsOnNow()).toBe(true);
    await dialog.getByRole('button', { name: 'Turn text messages off' }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByRole('status')).toContainText('Text messages are off');
    expect(await textsOnNow()).toBe(false);
  } finally {
    // The worker's other specs turn texts off without being asked.
    await query(`update registrations set status = 'cancelled' where reference = any($1)`, [references]);
    await setEventSms(false);
  }
});
