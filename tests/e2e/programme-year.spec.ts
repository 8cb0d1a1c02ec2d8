import { signInByCookie } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { query } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { adminApi, facilitatorAccount, logOut, signedInParticipant, signIn } from './support/progress.ts';

const HALL = 'Church hall, 12 Samora Machel Ave';
const harareToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Harare' }).format(new Date());
const shortDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(2, 4)}`;

/** Puts the programme back as seeded: the new year's sessions and its start go, Courage has no time or place. */
async function backToTheSeededYear() {
  await query(`delete from workout_sessions where held_on > '2024-12-31'`);
  await query('delete from programme_years');
  await query(`update workout_sessions set start_time = null, place = null where held_on < '2025-01-01'`);
}
test.beforeEach(backToTheSeededYear);
test.afterEach(backToTheSeededYear);

test('an admin gives a session its time and place, then starts a new programme year from a preview', async ({
  page,
  admin,
}, testInfo) => {
  heldOn('desktop');
  await signInByCookie(page, admin, '/ProgrammeSettings');
  const sessions = page.getByRole('region', { name: 'Sessions table' });
  const courage = sessions.getByRole('row').filter({ hasText: 'Courage' });
  await expect(courage).toBeVisible();
  await expect(sessions).not.toContainText('null');

  await courage.getByRole('button', { name: 'Edit Courage' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit session' });
  const time = edit.getByLabel('Start time (optional)');
  const place = edit.getByLabel('Place (optional)');
  await expect(time).toHaveValue('');
  await expect(place).toHaveValue('');
  await time.fill('09:00');
  await place.fill(HALL);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('edit-session-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('edit-session-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(courage).toContainText('09:00');
  await expect(courage).toContainText(HALL);

  // The new year: the suggested day first, then one the admin chooses; the preview follows it.
  await page.getByRole('button', { name: 'Start a new programme year' }).click();
  const year = page.getByRole('dialog', { name: 'Start a new programme year' });
  const firstDay = year.getByLabel('Date of the new year’s first session');
  await expect(firstDay).not.toHaveValue('');
  await expect(year).toContainText('This year’s 8 sessions (24/02/24 to 23/11/24)');
  const firstOn = `${new Date().getFullYear() + 1}-02-06`;
  await firstDay.fill(firstOn);
  const preview = year.getByRole('region', { name: 'The new year’s sessions' });
  const copied = preview.getByRole('row').filter({ hasText: 'Real Man Runway Overview' });
  await expect(copied).toContainText(shortDate(firstOn));
  const copiedCourage = preview.getByRole('row').filter({ hasText: 'Courage' });
  await expect(copiedCourage).toContainText('09:00');
  await expect(copiedCourage).toContainText(HALL);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('new-year-preview-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('new-year-preview-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await year.getByRole('button', { name: 'Create 8 sessions' }).click();
  await expect(year).toBeHidden();
  await expect(
    page.getByText(`The new programme year has started: 8 sessions from ${shortDate(firstOn)}`),
  ).toBeVisible();
  const made = await query<{ state: string; start_time: string | null }>(
    `select state, start_time from workout_sessions where held_on >= $1`,
    [firstOn],
  );
  expect(made).toHaveLength(8);
  expect(made.every((row) => row.state === 'inactive')).toBe(true);
  // Last year's sessions are listed still, marked as such.
  await expect(sessions.getByRole('row').filter({ hasText: 'Earlier year' })).toHaveCount(8);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('settings-after-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('settings-after-390.png'), fullPage: true });

  // Started twice (a second tab, an old page): refused, and said so.
  await page.getByRole('button', { name: 'Start a new programme year' }).click();
  await firstDay.fill(firstOn);
  await expect(year.getByRole('alert')).toContainText(
    'the new year’s first session must come after that day',
  );
  await expect(year.getByRole('button', { name: /^Create/ })).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath('new-year-refused-390.png') });
});

test("the men see the new year's sessions with time and place; the facilitator's picker opens on the next session", async ({
  page,
  request,
  admin,
  playwright,
}, testInfo) => {
  heldOn('phone');
  test.setTimeout(60_000);
  const api = await adminApi(playwright, admin, testInfo);
  const facilitator = await facilitatorAccount(request, 'Tapiwa', testInfo);

  // Every session is past (2024's): the picker opens on the most recent one.
  await signIn(page, facilitator);
  await page.goto('/Managean');
  const picker = page.getByLabel('Workout Session');
  await expect(picker.locator('option:checked')).toHaveText('Sexual Integrity · 23/11/24 · Not Active');

  // A new year whose first session is today, at 18:30 in the church hall.
  const today = harareToday();
  const started = await api.post('/api/programme/years', { data: { firstOn: today } });
  expect(started.status(), await started.text()).toBe(201);
  const [first, second] = (await started.json()).created as { id: string; name: string; heldOn: string }[];
  if (!first || !second) throw new Error('no sessions made');
  for (const session of [first, second]) {
    const opened = await api.put(`/api/programme/sessions/${session.id}`, {
      data: { name: session.name, heldOn: session.heldOn, state: 'open', startTime: '18:30', place: HALL },
    });
    expect(opened.status()).toBe(200);
  }

  await page.reload();
  await expect(picker).toHaveValue(first.id);
  await expect(picker.locator('option:checked')).toHaveText(`${first.name} · ${shortDate(today)} · 18:30`);
  await expect(page.getByText(`Starts 18:30 at ${HALL}`)).toBeVisible();
  // Last year's sessions are still there to look back on.
  await expect(picker.locator('optgroup[label="Earlier years"] option')).toHaveCount(8);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('managean-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('managean-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await logOut(page);

  // A man's dashboard lists the new year's eight sessions, with time and place where set, and no "null".
  await signedInParticipant(page, request, 'Nyasha', testInfo);
  const list = page.getByRole('region', { name: 'Workout Session' });
  await expect(list.getByRole('listitem')).toHaveCount(8);
  const next = list.getByRole('listitem').filter({ hasText: first.name });
  await expect(next).toContainText(`${shortDate(today)} · 18:30`);
  await expect(next).toContainText(HALL);
  await expect(next.getByRole('button', { name: `Register for ${first.name}` })).toBeVisible();
  await expect(list).not.toContainText('null');
  await expect(list).not.toContainText('/24');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('welcome-man-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('welcome-man-1280.png'), fullPage: true });
  await api.dispose();
});
