import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import {
  adminApi,
  assignmentDueNextYear,
  cellGroup,
  EXE,
  facilitatorAccount,
  logOut,
  manIdOf,
  originOf,
  PDF,
  signedInParticipant,
  signIn,
  upcomingSession,
  verifiedAccount,
} from './support/progress.ts';

heldOn('phone');

const BOOK = 'Building People Building Dreams';
const FIRST_SESSION = 'Real Man Runway Overview';

const cleanups: (() => Promise<unknown>)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

test('a man registers for a session and uploads his assignment; his facilitator marks him present; his checklist counts it', async ({
  page,
  request,
  admin,
  playwright,
}, testInfo) => {
  const api = await adminApi(playwright, admin, testInfo);
  const book = await assignmentDueNextYear(api, BOOK);
  const upcoming = await upcomingSession(api, uniqueName('Leadership'));
  cleanups.push(upcoming.remove);

  // He signs up, confirms his email and signs in on his phone: his programme record is made for him.
  const man = await signedInParticipant(page, request, 'Farai', testInfo);
  await expect(page.getByRole('heading', { name: `Welcome, ${man.name}` })).toBeVisible();
  const sessions = page.getByRole('region', { name: 'Workout Session' });
  const next = sessions.getByRole('listitem').filter({ hasText: upcoming.name });
  await expect(next).toContainText(`30/01/${upcoming.heldOn.slice(2, 4)}`);
  await next.getByRole('button', { name: `Register for ${upcoming.name}` }).click();
  await expect(next.getByText('Registered')).toBeVisible();
  await expect(next.getByRole('button')).toHaveCount(0);
  // A session that is Not Active says so, and offers no Register button; nor does one held in 2024 that
  // an admin left open.
  const inactive = sessions.getByRole('listitem').filter({ hasText: 'Faithfulness' });
  await expect(inactive).toContainText('Not Active');
  await expect(inactive.getByRole('button')).toHaveCount(0);
  const first = sessions.getByRole('listitem').filter({ hasText: FIRST_SESSION });
  await expect(first).toContainText('24/02/24');
  await expect(first).toContainText('Not Active');
  await expect(first.getByRole('button')).toHaveCount(0);

  // His assignment, with a progress bar while it goes up (the answer is held back until it is seen).
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Assignments' }).click();
  await expect(page).toHaveURL(/\/UploadButton$/);
  const card = page.getByRole('article', { name: BOOK });
  await expect(card).toContainText(`Due 03 May ${book.dueOn.slice(0, 4)}, 17:00`);
  await expect(card.getByText('Not submitted')).toBeVisible();
  let answer = () => {};
  const progressSeen = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route('**/api/me/assignments/*/submission', async (route) => {
    await progressSeen;
    await route.continue();
  });
  await card.getByLabel(`Document for ${BOOK}`).setInputFiles({
    name: 'my-book-report.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await card.getByRole('button', { name: 'Upload' }).click();
  await expect(card.getByRole('progressbar')).toBeVisible();
  answer();
  await expect(card.getByText('Document uploaded successfully!')).toBeVisible();
  await expect(card.getByRole('progressbar')).toBeHidden();
  await expect(card.getByText(/^✓ Submitted on \d\d \w{3} \d{4}, \d\d:\d\d$/)).toBeVisible();
  await expect(card.getByRole('link', { name: 'my-book-report.pdf' })).toBeVisible();
  await page.unroute('**/api/me/assignments/*/submission');
  const manId = await manIdOf(man.email);
  expect(await query(`select file_name, late from submissions where man_id = $1`, [manId])).toEqual([
    { file_name: 'my-book-report.pdf', late: false },
  ]);
  // The download is his (through the authorised endpoint, never a public link).
  const download = page.waitForEvent('download');
  await card.getByRole('link', { name: 'my-book-report.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('my-book-report.pdf');
  await logOut(page);

  // His facilitator leads a cell group with him in it.
  const facilitator = await facilitatorAccount(request, 'Tatenda', testInfo);
  const group = await cellGroup(api, facilitator.facilitatorId, [manId]);
  await signIn(page, facilitator);
  await expect(page).toHaveURL(/\/WelcomeFacilitator$/);
  const groupPanel = page.getByRole('region', { name: group.name, exact: true });
  await expect(groupPanel.getByRole('row').filter({ hasText: man.name })).toContainText('0 of 9');
  await page.getByRole('link', { name: 'Take attendance' }).click();
  await expect(page).toHaveURL(/\/Managean$/);
  // It opens on the next session, not on one held long ago.
  await expect(page.getByLabel('Workout Session')).toHaveValue(upcoming.id);
  await page.getByLabel('Workout Session').selectOption({ label: `${FIRST_SESSION} · 24/02/24` });
  const panel = page.getByRole('region', { name: `Cell Group: ${group.name}` });
  const register = panel.getByRole('group', { name: `Register ${man.name}` });
  await register.getByText('Present', { exact: true }).click();
  await expect(register.getByText('Saved: Present')).toBeVisible();
  expect(await query(`select status from attendance where man_id = $1`, [manId])).toEqual([
    { status: 'present' },
  ]);
  // It survives a reload (the chosen session is in the address).
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: `Cell Group: ${group.name}` })
      .getByRole('group', { name: `Register ${man.name}` })
      .getByRole('radio', { name: 'Present' }),
  ).toBeChecked();

  // Manage: his record and progress; a checklist item that is ticked by hand.
  await page
    .getByRole('region', { name: `Cell Group: ${group.name}` })
    .getByRole('button', { name: `Manage ${man.name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: man.name });
  await expect(dialog.getByText('1 of 5 sessions attended')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'my-book-report.pdf' })).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Budget for regalia' }).check();
  await expect(dialog.getByText('Saved', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await logOut(page);

  // He sees it on his dashboard.
  await signIn(page, man);
  await expect(page).toHaveURL(/\/WelcomeMan$/);
  const checklist = page.getByRole('region', { name: 'Welcome', exact: true });
  await expect(checklist.getByText('1 of 5 sessions attended')).toBeVisible();
  await expect(checklist.getByRole('listitem').filter({ hasText: 'Budget for regalia' })).toContainText(
    'Ticked by your facilitator',
  );
  // One state for each session: the one he attended says Present, and nothing else.
  const attended = page
    .getByRole('region', { name: 'Workout Session' })
    .getByRole('listitem')
    .filter({ hasText: FIRST_SESSION });
  await expect(attended).toContainText('Present');
  await expect(attended).not.toContainText('Not Active');
  await expect(attended.getByRole('button')).toHaveCount(0);
  await expect(
    page
      .getByRole('region', { name: 'Workout Session' })
      .getByRole('listitem')
      .filter({ hasText: upcoming.name }),
  ).toContainText('Registered');
  const cell = page.getByRole('region', { name: 'Cell Group', exact: true });
  await expect(cell).toContainText(group.name);
  await expect(cell).toContainText(facilitator.name);
  await expect(cell.getByRole('link', { name: '+263 77 123 4567' })).toHaveAttribute(
    'href',
    'tel:+263771234567',
  );
  await api.dispose();
});

test('a facilitator marks his whole group present in one go, and undoes it', async ({
  page,
  request,
  admin,
  playwright,
}, testInfo) => {
  const api = await adminApi(playwright, admin, testInfo);
  const upcoming = await upcomingSession(api, uniqueName('Integrity'));
  cleanups.push(upcoming.remove);
  const [kuda, simba] = [
    await verifiedAccount(request, 'Kuda', testInfo),
    await verifiedAccount(request, 'Simba', testInfo),
  ];
  const ids = [await manIdOf(kuda.email), await manIdOf(simba.email)];
  const facilitator = await facilitatorAccount(request, 'Rufaro', testInfo);
  const group = await cellGroup(api, facilitator.facilitatorId, ids);
  const marks = async () =>
    Object.fromEntries(
      (
        await query<{ email: string; status: string | null }>(
          `select m.email, a.status from men m
           left join attendance a on a.man_id = m.id and a.session_id = $1 where m.id = any($2)`,
          [upcoming.id, ids],
        )
      ).map((row) => [row.email, row.status]),
    );

  await signIn(page, facilitator);
  await expect(page).toHaveURL(/\/WelcomeFacilitator$/);
  await page.goto('/Managean');
  await expect(page.getByLabel('Workout Session')).toHaveValue(upcoming.id);
  const panel = page.getByRole('region', { name: `Cell Group: ${group.name}` });
  // Simba came late; then everyone else is present with one tap.
  const simbaMark = panel.getByRole('group', { name: `Register ${simba.name}` });
  await simbaMark.getByText('Late', { exact: true }).click();
  await expect(simbaMark.getByText('Saved: Late')).toBeVisible();
  await panel.getByRole('button', { name: 'Mark all present' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'All 2 marked present.' })).toBeVisible();
  for (const man of [kuda, simba]) {
    await expect(
      panel.getByRole('group', { name: `Register ${man.name}` }).getByRole('radio', { name: 'Present' }),
    ).toBeChecked();
  }
  expect(await marks()).toEqual({ [kuda.email]: 'present', [simba.email]: 'present' });

  // Undo puts back what was there: Simba late, Kuda not yet marked.
  await panel.getByRole('button', { name: 'Undo' }).click();
  await expect(panel.getByText('Put back as it was.')).toBeVisible();
  await expect(simbaMark.getByRole('radio', { name: 'Late' })).toBeChecked();
  await expect(
    panel.getByRole('group', { name: `Register ${kuda.name}` }).getByRole('radio', { checked: true }),
  ).toHaveCount(0);
  expect(await marks()).toEqual({ [kuda.email]: null, [simba.email]: 'late' });
  await api.dispose();
});

test('a wrong, empty or too large document is refused with a clear message and nothing is stored', async ({
  page,
  request,
}, testInfo) => {
  const man = await signedInParticipant(page, request, 'Tinashe', testInfo);
  const manId = await manIdOf(man.email);
  await page.goto('/UploadButton');
  const card = page.getByRole('article', { name: BOOK });
  const input = card.getByLabel(`Document for ${BOOK}`);
  const upload = card.getByRole('button', { name: 'Upload' });

  // A program renamed .pdf passes the name check here; the server looks inside and refuses it.
  await input.setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: EXE });
  await upload.click();
  await expect(card.getByRole('alert')).toContainText(
    'Only PDF and Word documents (.pdf, .doc, .docx) can be uploaded. This file is something else.',
  );
  await expect(card.getByRole('alert')).toContainText('Nothing was saved');

  // Caught before sending: a program by its name, an empty file, a file over 10 MB.
  await input.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: EXE });
  await expect(card.getByText('“setup.exe” is not a PDF or Word document.')).toBeVisible();
  await input.setInputFiles({ name: 'empty.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) });
  await expect(card.getByText('“empty.pdf” is empty. Choose the document again.')).toBeVisible();
  const big = Buffer.concat([PDF, Buffer.alloc(12 * 1024 * 1024, 32)]);
  await input.setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: big });
  await expect(card.getByText('“big.pdf” is 12.0 MB. Documents may be at most 10 MB.')).toBeVisible();
  await upload.click();
  await expect(input).toBeFocused();
  await expect(card.getByText('Not submitted')).toBeVisible();

  // The server says the same to anything that skips the page.
  const [assignment] = await query<{ id: string }>(`select id from assignments where title = $1`, [BOOK]);
  const send = (name: string, buffer: Buffer, mimeType = 'application/pdf') =>
    page.request.post(`/api/me/assignments/${assignment?.id}/submission`, {
      headers: { origin: originOf(testInfo) },
      multipart: { file: { name, mimeType, buffer } },
    });
  const tooLarge = await send('big.pdf', big);
  expect(tooLarge.status()).toBe(413);
  expect((await tooLarge.json()).detail).toBe('The file is too large.');
  const empty = await send('empty.pdf', Buffer.alloc(0));
  expect(empty.status()).toBe(400);
  expect((await empty.json()).detail).toContain('empty');
  const renamed = await send('report.pdf', EXE);
  expect(renamed.status()).toBe(400);
  const sneaky = await send('../report.pdf', PDF);
  expect(sneaky.status()).toBe(400);
  expect(await query(`select id from submissions where man_id = $1`, [manId])).toEqual([]);

  // A session that is Not Active has no Register button, and the server refuses it too.
  const inactive = page.getByRole('listitem').filter({ hasText: 'Faithfulness' });
  await page.goto('/WelcomeMan');
  await expect(inactive).toContainText('Not Active');
  await expect(inactive.getByRole('button')).toHaveCount(0);
  const [session] = await query<{ id: string }>(
    `select id from workout_sessions where state = 'inactive' limit 1`,
  );
  const refused = await page.request.post(`/api/me/sessions/${session?.id}/register`, {
    headers: { origin: originOf(testInfo) },
  });
  expect(refused.status()).toBe(409);
});
