import type { Page, PlaywrightWorkerArgs, TestInfo } from '@playwright/test';
import { FAKE_INTEGRATION } from '../support/fake-paynow-server.ts';
import { createVerifiedAccount, newAccount, signInByCookie } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { raceWithFees } from './support/fun-run-admin.ts';
import { turnOnOnlinePayment } from './support/online-payment.ts';
import { adminApi } from './support/progress.ts';
import { fillRegistration } from './support/registration-form.ts';

heldOn('phone');

async function volunteer(playwright: PlaywrightWorkerArgs['playwright'], testInfo: TestInfo, name: string) {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const account = await createVerifiedAccount(request, newAccount('volunteer', testInfo, name));
  await request.dispose();
  await query(`update "user" set role = 'volunteer' where email = $1`, [account.email]);
  return account;
}

/** Runs `journey` with the event's day today (Harare), and puts the date back after. */
async function onRaceDay(journey: () => Promise<void>) {
  const [before] = await query<{ day: string | null }>(
    `select to_char(event_date, 'YYYY-MM-DD') as day from events where is_current`,
  );
  try {
    await query(`update events set event_date = (now() at time zone 'Africa/Harare')::date where is_current`);
    await journey();
  } finally {
    await query('update events set event_date = $1 where is_current', [before?.day ?? null]);
  }
}

/**
 * A runner race with a US$15 fee and fifty bib numbers of its own; answers its label and range. Within the
 * numbers Event settings accepts (1–99999): a spec saving every race there must not find this one invalid.
 */
async function raceWithBibs() {
  const label = await raceWithFees('Walk', '15', '400');
  const from = 50_000 + (Date.now() % 997) * 50;
  await query('update race_options set bib_from = $1, bib_to = $2 where label = $3', [
    from,
    from + 49,
    label,
  ]);
  return { label, from, to: from + 49 };
}

const entrant = (race: string, firstName: string) => {
  const lastName = uniqueName('Walkup').replace(/\d/g, 'x');
  return {
    firstName,
    lastName,
    name: `${firstName} ${lastName}`,
    email: `${firstName}.${lastName}@example.com`.toLowerCase(),
    mobile: '0771234567',
    age: '34',
    raceType: race,
    nextOfKinMobile: '0772345678',
    tshirtSize: 'Large',
  };
};

const entryOf = async (email: string) =>
  query<{ reference: string; bib: number | null; checked: boolean; status: string; method: string | null }>(
    `select reference, bib, checked_in_at is not null as checked, payment_status as status,
      payment_method as method from registrations where email = $1`,
    [email],
  );

