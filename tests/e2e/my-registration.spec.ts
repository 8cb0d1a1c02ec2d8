import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { entrant, registerInBrowser } from './support/fun-run-admin.ts';
import { waitForMail } from './support/mail.ts';

heldOn('phone');

/** The private page's address in a mail. */
const myLinkIn = (text: string) => {
  const link = text.match(/https?:\/\/\S+\/My\/[\w-]+/)?.[0];
  if (!link) throw new Error(`No private link in:\n${text}`);
  return new URL(link).pathname;
};

test('an entrant opens the private link from the confirmation mail, changes race and T-shirt, and cancels', async ({
  page,
}) => {
  const runner = entrant('Rudo', uniqueName('Mlambo'), { raceType: '5km', tshirtSize: 'Large' });
  const reference = await registerInBrowser(page, 'run', runner);

  const mail = await waitForMail(runner.email, new RegExp(`your registration ${reference}`));
  const myLink = myLinkIn(mail.text);
  // The thank-you page offers the same page the mail does.
  await expect(page.getByRole('link', { name: 'your registration page' })).toHaveAttribute('href', myLink);

  await page.goto(myLink);
  await expect(page.getByRole('heading', { level: 1, name: 'My registration' })).toBeVisible();
  const entry = page.getByRole('region', { name: 'Your registration reference' });
  await expect(entry.getByText(reference, { exact: true })).toBeVisible();
  await expect(entry.getByText('Runner · 5km')).toBeVisible();
  await expect(entry.getByText('Large', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'How to pay' })).toContainText(reference);
  await expectNoAxeViolationsOnceLoaded(page);

  await page.getByRole('button', { name: 'Change my entry' }).click();
  await page.getByLabel('Race type').selectOption('10km');
  await page.getByLabel('T-shirt size').selectOption('Medium');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your changes were saved' })).toBeVisible();
  await expect(entry.getByText('Runner · 10km')).toBeVisible();
  await expect(entry.getByText('Medium', { exact: true })).toBeVisible();

  // Reloaded, the page shows what the server has.
  await page.reload();
  await expect(entry.getByText('Runner · 10km')).toBeVisible();

  await page.getByRole('button', { name: 'Cancel my entry' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel the entry of Rudo ${runner.lastName}?` });
  await expect(dialog).toContainText('You give up your place in the 10km race');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel entry' }).click();
  await expect(entry.getByText('This entry was cancelled.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change my entry' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'How to pay' })).toHaveCount(0);

  const history = await query<{ action: string; actor_name: string | null; actor_id: string | null }>(
    `select h.action, h.actor_name, h.actor_id from registration_history h
       join registrations r on r.id = h.registration_id where r.reference = $1 order by h.id`,
    [reference],
  );
  expect(history).toEqual([
    { action: 'edited', actor_name: 'the entrant', actor_id: null },
    { action: 'cancelled', actor_name: 'the entrant', actor_id: null },
  ]);
});

test('/My mails the links of an address again; a wrong link says how to get them', async ({ page }) => {
  const runner = entrant('Tatenda', uniqueName('Ncube'), { raceType: '10km', tshirtSize: 'Small' });
  const reference = await registerInBrowser(page, 'run', runner);

  await page.goto('/My');
  await expect(page.getByRole('heading', { level: 1, name: 'My registration' })).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(page);
  await page.getByLabel('Email').fill(runner.email);
  await page.getByRole('button', { name: 'Email me my links' }).click();
  await expect(page.getByRole('status')).toContainText('If this address has entries');

  const mail = await waitForMail(runner.email, /your registration links/);
  expect(mail.text).toContain(reference);
  await page.goto(myLinkIn(mail.text));
  await expect(
    page.getByRole('region', { name: 'Your registration reference' }).getByText(reference, { exact: true }),
  ).toBeVisible();

  const wrong = await page.goto('/My/not-a-real-link-at-all-not-at-all');
  expect(wrong?.status()).toBe(404);
  await expect(page.getByRole('alert')).toContainText('This link does not open an entry');
  await expectNoAxeViolationsOnceLoaded(page);
  await page.getByRole('link', { name: 'Email me the links to my entries' }).click();
  await expect(page).toHaveURL(/\/My$/);
});

test('a new email on /My waits for the link mailed to it; that link confirms it with a button', async ({
  page,
}) => {
  const runner = entrant('Chipo', uniqueName('Dube'), { raceType: '5km', tshirtSize: 'Small' });
  const reference = await registerInBrowser(page, 'run', runner);
  const mail = await waitForMail(runner.email, new RegExp(`your registration ${reference}`));
  await page.goto(myLinkIn(mail.text));

  const newEmail = `new.${runner.email}`;
  await page.getByRole('button', { name: 'Change my entry' }).click();
  await page.getByLabel('Email').fill(newEmail);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'waiting for confirmation' })).toContainText(
    `waiting for confirmation at ${newEmail}`,
  );
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/my-email-waiting.png', fullPage: true });
  const notice = await waitForMail(runner.email, /a change of your email was asked/);
  expect(notice.text).toContain(reference);

  const link = await waitForMail(newEmail, /confirm your email address/);
  const confirmPath = new URL(link.text.match(/https?:\/\/\S+\/ConfirmEmail\/[\w-]+/)?.[0] ?? '').pathname;
  await page.goto(confirmPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeVisible();
  await expect(page.getByText(`Make ${newEmail} the email address of the entry ${reference}?`)).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(page);
  await page.screenshot({ path: 'test-results/confirm-email.png', fullPage: true });
  await page.getByRole('button', { name: 'Confirm this address' }).click();
  await expect(page.getByRole('status')).toContainText(`now uses ${newEmail}`);
  const [stored] = await query<{ email: string }>('select email from registrations where reference = $1', [
    reference,
  ]);
  expect(stored?.email).toBe(newEmail);
});
