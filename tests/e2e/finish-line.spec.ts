import type { Browser, Page, PlaywrightWorkerArgs, TestInfo } from '@playwright/test';
import { type Account, createVerifiedAccount, newAccount, signInByCookie } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { raceWithFees, registeredByApi } from './support/fun-run-admin.ts';

// Volunteers at the finish hold phones; the admin checks the finish at the line too.
heldOn('phone');

async function volunteer(playwright: PlaywrightWorkerArgs['playwright'], testInfo: TestInfo, name: string) {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const account = await createVerifiedAccount(request, newAccount('finish', testInfo, name));
  await request.dispose();
  await query(`update "user" set role = 'volunteer' where email = $1`, [account.email]);
  return account;
}

/** Another phone: a browser context of its own at the project's phone size. */
async function anotherPhone(browser: Browser, testInfo: TestInfo, account: Account, path: string) {
  const { baseURL, viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    userAgent,
  });
  const page = await context.newPage();
  await signInByCookie(page, account, path);
  return page;
}

async function chooseRace(page: Page, race: string, mode?: 'Tap times' | 'Enter bibs') {
  await page.getByLabel('Race').selectOption({ label: race });
  if (mode) await page.getByRole('radio', { name: mode }).check();
}

test('/Finish on two phones: times tapped offline then synced, bibs entered, a missed bib fixed and a deleted tap put back on the check, saved as results', async ({
  page,
  browser,
  playwright,
  admin,
}, testInfo) => {
  const race = await raceWithFees('Finish', '10');
  const surname = uniqueName('Dube').replace(/\d/g, 'x');
  const firstBib = 80000 + (Date.now() % 9000);
  const bibs: number[] = [];
  for (const [index, firstName] of ['Ano', 'Beauty', 'Chido', 'Dudzai'].entries()) {
    const { reference } = await registeredByApi(page, testInfo, firstName, surname, { raceType: race });
    bibs.push(firstBib + index);
    await query('update registrations set bib = $1 where reference = $2', [firstBib + index, reference]);
  }
  const [raceRow] = await query<{ id: string }>('select id from race_options where label = $1', [race]);
  const raceId = raceRow?.id;

  // The timing phone: Start with signal, then the finishers tapped without it.
  const timer = page;
  await signInByCookie(timer, await volunteer(playwright, testInfo, 'Rudo Timer'), '/Finish');
  await expect(timer.getByRole('heading', { level: 1, name: 'Finish line' })).toBeVisible();
  await chooseRace(timer, race, 'Tap times');
  await timer.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(timer.getByText(/^Started at \d\d:\d\d:\d\d\./)).toBeVisible();
  await expect
    .poll(async () => (await query('select 1 from finish_taps where race_option_id = $1', [raceId])).length)
    .toBe(1);

  await timer.context().setOffline(true);
  const finisher = timer.getByRole('button', { name: 'Finisher' });
  for (let tap = 1; tap <= 4; tap++) {
    await timer.waitForTimeout(1100);
    await finisher.click();
    await expect(timer.getByRole('status').filter({ hasText: 'tapped' })).toContainText(
      `${tap} ${tap === 1 ? 'finisher' : 'finishers'} tapped · last 0:0`,
    );
  }
  // One tap too many, undone at once: it never leaves the phone.
  await finisher.click();
  await expect(timer.getByText('5 finishers tapped')).toBeVisible();
  await timer.getByRole('button', { name: 'Undo last tap' }).click();
  await expect(timer.getByText('4 finishers tapped')).toBeVisible();
  await expect(timer.getByRole('status').filter({ hasText: 'waiting to send' })).toHaveText(
    '4 waiting to send: they go as soon as the phone has signal.',
  );
  await timer.screenshot({ path: testInfo.outputPath('finish-tap-times-offline-390.png'), fullPage: true });
  await expectNoAxeViolations(timer);
  expect(await query('select 1 from finish_taps where race_option_id = $1', [raceId])).toHaveLength(1);

  // The bib phone, beside it, misses the third finisher's bib.
  const bibber = await anotherPhone(
    browser,
    testInfo,
    await volunteer(playwright, testInfo, 'Tendai Bibs'),
    '/Finish',
  );
  await chooseRace(bibber, race, 'Enter bibs');
  const bibField = bibber.getByLabel('Bib number');
  for (const bib of [bibs[0], bibs[1], bibs[3]]) {
    await bibField.fill(String(bib));
    await bibField.press('Enter');
    await expect(bibber.getByText(`· last ${bib}`)).toBeVisible();
  }
  await expect(bibber.getByText('3 bibs entered')).toBeVisible();
  await bibber.screenshot({ path: testInfo.outputPath('finish-enter-bibs-390.png'), fullPage: true });
  await expectNoAxeViolations(bibber);

  // Signal again: the timing phone's queue goes by itself.
  await timer.context().setOffline(false);
  await expect(timer.getByRole('status').filter({ hasText: 'waiting to send' })).toHaveCount(0, {
    timeout: 15_000,
  });
  expect(
    await query('select 1 from finish_taps where race_option_id = $1 and removed_at is null', [raceId]),
  ).toHaveLength(5);
  expect(await query('select 1 from finish_bibs where race_option_id = $1', [raceId])).toHaveLength(3);

  // The admin's check: four taps, three bibs; the missed bib goes in after the second line; then saved.
  const desk = await anotherPhone(browser, testInfo, admin, '/FinishCheck');
  await expect(desk.getByRole('heading', { level: 1, name: 'Check the finish' })).toBeVisible();
  await chooseRace(desk, race);
  await expect(
    desk.getByText('4 taps and 3 bibs: insert the missing ones or delete the extra ones.'),
  ).toBeVisible();
  await expect(desk.getByRole('listitem', { name: 'Line 4' })).toContainText('No bib');
  await expect(desk.getByRole('button', { name: 'Save as results' })).toBeDisabled();
  await desk.screenshot({ path: testInfo.outputPath('finish-check-gap-390.png'), fullPage: true });
  await expectNoAxeViolations(desk);

  // A tap deleted by mistake says its time, and goes back in by it.
  await desk.getByRole('button', { name: 'Delete tap 4' }).click();
  const deleted = desk.getByRole('status').filter({ hasText: 'Deleted the tap of line 4' });
  await expect(deleted).toHaveText(
    /^Deleted the tap of line 4 \((0:0\d(\.\d)?)\): to put it back, insert a tap of \1\.$/,
  );
  const time = /\((.+?)\)/.exec((await deleted.textContent()) ?? '')?.[1] ?? '';
  await expect(desk.getByRole('listitem', { name: 'Line 4' })).toHaveCount(0);
  await desk.getByLabel('Finish time').fill(time);
  await desk.getByRole('button', { name: 'Insert tap' }).click();
  await expect(desk.getByRole('listitem', { name: 'Line 4' })).toContainText(time);

  await desk.getByLabel('Missed bib number').fill(String(bibs[2]));
  await desk.getByLabel('Put it after').selectOption({ label: `Line 2: bib ${bibs[1]}` });
  await desk.getByRole('button', { name: 'Insert bib' }).click();
  await expect(desk.getByText('No gaps: every tap has a bib.')).toBeVisible();
  for (const [index, bib] of bibs.entries())
    await expect(desk.getByRole('listitem', { name: `Line ${index + 1}` })).toContainText(`Bib ${bib}`);
  await desk.getByRole('button', { name: 'Save as results' }).click();
  await expect(desk.getByRole('status').filter({ hasText: 'saved' })).toHaveText(
    `4 results saved for the ${race}. They stay preliminary until you publish the results.`,
  );
  await desk.screenshot({ path: testInfo.outputPath('finish-check-saved-390.png'), fullPage: true });
  await expectNoAxeViolations(desk);
  const saved = await query<{ bib: number; timer_place: number; source: string }>(
    `select r.bib, s.timer_place, s.source from results s join registrations r on r.id = s.registration_id
      where r.race_option_id = $1 order by s.timer_place`,
    [raceId],
  );
  expect(saved).toEqual(bibs.map((bib, index) => ({ bib, timer_place: index + 1, source: 'finish-line' })));
  await bibber.context().close();
  await desk.context().close();
});