/** The page as it is now at the volunteer's width and at a desk's (the admin's screens too), by CSS pixels. */
async function screens(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-390.png`), fullPage: true, scale: 'css' });
  const phone = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath(`${name}-1280.png`), fullPage: true, scale: 'css' });
  if (phone) await page.setViewportSize(phone);
}

async function newEntry(page: Page, fee: string) {
  await page.getByRole('button', { name: 'New entry' }).click();
  await page.getByRole('radio', { name: fee }).check();
}

test('a walk-up paid in cash is registered with the next bib and checked in, in one step; the same person again is kept apart for the admin', async ({
  page,
  playwright,
  admin,
}, testInfo) => {
  const rudo = await volunteer(playwright, testInfo, 'Rudo Volunteer');
  const race = await raceWithBibs();
  const chipo = entrant(race.label, 'Chipo');

  await onRaceDay(async () => {
    await signInByCookie(page, rudo, '/CheckIn');
    await newEntry(page, 'Cash (USD)');
    await fillRegistration(page, chipo);
    await expectNoAxeViolations(page);
    await screens(page, testInfo, 'walk-up-form');
    await page.getByRole('button', { name: 'Register' }).click();

    const card = page.getByText(`${chipo.name} is registered and checked in`);
    await expect(card).toBeVisible();
    await expect(page.getByText(`Bib ${race.from}`, { exact: true })).toBeVisible();
    await expect(page.getByText('✓ Checked in')).toBeVisible();
    await expect(page.getByText('Paid in cash: USD 15.00')).toBeVisible();
    await expectNoAxeViolations(page);
    await screens(page, testInfo, 'walk-up-done');

    const [row] = await entryOf(chipo.email);
    expect(row).toMatchObject({ bib: race.from, checked: true, status: 'paid', method: 'cash' });
    await expect(page.getByText(row?.reference ?? '-')).toBeVisible();

    // The same person again: nothing is registered or merged; the organisers are told.
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('radio', { name: 'Not paid yet' }).check();
    await fillRegistration(page, chipo);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText(`${chipo.name} seems registered already (${row?.reference})`)).toBeVisible();
    expect(await entryOf(chipo.email)).toHaveLength(1);

    await signInByCookie(page, admin, '/WelcomeAdmin');
    const review = page.getByRole('region', { name: 'Walk-ups to look at' });
    await expect(review.getByText(`${chipo.name} · Runner ${race.label}`)).toBeVisible();
    await expectNoAxeViolations(page);
    await screens(page, testInfo, 'walk-up-clash-admin');
    await review.getByRole('button', { name: `Done: ${chipo.name}` }).click();
    await expect(review.getByText(`${chipo.name} · Runner ${race.label}`)).toHaveCount(0);
  });
});

test.describe('without signal', () => {
  // The service worker keeps /CheckIn for a prepared phone: allowed here (the other specs block it).
  test.use({ serviceWorkers: 'allow' });

  test('a walk-up without signal is kept on the phone with a bib of its block, the page reopened offline takes another, and each is registered once when the signal returns', async ({
    page,
    context,
    playwright,
  }, testInfo) => {
    const tapiwa = await volunteer(playwright, testInfo, 'Tapiwa Volunteer');
    const race = await raceWithBibs();
    const farai = entrant(race.label, 'Farai');
    const rudo = entrant(race.label, 'Rudo');

    await onRaceDay(async () => {
      await signInByCookie(page, tapiwa, '/CheckIn');
      // Prepared for race morning: the phone keeps its own block of the race's numbers.
      const prepare = page.getByRole('region', { name: 'Race morning without signal' });
      const roster = page.waitForResponse('**/api/check-in/roster');
      await prepare.getByRole('button', { name: 'Prepare this phone for race morning' }).click();
      expect((await roster).status()).toBe(200);
      // The service worker keeps the page for the prepared phone: it reopens without signal.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await expect
        .poll(() =>
          page.evaluate(async () => {
            for (const name of await caches.keys()) {
              if (await (await caches.open(name)).match('/CheckIn')) return true;
            }
            return false;
          }),
        )
        .toBe(true);
      const [block] = await query<{ from: number; to: number }>(
        `select b.bib_from as from, b.bib_to as to from bib_blocks b join race_options r on r.id = b.race_option_id
        where r.label = $1 and b.released_at is null`,
        [race.label],
      );
      if (!block) throw new Error('no bib block for the phone');

      await context.setOffline(true);
      await newEntry(page, 'Cash (USD)');
      await fillRegistration(page, farai);
      await page.getByRole('button', { name: 'Register' }).click();
      await expect(
        page.getByText('Saved on this phone: it is registered when the signal returns'),
      ).toBeVisible();
      await expect(page.getByText(`Bib ${block.from}`, { exact: true })).toBeVisible();
      await expect(page.getByText('Paid in cash (USD)')).toBeVisible();
      await expect(page.getByText('1 walk-up waiting to be sent')).toBeVisible();
      await expect(page.getByRole('radio', { name: /Mobile money prompt/ })).toBeDisabled();
      await expectNoAxeViolations(page);
      await screens(page, testInfo, 'walk-up-offline');
      expect(await entryOf(farai.email)).toEqual([]);

      // The page reopened without signal still takes a walk-up, with the next number of the block.
      await page.reload();
      await expect(page.getByText('1 walk-up waiting to be sent')).toBeVisible();
      await newEntry(page, 'Not paid yet');
      await fillRegistration(page, rudo);
      await page.getByRole('button', { name: 'Register' }).click();
      await expect(
        page.getByText('Saved on this phone: it is registered when the signal returns'),
      ).toBeVisible();
      await expect(page.getByText(`Bib ${block.from + 1}`, { exact: true })).toBeVisible();
      await expect(page.getByText('2 walk-ups waiting to be sent')).toBeVisible();

      await context.setOffline(false);
      const sent = page.getByRole('region', { name: 'Walk-ups sent' });
      // Both may be sent before the page is looked at: the first answer shown is enough to go on.
      await expect(sent.getByText('Registered:').first()).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText(/walk-ups? waiting to be sent/)).toHaveCount(0);
      const rows = await entryOf(farai.email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ bib: block.from, checked: true, status: 'paid', method: 'cash' });
      await expect(sent.getByText(`Registered: ${rows[0]?.reference}, bib ${block.from}`)).toBeVisible();
      await screens(page, testInfo, 'walk-up-sent');

      await expect(sent.getByText(`, bib ${block.from + 1}`)).toBeVisible();
      // The card of the last one says what became of it.
      await expect(page.getByText(/^Sent — Registered: CFR\d+-\d+, bib \d+$/)).toBeVisible();
      expect(await entryOf(rudo.email)).toMatchObject([
        { bib: block.from + 1, checked: true, status: 'unpaid' },
      ]);

      // Sent once: another round of sending finds nothing waiting.
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await page.waitForTimeout(500);
      expect(await entryOf(farai.email)).toHaveLength(1);
      expect(await entryOf(rudo.email)).toHaveLength(1);
    });
  });
});

test('the fee by a mobile-money prompt at the table: the entrant approves it on their phone and the entry is paid', async ({
  page,
  playwright,
  admin,
}, testInfo) => {
  const nyasha = await volunteer(playwright, testInfo, 'Nyasha Volunteer');
  const race = await raceWithBibs();
  const tendai = entrant(race.label, 'Tendai');
  const api = await adminApi(playwright, admin, testInfo);
  const online = (enabled: boolean) =>
    api.put('/api/admin/online-payment', {
      data: {
        enabled,
        integrationId: FAKE_INTEGRATION.integrationId,
        integrationKey: '',
        methods: ['ecocash', 'onemoney'],
        currency: 'USD',
      },
    });
  await turnOnOnlinePayment(api, ['ecocash', 'onemoney']);

  try {
    await onRaceDay(async () => {
      await signInByCookie(page, nyasha, '/CheckIn');
      await newEntry(page, 'Mobile money prompt');
      await fillRegistration(page, tendai);
      await page.getByRole('button', { name: 'Register' }).click();
      await expect(page.getByText(`${tendai.name} is registered and checked in`)).toBeVisible();
      await expect(page.getByText('Not paid yet: USD 15.00 or ZWG 400.00')).toBeVisible();
      await page.getByLabel('Entrant’s mobile money number').fill('0771111111');
      await page.getByRole('button', { name: 'Send the prompt (EcoCash)' }).click();
      await expect(page.getByText('Check the entrant’s phone')).toBeVisible();
      await expectNoAxeViolations(page);
      await screens(page, testInfo, 'walk-up-prompt');
      await expect(page.getByText(/^Paid \(US\$15/)).toBeVisible({ timeout: 30_000 });
      const [row] = await entryOf(tendai.email);
      expect(row).toMatchObject({ checked: true, status: 'paid', method: 'paynow_ecocash' });
    });
  } finally {
    await online(false);
    await api.dispose();
  }
});
