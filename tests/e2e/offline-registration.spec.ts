import type { Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../scripts/lib/chromium.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { entrant, registerInBrowser, saveRunnerRace, signInAsAdmin } from './support/fun-run-admin.ts';
import { mailTo, waitForMail } from './support/mail.ts';
import { type Entrant, expectThankYou, fillRegistration } from './support/registration-form.ts';

heldOn('phone');

// The full browser: the headless shell the other specs run in has no Background Sync, which this one uses.
test.use({ serviceWorkers: 'allow', launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_FLAGS } });

const SAVED =
  'No connection. Your registration is saved on this phone and will be sent when you are back online; until then its details stay on this phone';

/** Waits until the service worker has installed and controls the page, as after a first visit on good signal. */
async function offlineReady(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

const registrationsOf = (lastName: string) =>
  query<{ reference: string }>('select reference from registrations where last_name = $1', [lastName]);

/**
 * Records the most "saved on this phone" messages the page ever showed at once: the form's own and the
 * page-wide banner must never be there together, even for a moment between two renders.
 */
/** Opens the runner form once the page works without signal, and fills it in for this person. */
async function filledWhenOfflineReady(page: Page, person: Entrant) {
  await page.goto('/Register');
  await offlineReady(page);
  await fillRegistration(page, person);
}

/** Loses the signal and sends the form with this button: the phone keeps it, and the form says so. */
async function submittedOffline(page: Page, button = 'Register') {
  await page.context().setOffline(true);
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('status').filter({ hasText: SAVED })).toBeVisible();
}

async function watchSavedMessages(page: Page) {
  await page.addInitScript((saved) => {
    const state = window as unknown as { mostSavedShown: number };
    state.mostSavedShown = 0;
    new MutationObserver(() => {
      const shown = [...document.querySelectorAll('[role="status"]')].filter((element) =>
        element.textContent?.includes(saved),
      ).length;
      state.mostSavedShown = Math.max(state.mostSavedShown, shown);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, SAVED);
}

const mostSavedShown = (page: Page) =>
  page.evaluate(() => (window as unknown as { mostSavedShown: number }).mostSavedShown);

const banner = (page: Page) => page.getByRole('region', { name: 'Registration waiting to be sent' });
const sentNotice = (page: Page) => page.getByRole('region', { name: 'Saved registration sent' });

/**
 * Whoever holds the phone when a kept registration goes is told its reference only: no Thank-you page, no
 * private link, no QR code. Answers the reference.
 */
async function expectSentNeutrally(page: Page, path: RegExp) {
  const notice = sentNotice(page).getByRole('status');
  await expect(notice).toHaveText(
    /^Your saved registration was sent — reference CFR25-\d{4,}; the link is in the email or text message\.$/,
  );
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'your registration page' })).toHaveCount(0);
  await expect(page.locator('a[href*="/My/"]')).toHaveCount(0);
  await expect(page.getByRole('img', { name: /QR code/i })).toHaveCount(0);
  return (await notice.textContent())?.match(/CFR25-\d{4,}/)?.[0] ?? '';
}

test('the public pages open without signal after one visit', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Register as Runner' })).toBeVisible();
  await offlineReady(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Celebration Fun Run', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register as Runner' })).toBeVisible();
  await page.goto('/Register');
  await expect(page.getByRole('heading', { name: 'Runner registration' })).toBeVisible();
  await expect(page.getByLabel('First name')).toBeVisible();
  await page.goto('/RegisterCyclist');
  await expect(page.getByLabel('Race type').locator('option', { hasText: '15km' })).toHaveCount(1);
});

