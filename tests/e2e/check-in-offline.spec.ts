import type { Page, PlaywrightWorkerArgs, TestInfo } from '@playwright/test';
import { createVerifiedAccount, newAccount, signInByCookie } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { raceWithFees, registeredByApi } from './support/fun-run-admin.ts';

heldOn('phone');

// The service worker keeps /CheckIn for a prepared phone: allowed here (the other specs block it).
test.use({ serviceWorkers: 'allow' });

async function volunteer(playwright: PlaywrightWorkerArgs['playwright'], testInfo: TestInfo, name: string) {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const account = await createVerifiedAccount(request, newAccount('volunteer', testInfo, name));
  await request.dispose();
  await query(`update "user" set role = 'volunteer' where email = $1`, [account.email]);
  return account;
}

async function registered(page: Page, testInfo: TestInfo, firstName: string, race: string) {
  const lastName = uniqueName('Offline').replace(/\d/g, 'x');
  const { reference } = await registeredByApi(page, testInfo, firstName, lastName, {
    raceType: race,
    tshirtSize: 'Large',
  });
  const [row] = await query<{ id: string; code: string }>(
    'select id, check_in_code as code from registrations where reference = $1',
    [reference],
  );
  if (!row) throw new Error(`no entry ${reference}`);
  return { ...row, reference, firstName, lastName, name: `${firstName} ${lastName}` };
}

const actionsOf = (ids: string[]) =>
  query<{ id: string; action: string; outcome: string }>(
    `select registration_id as id, action, outcome from check_in_actions where registration_id = any($1::uuid[])`,
    [ids],
  );

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

/** Whether the phone's IndexedDB holds a roster (roster-store.ts). */
const keptRoster = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<boolean>((resolve, reject) => {
        const opened = indexedDB.open('celebration-check-in');
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const read = opened.result.transaction('roster').objectStore('roster').get('roster');
          read.onsuccess = () => resolve(read.result !== undefined);
          read.onerror = () => reject(read.error);
        };
      }),
  );

const OFFLINE_BANNER = /^Offline — answers from this phone’s list of \d\d:\d\d$/;

