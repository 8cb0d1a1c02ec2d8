import type { Page } from '@playwright/test';
import { harareToday } from '../../src/shared/dates.ts';
import { expectNoAxeViolations, expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { raceWithFees, registeredByApi, runnersRegistered, signInAsAdmin } from './support/fun-run-admin.ts';
import { mailTo, waitForMail } from './support/mail.ts';

heldOn('desktop');

const compose = (page: Page) => page.getByRole('region', { name: 'New message' });

test('an admin messages the unpaid runners of one race: who it reaches, sent, its delivery; one kept for later is cancelled; a wrong placeholder is named beside its field', async ({
  page,
  admin,
}, testInfo) => {
  test.slow();
  const race = await raceWithFees('Msg', '12');
  const surname = uniqueName('Msg').replace(/\d/g, 'x');
  await runnersRegistered(page, testInfo, race, surname, ['Tendai', 'Rudo']);
  // In another race: not in the audience.
  const farai = await registeredByApi(page, testInfo, 'Farai', surname);
  const email = (first: string) => `${first}.${surname}@example.com`.toLowerCase();

  await signInAsAdmin(page, admin);
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: /^Messages/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(page);

  const form = compose(page);
  await form.getByRole('combobox', { name: 'Race' }).selectOption({ label: `${race} (Runners)` });
  await form.getByRole('combobox', { name: 'Payment' }).selectOption({ label: 'Unpaid' });
  await form.getByRole('textbox', { name: 'Subject' }).fill(`Start time for ${race}`);
  await form
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('Hello {frist name}, see you at 06:30.');
  await form.getByRole('button', { name: 'Check who it reaches' }).click();
  await expect(form.getByRole('textbox', { name: 'Message', exact: true })).toHaveAccessibleDescription(
    /Not a placeholder: \{frist name\}/,
  );
  await expectNoAxeViolations(page);

  await form
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('Hello {first name}, your reference is {reference}. The {race} starts at 06:30.');
  await form.getByRole('button', { name: 'Check who it reaches' }).click();
  await expect(form.getByRole('status')).toHaveText(
    '2 entrants: 2 mails; 0 left out of mail by their choice',
  );
  await expect(form.getByRole('figure', { name: 'Mail' })).toContainText(
    new RegExp(`Hello (Tendai|Rudo), your reference is CFR25-\\d+\\. The ${race} starts at 06:30\\.`),
  );
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Send to 2 people' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send this message?' });
  await expect(dialog).toContainText('It goes now to 2 people: 2 mails. It cannot be called back.');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Send to 2 people' }).click();
  await expect(page.getByText('Sent to 2 people')).toBeVisible();

  const sent = page.getByRole('article', { name: `Start time for ${race}` });
  await expect(sent).toContainText(`Entrants · ${race} · unpaid · by mail`);
  await expect(sent).toContainText('Sent');
  await expect(sent.getByRole('definition').nth(1)).toHaveText(/^(2 waiting|1 sent, 1 waiting|2 sent)$/);
  // The list refreshes by itself while mails wait.
  await expect(sent.getByRole('definition').nth(1)).toHaveText('2 sent', { timeout: 30_000 });
  const tendaiMail = await waitForMail(email('Tendai'), new RegExp(`Start time for ${race}`));
  expect(tendaiMail.text).toMatch(/Hello Tendai, your reference is CFR25-\d+/);
  await waitForMail(email('Rudo'), new RegExp(`Start time for ${race}`));
  expect((await mailTo(farai.email)).map((mail) => mail.subject)).not.toContain(`Start time for ${race}`);

  // Kept for tomorrow at 18:00, Harare time, then cancelled.
  const tomorrow = harareToday(new Date(Date.now() + 86_400_000));
  await form.getByRole('combobox', { name: 'Race' }).selectOption({ label: `${race} (Runners)` });
  await form.getByRole('textbox', { name: 'Subject' }).fill(`Parking for ${race}`);
  await form.getByRole('textbox', { name: 'Message', exact: true }).fill('Park at the north gate.');
  await form.getByRole('radio', { name: 'At a time' }).check();
  await form.getByLabel('Date').fill(tomorrow);
  await form.getByLabel('Time (Harare)').fill('18:00');
  await form.getByRole('button', { name: 'Check who it reaches' }).click();
  await expect(form.getByRole('status')).toHaveText(
    '2 entrants: 2 mails; 0 left out of mail by their choice',
  );
  await form.getByRole('button', { name: 'Schedule for 2 people' }).click();
  await page
    .getByRole('dialog', { name: 'Schedule this message?' })
    .getByRole('button', { name: 'Schedule for 2 people' })
    .click();
  await expect(page.getByText(/Scheduled for \d\d\/\d\d\/\d\d, 18:00 \(Harare time\)/)).toBeVisible();
  const kept = page.getByRole('article', { name: `Parking for ${race}` });
  await expect(kept).toContainText('Scheduled');
  await expect(kept).toContainText(/To go at \d\d\/\d\d\/\d\d, 18:00/);

  await kept.getByRole('button', { name: `Cancel “Parking for ${race}”` }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel this message?' });
  await expectNoAxeViolations(page);
  await cancel.getByRole('button', { name: 'Cancel the message' }).click();
  await expect(cancel).toBeHidden();
  await expect(kept).toContainText('Cancelled');
  await expect(kept.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('an admin sets how many days before the race the race pack goes, and what it tells entrants to bring', async ({
  page,
  admin,
}) => {
  await signInAsAdmin(page, admin, '/EventSettings');
  const section = page.getByRole('region', { name: 'Race pack' });
  const days = section.getByLabel('Send the race pack N days before the race');
  const bring = section.getByLabel('What to bring');
  await expect(days).toHaveValue('3');
  await expect(bring).toHaveValue(/QR code/);
  await days.fill('15');
  await section.getByRole('button', { name: 'Save race pack' }).click();
  await expect(days).toHaveAccessibleDescription(/Race pack days must be between 0 and 14/);
  await expectNoAxeViolations(page);
  await days.fill('2');
  await bring.fill('Your QR code and a water bottle.');
  await section.getByRole('button', { name: 'Save race pack' }).click();
  await expect(section.getByRole('status')).toContainText('The race pack settings were saved.');
  expect(await query('select race_pack_days_before, what_to_bring from events where is_current')).toEqual([
    { race_pack_days_before: 2, what_to_bring: 'Your QR code and a water bottle.' },
  ]);
  await page.reload();
  await expect(days).toHaveValue('2');
  // As it was, for the other tests.
  await query(
    `update events set race_pack_days_before = 3,
       what_to_bring = 'Your QR code (on your phone or printed), water, and comfortable shoes.' where is_current`,
  );
});