test('a registration sent without signal is kept on the phone and sent once when the signal returns', async ({
  page,
  context,
}) => {
  const person = entrant('Nyasha', uniqueName('Offline'), { raceType: '10km', tshirtSize: 'Medium' });
  await watchSavedMessages(page);
  await filledWhenOfflineReady(page, person);

  await submittedOffline(page);
  await expect(page.getByRole('button', { name: 'Send now' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Nyasha');
  expect(await mostSavedShown(page)).toBe(1);
  await expectNoAxeViolations(page);
  // Background Sync is asked for: once the signal returns, the service worker may send it as well as the
  // pages (on `online`); the Web Lock and the key keep that to one registration.
  const tags = await page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
      sync: { getTags(): Promise<string[]> };
    };
    return worker.sync.getTags();
  });
  expect(tags).toContain('pending-registration');
  // Still offline: nothing has reached the server, and "Send now" cannot send it either.
  await page.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByRole('button', { name: 'Send now' })).toBeEnabled();
  expect(await registrationsOf(person.lastName)).toEqual([]);

  // The browser is closed and opened again, still without signal: the entry is still there.
  await page.close();
  const home = await context.newPage();
  await home.goto('/');
  await expect(banner(home).getByText(SAVED)).toBeVisible();
  await expect(banner(home).getByRole('button', { name: 'Send now' })).toBeVisible();
  await expectNoAxeViolations(home);

  // A second tab is open when the signal returns: both hear `online`, one sends.
  const second = await context.newPage();
  await second.goto('/RegisterCyclist');
  await expect(banner(second).getByText(SAVED)).toBeVisible();
  await context.setOffline(false);

  // Whichever tab sent it says so where it is, by reference only.
  await expect
    .poll(async () => (await sentNotice(home).count()) + (await sentNotice(second).count()))
    .toBe(1);
  const thanked = (await sentNotice(home).count()) > 0 ? home : second;
  const other = thanked === home ? second : home;
  const reference = await expectSentNeutrally(thanked, thanked === home ? /\/$/ : /\/RegisterCyclist$/);
  await expect(banner(other)).toHaveCount(0);
  await expect(banner(thanked)).toHaveCount(0);
  await sentNotice(thanked).getByRole('button', { name: 'Dismiss' }).click();
  await expect(sentNotice(thanked)).toHaveCount(0);

  expect(await registrationsOf(person.lastName)).toEqual([{ reference }]);
  await waitForMail(person.email, new RegExp(`your registration ${reference}`));
  // Time for a second send to have arrived, had there been one.
  await other.reload();
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await registrationsOf(person.lastName)).toHaveLength(1);
  expect((await mailTo(person.email)).filter((mail) => mail.subject.includes(reference))).toHaveLength(1);
});