test('a phone prepared for race morning finds, checks in and takes cash without signal, reopens offline, and syncs once', async ({
  page,
  context,
  playwright,
}, testInfo) => {
  const rudo = await volunteer(playwright, testInfo, 'Rudo Volunteer');
  const race = await raceWithFees('Dawn', '15');
  const byName = await registered(page, testInfo, 'Chipo', race);
  const byBib = await registered(page, testInfo, 'Farai', race);
  const byReference = await registered(page, testInfo, 'Tatenda', race);
  const byCode = await registered(page, testInfo, 'Nyasha', race);
  const bib = 70000 + (Date.now() % 9000);
  await query('update registrations set bib = $1 where id = $2', [bib, byBib.id]);
  const checkedIn = [byName, byBib, byReference];

  await onRaceDay(async () => {
    await page.clock.install();
    await signInByCookie(page, rudo, '/CheckIn');
    const prepare = page.getByRole('region', { name: 'Race morning without signal' });
    await expect(prepare.getByRole('button', { name: 'Prepare this phone for race morning' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('prepare-before-390.png'), fullPage: true });

    const roster = page.waitForResponse('**/api/check-in/roster');
    await prepare.getByRole('button', { name: 'Prepare this phone for race morning' }).click();
    expect((await roster).status()).toBe(200);
    const [{ count }] = (await query<{ count: number }>(
      `select count(*)::int as count from registrations r join events e on e.id = r.event_id
        where e.is_current and r.status = 'active' and r.anonymised_at is null`,
    )) as [{ count: number }];
    await expect(prepare.getByText(/This phone has the list of/)).toHaveText(
      new RegExp(
        `This phone has the list of ${count.toLocaleString('en-GB')} entrants?, as of \\d\\d:\\d\\d\\.`,
      ),
    );
    await expect(prepare.getByRole('button', { name: 'Refresh the list' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('prepare-done-390.png'), fullPage: true });
    await expectNoAxeViolations(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The service worker has kept the page for this phone.
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

    // No signal from here: every look-up is answered from the phone's list.
    const requests: string[] = [];
    page.on('request', (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname}`));
    await context.setOffline(true);
    const search = page.getByLabel('Name, bib or reference');
    const checkIn = async (text: string, entrant: { name: string }) => {
      await search.fill(text);
      await search.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible();
      await page.getByRole('button', { name: new RegExp(entrant.name) }).click();
      const card = page.getByRole('article', { name: entrant.name });
      await card.getByRole('button', { name: 'Check in' }).click();
      await expect(card.getByText('Checked in (waiting to be sent)')).toBeVisible();
      return card;
    };
    await checkIn(byName.lastName.slice(0, 9), byName);
    await page.screenshot({ path: testInfo.outputPath('offline-card-390.png'), fullPage: true });
    await checkIn(String(bib), byBib);
    await checkIn(byReference.reference, byReference);

    // A hand-held scanner types the QR code's text: the entry opens at once.
    await search.fill(byCode.code);
    await search.press('Enter');
    const codeCard = page.getByRole('article', { name: byCode.name });
    await expect(codeCard.getByText(/^NOT PAID — owes/)).toBeVisible();
    await codeCard.getByRole('button', { name: /Mark paid — cash/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cash taken' }).click();
    await expect(codeCard.getByText(/^Paid in cash — sent in/)).toBeVisible();
    await expect(page.getByText('3 check-ins waiting to be sent')).toBeVisible();
    await expectNoAxeViolations(page);
    // Log Out warns of the check-ins and the cash payment not sent yet.
    await page.getByRole('button', { name: 'Log Out' }).click();
    const warning = page.getByRole('dialog', { name: 'Log out with check-ins not sent?' });
    await expect(warning).toContainText('3 check-ins you made on this phone have not reached the server yet');
    await expect(warning).toContainText(
      'One cash payment you took on this phone has not reached the server yet',
    );
    await warning.getByRole('button', { name: 'Stay signed in' }).click();

    // The page opens again without signal, with the list and its queue.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
    await expect(page.getByText('3 check-ins waiting to be sent')).toBeVisible();
    await search.fill(byName.lastName.slice(0, 9));
    await search.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER })).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(`${byName.name}.*checked in`) })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('offline-results-390.png'), fullPage: true });
    expect(await actionsOf(checkedIn.map((entrant) => entrant.id))).toEqual([]);

    // Meanwhile another volunteer's phone had checked Tatenda in, and the office corrected a name.
    await query(
      `update registrations set checked_in_at = now() - interval '5 minutes', checked_in_by = 'Tari Volunteer'
        where id = $1`,
      [byReference.id],
    );
    // The list takes it with the changes, not the whole list again.
    await query(`update registrations set first_name = 'Chiedza' where id = $1`, [byName.id]);
    requests.length = 0;
    await context.setOffline(false);
    // The cash waits its minute for Undo, then goes with the rest.
    await page.clock.fastForward(60_000);
    await expect(page.getByText(/waiting to be sent/)).toHaveCount(0, { timeout: 20_000 });
    await expect
      .poll(async () => (await actionsOf(checkedIn.map((entrant) => entrant.id))).length, { timeout: 20_000 })
      .toBe(3);
    const sent = await actionsOf(checkedIn.map((entrant) => entrant.id));
    expect(sent.map((row) => [row.id, row.outcome]).sort()).toEqual(
      [
        [byName.id, 'done'],
        [byBib.id, 'done'],
        [byReference.id, 'already'],
      ].sort(),
    );
    // The phone says so: "already checked in at … by …", nothing doubled.
    await expect(page.getByRole('alert').filter({ hasText: 'someone had done it first' })).toContainText(
      new RegExp(`${byReference.name}: Already checked in at \\d\\d:\\d\\d by Tari Volunteer`),
    );
    await page.screenshot({ path: testInfo.outputPath('synced-390.png'), fullPage: true });
    const paymentOf = async () =>
      (
        await query<{ status: string }>('select payment_status as status from registrations where id = $1', [
          byCode.id,
        ])
      )[0]?.status;
    await expect.poll(paymentOf, { timeout: 20_000 }).toBe('paid');
    // The list on the page is asked again once the phone has synced.
    await expect(page.getByRole('button', { name: new RegExp(byCode.name) })).not.toContainText('not paid');
    await expect
      .poll(() => requests.some((line) => line.startsWith('GET /api/check-in/roster/changes')))
      .toBe(true);
    expect(requests).not.toContain('POST /api/check-in/roster');

    // The phone's list has the new name: found without signal.
    await context.setOffline(true);
    await search.fill('Chiedza');
    await search.press('Enter');
    await expect(page.getByRole('button', { name: new RegExp(`Chiedza ${byName.lastName}`) })).toBeVisible();
    await context.setOffline(false);
    // Sent once: nothing was sent again.
    expect(await actionsOf(checkedIn.map((entrant) => entrant.id))).toHaveLength(3);

    // Logging out wipes the list from the phone.
    expect(await keptRoster(page)).toBe(true);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => keptRoster(page)).toBe(false);
  });
});
