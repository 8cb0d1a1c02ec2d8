import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { entryLinkDigest } from '../../src/server/features/registrations/entry-link.ts';
import { newShortCode } from '../../src/server/sms/entrant-sms.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { entrant } from './support/fun-run-admin.ts';
import { expectThankYou, fillRegistration } from './support/registration-form.ts';
import { setEventSms, waitForSms } from './support/sms.ts';

// The event's texts are on for these specs only: the worker's other specs find them off, as seeded.
test.describe.configure({ mode: 'serial' });
test.beforeEach(() => setEventSms(true));
test.afterEach(() => setEventSms(false));

const choice = (page: import('@playwright/test').Page) =>
  page.getByRole('group', { name: 'Send my confirmation by' });

test('the registration form asks how to send the confirmation, with no axe violations', async ({ page }) => {
  heldOn('phone');
  await page.goto('/Register');
  await expect(choice(page)).toBeVisible();
  await expect(choice(page).getByRole('radio', { name: 'Both' })).toBeChecked();
  await expect(choice(page).getByRole('radio')).toHaveCount(3);
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page);
});

test('an entrant on a phone chooses SMS, registers, and the confirmation comes by text', async ({ page }) => {
  heldOn('phone');
  const mobile = `0773${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')}`;
  const runner = entrant('Chipo', uniqueName('Sibanda'), { raceType: '5km', tshirtSize: 'Small', mobile });
  await page.goto('/Register');
  await fillRegistration(page, runner);
  await choice(page).getByRole('radio', { name: 'SMS' }).check();
  await page.getByRole('button', { name: 'Register' }).click();
  const reference = await expectThankYou(page);
  const [row] = await query<{ notify_by: string }>(
    'select notify_by from registrations where reference = $1',
    [reference],
  );
  expect(row?.notify_by).toBe('sms');
  const text = await waitForSms(`+263${mobile.slice(1)}`, new RegExp(`registered\\. Ref ${reference},`));
  expect(text.body).toMatch(/Pay & QR: http:\/\/127\.0\.0\.1:\d+\/m\/[a-z2-7]{20}$/);
});

test('a short link typed in capitals opens the entry on a phone, where reminders by SMS can be stopped', async ({
  page,
}) => {
  heldOn('phone');
  const runner = entrant('Tariro', uniqueName('Ncube'), { raceType: '10km', tshirtSize: 'Medium' });
  const response = await page.request.post('/api/registrations', {
    data: { ...runner, discipline: 'run', age: 31, consent: true, notifyBy: 'both' },
    headers: { 'idempotency-key': randomBytes(12).toString('hex') },
  });
  expect(response.status()).toBe(201);
  const { reference } = await response.json();
  const code = newShortCode();
  await query(
    `insert into entry_links (token_digest, registration_id, short)
      select $1, id, true from registrations where reference = $2`,
    [entryLinkDigest(code), reference],
  );

  await page.goto(`/m/${code.toUpperCase()}`);
  await expect(page).toHaveURL(new RegExp(`/My/${code}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'My registration' })).toBeVisible();
  const entry = page.getByRole('region', { name: 'Your registration reference' });
  await expect(entry.getByText(reference, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Stop reminders by SMS' }).click();
  await expect(page.getByText('Reminders by SMS are stopped.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Send reminders by SMS again' }).click();
  await expect(page.getByRole('button', { name: 'Stop reminders by SMS' })).toBeVisible();

  // A mistyped code: the page says how to have the links sent again.
  const wrong = await page.goto(`/m/${newShortCode()}`);
  expect(wrong?.status()).toBe(404);
  await expect(page.getByText('This link does not open an entry')).toBeVisible();
});