test('Background Sync sends a kept registration from the service worker; the next visit says so, without its private link', async ({
  page,
  context,
}) => {
  const person = entrant('Tapiwa', uniqueName('Synced'), { raceType: '5km', tshirtSize: 'Large' });
  await page.goto('/Register');
  await offlineReady(page);
  const devtools = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((one) => !one.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await devtools.send('ServiceWorker.enable');
  const registrationId = await registration;
  await fillRegistration(page, person);
  await submittedOffline(page);

  // The page is closed; the signal returns and the browser fires the sync. Headless Chromium does so by
  // itself within seconds here; DevTools fires it at once, as the browser would, so the test need not wait.
  await page.goto('about:blank');
  await context.setOffline(false);
  await devtools.send('ServiceWorker.dispatchSyncEvent', {
    origin: new URL(test.info().project.use.baseURL ?? '').origin,
    registrationId,
    tag: 'pending-registration',
    lastChance: false,
  });
  await expect.poll(async () => (await registrationsOf(person.lastName)).length).toBe(1);

  // What the service worker kept for the next page holds no private link: a page without the app reads it.
  await page.goto('/robots.txt');
  const kept = () =>
    page.evaluate(
      () =>
        new Promise<string>((resolve, reject) => {
          const opening = indexedDB.open('keyval-store');
          opening.onerror = () => reject(opening.error);
          opening.onsuccess = () => {
            const read = opening.result.transaction('keyval').objectStore('keyval').getAll();
            read.onsuccess = () => resolve(JSON.stringify(read.result));
          };
        }),
    );
  // The worker stores the answer a moment after the server has answered.
  await expect.poll(kept).toContain('CFR25-');
  expect(await kept()).not.toContain('/My/');

  // The next person opens the home page: it stays his, and says only that a saved registration went.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Register as Runner' })).toBeVisible();
  const reference = await expectSentNeutrally(page, /\/$/);
  expect(await registrationsOf(person.lastName)).toEqual([{ reference }]);
  await expect(banner(page)).toHaveCount(0);
});

test('a registration kept by the form goes while the form is open: it empties, and the page says the reference', async ({
  page,
  context,
}) => {
  const person = entrant('Rutendo', uniqueName('Shared'), { raceType: '10km', tshirtSize: 'Small' });
  await filledWhenOfflineReady(page, person);
  await submittedOffline(page);

  await context.setOffline(false);
  const reference = await expectSentNeutrally(page, /\/Register$/);
  expect(await registrationsOf(person.lastName)).toEqual([{ reference }]);
  // The next person finds an empty form, and nothing of the last one's in the tab.
  await expect(page.getByLabel('First name')).toHaveValue('');
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByText(SAVED)).toHaveCount(0);
  await page.goto('/Thankyou');
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
  await expect(page.getByText(reference)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('the Thank-you page forgets the registration once it is left', async ({ page }) => {
  const first = entrant('Tatenda', uniqueName('Left'), { raceType: '5km', tshirtSize: 'Medium' });
  await page.goto('/Register');
  await fillRegistration(page, first);
  await page.getByRole('button', { name: 'Register' }).click();
  const reference = await expectThankYou(page);
  await expect(page.getByRole('link', { name: 'your registration page' })).toBeVisible();
  // A reload keeps it: the entrant may still be reading.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your registration reference' })).toContainText(reference);

  // Left by a link in the page, then the Back button: nothing of the entry is shown again.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Find/ })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/Thankyou$/);
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your registration reference' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'your registration page' })).toHaveCount(0);

  // Left by opening another address, then /Thankyou typed again: the same.
  const second = entrant('Kuda', uniqueName('Left'), { raceType: '5km', tshirtSize: 'Medium' });
  await page.goto('/Register');
  await fillRegistration(page, second);
  await page.getByRole('button', { name: 'Register' }).click();
  const next = await expectThankYou(page);
  // Once that page is running (whoever presses Back sooner is still looking at the entrant's page)…
  await page.goto('/Search', { waitUntil: 'networkidle' });
  // …the Back button (the browser may keep the page as it was shown, in its back-forward cache).
  await page.goBack();
  await expect(page).toHaveURL(/\/Thankyou$/);
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your registration reference' })).toHaveCount(0);
  await page.goto('/Thankyou');
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your registration reference' })).toHaveCount(0);
  await expect(page.getByText(next)).toHaveCount(0);
  await expect(page.locator('a[href*="/My/"]')).toHaveCount(0);
});

test('a kept registration the server refuses comes back in its form with the reason', async ({
  page,
  context,
  browser,
  admin,
}, testInfo) => {
  const label = uniqueName('Last').slice(0, 20);
  const adminContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const adminPage = await adminContext.newPage();
  await signInAsAdmin(adminPage, admin);
  await saveRunnerRace(adminPage, testInfo, label, 1);

  const person = entrant('Chipo', uniqueName('Refused'), { raceType: label, tshirtSize: 'Small' });
  await watchSavedMessages(page);
  await filledWhenOfflineReady(page, person);
  await submittedOffline(page);

  // Meanwhile someone else takes the race's last place.
  await registerInBrowser(
    adminPage,
    'run',
    entrant('Farai', uniqueName('First'), { raceType: label, tshirtSize: 'Large' }),
  );
  await adminContext.close();

  await context.setOffline(false);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This race has just become full');
  await expect(alert).toContainText('It was not registered, and is no longer saved on this phone');
  await expect(page).toHaveURL(/\/Register$/);
  await expect(page.getByLabel('First name')).toHaveValue('Chipo');
  await expect(page.getByLabel('Last name')).toHaveValue(person.lastName);
  await expect(page.getByLabel('Email')).toHaveValue(person.email);
  await expect(page.getByLabel('Race type')).toHaveValue(label);
  // The race is full now: the form offers its waitlist.
  await expect(page.getByRole('button', { name: 'Join the waitlist' })).toBeVisible();
  await expect(page.getByText(SAVED)).toHaveCount(0);
  expect(await registrationsOf(person.lastName)).toEqual([]);

  // She joins its waitlist instead, again without signal: kept, then sent to the waitlist.
  await page.getByLabel('I agree to the Terms and Conditions').check();
  await submittedOffline(page, 'Join the waitlist');
  // The banner's code is loaded by now (the first time it was not): it must still leave the message to the form.
  expect(await mostSavedShown(page)).toBe(1);
  await context.setOffline(false);
  await expect(sentNotice(page).getByRole('status')).toHaveText(
    /^Your saved request for a waitlist place was sent — reference CFR25-W\d{4,}; the details are in the email or text message\.$/,
  );
  await expect(page).toHaveURL(/\/Register$/);
  await expect(page.getByLabel('First name')).toHaveValue('');

  // Nothing waits any more: the home page shows no banner.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Register as Runner' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});
