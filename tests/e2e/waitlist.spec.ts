import { expectNoAxeViolations, expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { entrant, registerInBrowser, saveRunnerRace, signInAsAdmin } from './support/fun-run-admin.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { originOf } from './support/progress.ts';
import { fillRegistration } from './support/registration-form.ts';

const pathOf = (url: string) => new URL(url).pathname;

test('a cancelled place goes to the first one waiting, who accepts it; a lapsed offer passes to the next', async ({
  page,
  admin,
}, testInfo) => {
  heldOn('phone');
  test.slow();
  const label = uniqueName('Wait').slice(0, 20);
  await signInAsAdmin(page, admin);
  await saveRunnerRace(page, testInfo, label, 1);

  // The race's one place is taken.
  const holder = entrant('Rudo', uniqueName('Holder'), { raceType: label, tshirtSize: 'Large' });
  const holderReference = await registerInBrowser(page, 'run', holder);
  const confirmation = await waitForMail(holder.email, new RegExp(`your registration ${holderReference}`));

  // The next one asks for it on the same form, and waits.
  const waiter = entrant('Tendai', uniqueName('Waiter'), { raceType: label, tshirtSize: 'Medium' });
  await page.goto('/Register');
  const option = page.getByLabel('Race type').locator('option', { hasText: label });
  await expect(option).toHaveText(`${label} — Full — join the waitlist`);
  await fillRegistration(page, waiter);
  // The button says what it will do with a full race chosen.
  await expect(page.getByRole('button', { name: 'Register', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are on the waitlist' })).toBeVisible();
  await expect(page.getByText(`You are number 1 on the waitlist for ${label}.`)).toBeVisible();
  const waitReference = page.getByRole('region', { name: 'Your waitlist reference' }).getByText(/-W\d{4,}$/);
  await expect(waitReference).toBeVisible();
  await expectNoAxeViolations(page);
  const joined = await waitForMail(waiter.email, /you are on the waitlist/);
  expect(joined.text).toContain(`You are number 1 on the waitlist for ${label}`);

  // Two more wait behind him.
  const third = entrant('Chipo', uniqueName('Third'), { raceType: label, tshirtSize: 'Small' });
  const fourth = entrant('Farai', uniqueName('Fourth'), { raceType: label, tshirtSize: 'Small' });
  for (const person of [third, fourth]) {
    const response = await page.request.post('/api/waitlist', {
      data: { ...person, age: Number(person.age), discipline: 'run', consent: true },
      headers: { origin: originOf(testInfo) },
    });
    expect(response.status()).toBe(201);
  }

  // The holder opens his page from the mail and cancels.
  await page.goto(pathOf(linkIn(confirmation).replace(/[).,]+$/, '')));
  await page.getByRole('button', { name: 'Cancel my entry' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel entry' }).click();
  await expect(page.getByText('This entry was cancelled.')).toBeVisible();

  // The first one waiting is offered the place by mail, accepts, and is registered.
  const offer = await waitForMail(waiter.email, new RegExp(`a place in ${label} is yours until`));
  await page.goto(pathOf(linkIn(offer)));
  await expect(page.getByRole('heading', { level: 1, name: 'A place from the waitlist' })).toBeVisible();
  await expect(page.getByText(`Runner · ${label}`)).toBeVisible();
  await expect(page.getByText(/\d\d\/\d\d\/\d\d, \d\d:\d\d \(Harare time\)/)).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(page);
  await page.getByRole('button', { name: "I don't need it" }).click();
  await expect(page.getByRole('dialog', { name: 'Give up this place?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Keep my offer' }).click();
  await page.getByRole('button', { name: 'Accept the place' }).click();
  await expect(page.getByRole('status')).toContainText('You are registered: your reference is');
  await page.getByRole('link', { name: 'Open your registration page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My registration' })).toBeVisible();
  const entry = page.getByRole('region', { name: 'Your registration reference' });
  await expect(entry.getByText(`Runner · ${label}`)).toBeVisible();
  await expect(entry.getByText(`Tendai ${waiter.lastName}`)).toBeVisible();
  await waitForMail(waiter.email, /your registration/);

  // A second place: offered to the third, whose offer lapses (moved into the past), and passes to the fourth.
  await saveRunnerRace(page, testInfo, label, 2);
  const thirdOffer = await waitForMail(third.email, new RegExp(`a place in ${label} is yours until`));
  await query(
    `update waitlist_entries set offer_expires_at = now() - interval '1 minute'
      where lower(email) = lower($1) and status = 'offered'`,
    [third.email],
  );
  await page.goto(pathOf(linkIn(thirdOffer)));
  await expect(page.getByRole('alert')).toContainText('This offer has expired');
  await expect(page.getByRole('button', { name: 'Accept the place' })).toHaveCount(0);
  await waitForMail(fourth.email, new RegExp(`a place in ${label} is yours until`));

  // The admin sees the queue.
  await page.goto('/Waitlist');
  const queue = page.getByRole('region', { name: `Waitlist for Runner · ${label}` });
  await expect(queue.getByRole('row', { name: new RegExp(`Tendai ${waiter.lastName}`) })).toContainText(
    'Registered',
  );
  await expect(queue.getByRole('row', { name: new RegExp(`Chipo ${third.lastName}`) })).toContainText(
    'Expired',
  );
  await expect(queue.getByRole('row', { name: new RegExp(`Farai ${fourth.lastName}`) })).toContainText(
    /Offered until \d\d\/\d\d\/\d\d, \d\d:\d\d/,
  );
  await expectNoAxeViolationsOnceLoaded(page);
  await queue.getByRole('button', { name: `Remove Farai ${fourth.lastName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Remove Farai ${fourth.lastName} from the waitlist?` });
  await expect(dialog).toContainText('passes to the next person waiting');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('status')).toContainText(`Farai ${fourth.lastName} is off the waitlist.`);
  await expect(queue.getByRole('row', { name: new RegExp(`Farai ${fourth.lastName}`) })).toContainText(
    'Removed',
  );
});

test('the admin dashboard counts those waiting and links to the waitlist', async ({ page, admin }) => {
  heldOn('desktop');
  await signInAsAdmin(page, admin);
  await expect(page.getByRole('link', { name: /On the waitlist/ })).toBeVisible();
  await page.getByRole('link', { name: /Waitlist People waiting/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Waitlist' })).toBeVisible();
  await expectNoAxeViolationsOnceLoaded(page);
});
