import type { Browser, Page, PlaywrightWorkerArgs, TestInfo } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { type Account, createVerifiedAccount, newAccount, signInInBrowser } from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { expect, test } from './support/fixtures.ts';
import { raceWithFees, registeredByApi } from './support/fun-run-admin.ts';
import { waitForMail } from './support/mail.ts';

test.skip(
  ({ viewport }) => (viewport?.width ?? 0) > 400,
  'The check-in table works from a phone: checked at 390 px.',
);

/** A volunteer made as an admin makes one: a verified account given the role (on /Accounts; here directly). */
async function volunteer(playwright: PlaywrightWorkerArgs['playwright'], testInfo: TestInfo, name: string) {
  // A context of its own: following the verification link leaves a session cookie behind.
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const account = await createVerifiedAccount(request, newAccount('volunteer', testInfo, name));
  await request.dispose();
  await query(`update "user" set role = 'volunteer' where email = $1`, [account.email]);
  return account;
}

async function signedIn(page: Page, account: Account) {
  await page.goto('/About');
  await signInInBrowser(page, account);
  await expect(page).toHaveURL(/\/CheckIn$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
}

/** A runner race of the current event with a US$15 fee, so an entry in it owes money at the table. */
const raceWithFee = () => raceWithFees('Dawn', '15');

/** Registers a runner through the public API as the form does; answers the stored entry. */
async function registered(page: Page, testInfo: TestInfo, firstName: string, raceType: string) {
  const lastName = uniqueName('Mlambo').replace(/\d/g, 'x');
  const { reference, email } = await registeredByApi(page, testInfo, firstName, lastName, {
    raceType,
    tshirtSize: 'Large',
  });
  const [row] = await query<{ id: string }>('select id from registrations where reference = $1', [reference]);
  if (!row) throw new Error(`no entry ${reference}`);
  // The QR code the entrant holds up is the one in the confirmation mail: its image, and what it says.
  const mail = await waitForMail(email, new RegExp(`your registration ${reference}`));
  const qr = mail.attachments.find((file) => file.cid === 'check-in-qr');
  if (!qr) throw new Error(`no QR code in the mail for ${reference}`);
  const image = PNG.sync.read(Buffer.from(qr.contentBase64, 'base64'));
  const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
  if (!code) throw new Error(`the QR code in the mail for ${reference} does not scan`);
  return {
    id: row.id,
    code,
    qrImage: `data:image/png;base64,${qr.contentBase64}`,
    reference,
    name: `${firstName} ${lastName}`,
  };
}

const actionsOf = (registrationId: string) =>
  query<{ key: string; action: string; outcome: string }>(
    `select idempotency_key as key, action, outcome from check_in_actions
      where registration_id = $1 order by id`,
    [registrationId],
  );

async function find(page: Page, text: string, name: string) {
  await page.getByLabel('Name, bib or reference').fill(text);
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('button', { name: new RegExp(name) }).click();
  return page.getByRole('article', { name });
}

test('a volunteer finds an entrant by the code a hand-held scanner types, takes the fee in cash (confirmed, undone within its minute, taken again and sent after it), checks him in and hands the T-shirt, and can undo', async ({
  page,
  playwright,
}, testInfo) => {
  const rudo = await volunteer(playwright, testInfo, 'Rudo Volunteer');
  const race = await raceWithFee();
  const entrant = await registered(page, testInfo, 'Chipo', race);
  await query('update registrations set bib = $1 where id = $2', [60000 + (Date.now() % 9000), entrant.id]);
  // The phone's clock, to let the minute that cash waits for Undo pass at once.
  await page.clock.install();
  await signedIn(page, rudo);

  // A hand-held scanner types what the QR code says and Enter, as a keyboard does: the entry opens.
  await page.getByLabel('Name, bib or reference').fill(entrant.code);
  await page.getByLabel('Name, bib or reference').press('Enter');
  const card = page.getByRole('article', { name: entrant.name });
  await expect(card.getByText(entrant.reference)).toBeVisible();
  await expect(card.getByText(`Runner · ${race}`)).toBeVisible();
  await expect(card.getByText('NOT PAID — owes USD 15.00')).toBeVisible();
  const text = (await card.textContent()) ?? '';
  expect(text).not.toContain('@example.com');
  expect(text).not.toContain('077');

  // Cash is confirmed, then held on the phone for a minute with Undo: nothing reaches the server meanwhile.
  // The phone's clock is moved on below, 125 s in all: the server takes taps up to 5 minutes ahead of its own.
  const markPaid = card.getByRole('button', { name: 'Mark paid — cash USD 15.00' });
  const confirm = page.getByRole('dialog', { name: `Take USD 15.00 in cash from ${entrant.name}?` });
  await markPaid.click();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await markPaid.click();
  // Opened on Cancel: Enter alone does not take money.
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('cash-confirm-390.png') });
  await confirm.getByRole('button', { name: 'Cash taken' }).click();
  await expect(card.getByText(/^Paid in cash — sent in (1:00|0:5\d)$/)).toBeVisible();
  await page.clock.fastForward(15_000);
  await expect(card.getByText(/^Paid in cash — sent in 0:4\d$/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('cash-held-390.png') });
  await expectNoAxeViolations(page);
  await card.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(card.getByText('NOT PAID — owes USD 15.00')).toBeVisible();
  await expect(markPaid).toBeFocused();
  await expect(card.getByRole('status')).toHaveText('Cash payment undone: nothing was sent.');
  // Past the end of its minute (the phone's clock ahead of the server's by as little as can be: taps check it).
  await page.clock.fastForward(50_000);
  await expect(card.getByText('NOT PAID — owes USD 15.00')).toBeVisible();
  const paymentOf = async () =>
    (
      await query<{ status: string; method: string | null; amount: string | null; receipts: number }>(
        `select payment_status as status, payment_method as method, payment_amount::text as amount,
                (select count(*)::int from receipts where registration_id = r.id) as receipts
           from registrations r where id = $1`,
        [entrant.id],
      )
    )[0];
  expect(await paymentOf()).toEqual({ status: 'unpaid', method: null, amount: null, receipts: 0 });

  // Taken again and left alone: sent when its minute is over, once, with one receipt.
  await markPaid.click();
  await confirm.getByRole('button', { name: 'Cash taken' }).click();
  await expect(card.getByText(/^Paid in cash — sent in/)).toBeVisible();
  expect((await paymentOf())?.receipts).toBe(0);
  await page.clock.fastForward(60_000);
  await expect(card.getByText(/Paid in cash/)).toHaveCount(0);
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
  await expect.poll(paymentOf).toEqual({ status: 'paid', method: 'cash', amount: '15.00', receipts: 1 });

  await card.getByRole('button', { name: 'Check in' }).click();
  await expect(card.getByText(/Checked in at \d\d:\d\d by Rudo Volunteer/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'T-shirt collected' })).toBeVisible();
  await expectNoAxeViolations(page);

  await card.getByRole('button', { name: 'T-shirt collected' }).click();
  await expect(card.getByText(/T-shirt \(Large\) collected at \d\d:\d\d by Rudo Volunteer/)).toBeVisible();
  const counts = page.getByRole('listitem').filter({ hasText: `Runners · ${race}` });
  await expect(counts).toContainText('1 of 1 checked in');
  await expect(counts).toContainText('T-shirts left: none');

  await card.getByRole('button', { name: 'Undo check-in' }).click();
  await expect(card.getByRole('button', { name: 'Check in' })).toBeVisible();
  await expect(counts).toContainText('0 of 1 checked in');
  expect((await actionsOf(entrant.id)).map((row) => row.action)).toEqual([
    'check-in',
    'tshirt-collected',
    'undo-check-in',
  ]);
});

test('cash taken just before the page was closed stays on the phone and is sent, once, when the page opens again after its minute', async ({
  page,
  playwright,
}, testInfo) => {
  const rudo = await volunteer(playwright, testInfo, 'Rudo Closing');
  const entrant = await registered(page, testInfo, 'Tinashe', await raceWithFee());
  await page.clock.install();
  await signedIn(page, rudo);
  const card = await find(page, entrant.reference, entrant.name);
  await card.getByRole('button', { name: 'Mark paid — cash USD 15.00' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cash taken' }).click();
  await expect(card.getByText(/^Paid in cash — sent in/)).toBeVisible();

  // The page is closed within the minute, and the minute passes.
  await page.goto('about:blank');
  await page.clock.fastForward(70_000);
  const receiptsOf = async () =>
    (
      await query<{ status: string; receipts: number }>(
        `select payment_status as status,
                (select count(*)::int from receipts where registration_id = r.id) as receipts
           from registrations r where id = $1`,
        [entrant.id],
      )
    )[0];
  expect(await receiptsOf()).toEqual({ status: 'unpaid', receipts: 0 });
  await page.goto('/CheckIn');
  await expect.poll(receiptsOf).toEqual({ status: 'paid', receipts: 1 });
  await page.reload();
  await page.clock.fastForward(30_000);
  expect(await receiptsOf()).toEqual({ status: 'paid', receipts: 1 });
});

test('a volunteer serves three entrants in a row on one page: by typed code, by search result and by bib', async ({
  page,
  playwright,
}, testInfo) => {
  const rudo = await volunteer(playwright, testInfo, 'Rudo Serving');
  const byCode = await registered(page, testInfo, 'Anesu', '10km');
  const bySearch = await registered(page, testInfo, 'Farai', '10km');
  const byBib = await registered(page, testInfo, 'Tapiwa', '10km');
  const bib = 70000 + (Date.now() % 9000);
  await query('update registrations set bib = $1 where id = $2', [bib, byBib.id]);
  await signedIn(page, rudo);
  // Set once on this page: gone if anything reloads it.
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  const search = page.getByLabel('Name, bib or reference');
  await expect(search).toHaveAccessibleDescription(
    'Type at least 3 characters of a name or reference, or a whole bib number.',
  );
  // Two letters list nobody: the page says what it needs instead of asking.
  await search.fill('Mo');
  await search.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '“Mo” is too short to search by' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Entries found' })).toHaveCount(0);

  await search.fill(byCode.code);
  await search.press('Enter');
  const first = page.getByRole('article', { name: byCode.name });
  await first.getByRole('button', { name: 'Check in' }).click();
  await expect(first.getByText(/Checked in at \d\d:\d\d by Rudo Serving/)).toBeVisible();

  // The second entrant once broke the page: the first card's effect cleanup was a Promise (issue 30).
  const second = await find(page, bySearch.reference, bySearch.name);
  await expect(second.getByRole('button', { name: 'Check in' })).toBeVisible();
  await second.getByRole('button', { name: 'Check in' }).click();
  await expect(second.getByText(/Checked in at \d\d:\d\d by Rudo Serving/)).toBeVisible();

  await search.fill(String(bib));
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('button', { name: new RegExp(`Bib ${bib}`) }).click();
  const third = page.getByRole('article', { name: byBib.name });
  await expect(third.getByText(byBib.reference)).toBeVisible();
  await expect(third.getByRole('button', { name: 'Check in' })).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);
  expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
  expect((await actionsOf(byCode.id)).map((row) => row.action)).toEqual(['check-in']);
  expect((await actionsOf(bySearch.id)).map((row) => row.action)).toEqual(['check-in']);
});

test('a volunteer finds an entrant typed surname first, and the card marks a minor', async ({
  page,
  playwright,
}, testInfo) => {
  const tari = await volunteer(playwright, testInfo, 'Tari Minors');
  const child = await registered(page, testInfo, 'Tino', '10km');
  await query('update registrations set age = 14 where id = $1', [child.id]);
  const [, surname] = child.name.split(' ');
  await signedIn(page, tari);
  const card = await find(page, `${surname} Tino`, child.name);
  await expect(card.getByRole('heading', { name: `${child.name} Minor` })).toBeVisible();
  await expect(card.getByText('Minor', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  const adult = await registered(page, testInfo, 'Tendai', '10km');
  const adultCard = await find(page, adult.reference, adult.name);
  await expect(adultCard.getByText('Minor', { exact: true })).toHaveCount(0);
});

test('taps made without signal wait on the phone and are sent once when it returns', async ({
  page,
  context,
  playwright,
}, testInfo) => {
  const tari = await volunteer(playwright, testInfo, 'Tari Volunteer');
  const entrant = await registered(page, testInfo, 'Nyasha', '10km');
  await signedIn(page, tari);
  const card = await find(page, entrant.reference, entrant.name);

  await context.setOffline(true);
  await card.getByRole('button', { name: 'Check in' }).click();
  await expect(card.getByText('Checked in (waiting to be sent)')).toBeVisible();
  await card.getByRole('button', { name: 'T-shirt collected' }).click();
  await expect(page.getByText('2 check-ins waiting to be sent')).toBeVisible();
  expect(await actionsOf(entrant.id)).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByText(/waiting to be sent/)).toHaveCount(0, { timeout: 20_000 });
  await expect(card.getByText(/Checked in at \d\d:\d\d by Tari Volunteer/)).toBeVisible();
  const sent = await actionsOf(entrant.id);
  expect(sent.map((row) => [row.action, row.outcome])).toEqual([
    ['check-in', 'done'],
    ['tshirt-collected', 'done'],
  ]);
  expect(new Set(sent.map((row) => row.key)).size).toBe(2);

  // Nothing is left on the phone to send again.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('celebration.check-in.waiting')))
    .toBe('[]');
  expect(await actionsOf(entrant.id)).toHaveLength(2);
});

test('a second volunteer checking in the same entrant is told when and by whom', async ({
  page,
  playwright,
  browser,
}, testInfo) => {
  const [rudo, farai] = [
    await volunteer(playwright, testInfo, 'Rudo Volunteer'),
    await volunteer(playwright, testInfo, 'Farai Volunteer'),
  ];
  const entrant = await registered(page, testInfo, 'Tatenda', '10km');
  await signedIn(page, farai);
  const faraisCard = await find(page, entrant.reference, entrant.name);

  const other = await secondPhone(browser, testInfo);
  await signedIn(other, rudo);
  await (await find(other, entrant.reference, entrant.name))
    .getByRole('button', { name: 'Check in' })
    .click();
  await expect(other.getByText(/Checked in at \d\d:\d\d by Rudo Volunteer/)).toBeVisible();
  await other.context().close();

  await faraisCard.getByRole('button', { name: 'Check in' }).click();
  await expect(faraisCard.getByRole('alert')).toHaveText(
    /^Already checked in at \d\d:\d\d by Rudo Volunteer$/,
  );
  await expect(faraisCard.getByText(/Checked in at \d\d:\d\d by Rudo Volunteer/)).toBeVisible();
  await expectNoAxeViolations(page);
  expect((await actionsOf(entrant.id)).map((row) => row.outcome)).toEqual(['done', 'already']);
});

async function secondPhone(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: testInfo.project.use.viewport,
  });
  return context.newPage();
}

/**
 * The camera replaced by a canvas stream showing this image (the entrant's QR code held up to the phone).
 * Chromium on Linux has no BarcodeDetector, so the page reads it with its WebAssembly fallback.
 */
async function cameraShowing(page: Page, imageUrl: string) {
  await page.addInitScript((url: string) => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 480;
    const draw = canvas.getContext('2d');
    const image = new Image();
    image.src = url;
    const facingModes: unknown[] = [];
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      facingModes.push((constraints?.video as MediaTrackConstraints | undefined)?.facingMode);
      setInterval(() => {
        if (!draw) return;
        draw.fillStyle = '#fff';
        draw.fillRect(0, 0, 480, 480);
        if (image.complete) draw.drawImage(image, 90, 90, 300, 300);
      }, 50);
      const stream = canvas.captureStream(10);
      Object.assign(window, { cameraStream: stream });
      return stream;
    };
    Object.assign(window, { cameraFacingModes: facingModes });
  }, imageUrl);
}

test('a volunteer scans the entrant’s QR code with the rear camera, the entry opens and the camera is let go', async ({
  page,
  playwright,
}, testInfo) => {
  const chiedza = await volunteer(playwright, testInfo, 'Chiedza Volunteer');
  const entrant = await registered(page, testInfo, 'Kuda', '10km');
  // What the confirmation mail, /Thankyou and /My show: the code alone, as a QR code.
  await cameraShowing(page, entrant.qrImage);
  await signedIn(page, chiedza);
  expect(await page.evaluate(() => 'BarcodeDetector' in window)).toBe(false);

  await page.getByRole('button', { name: 'Scan a QR code' }).click();
  const card = page.getByRole('article', { name: entrant.name });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('Camera')).toHaveCount(0);
  const liveTracks = () =>
    page.evaluate(
      () =>
        (window as unknown as { cameraStream: MediaStream }).cameraStream
          .getTracks()
          .filter((track) => track.readyState === 'live').length,
    );
  await expect.poll(liveTracks).toBe(0);
  expect(
    await page.evaluate(() => (window as unknown as { cameraFacingModes: unknown[] }).cameraFacingModes),
  ).toEqual([{ ideal: 'environment' }]);

  await card.getByRole('button', { name: 'Check in' }).click();
  await expect(card.getByText(/Checked in at \d\d:\d\d by Chiedza Volunteer/)).toBeVisible();
  expect((await actionsOf(entrant.id)).map((row) => row.action)).toEqual(['check-in']);
});

test('a volunteer is shown only check-in: the admin pages and the lists and exports are refused', async ({
  page,
  playwright,
}, testInfo) => {
  const vimbai = await volunteer(playwright, testInfo, 'Vimbai Volunteer');
  await signedIn(page, vimbai);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Check-in' }).first()).toBeAttached();
  for (const path of ['/WelcomeAdmin', '/Participants', '/Accounts', '/Outbox']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
  }
  for (const url of [
    '/api/participants',
    '/api/participants/export.csv',
    '/api/participants/export.pdf',
    '/api/mail-outbox',
    '/api/dashboard/fun-run',
  ]) {
    expect((await page.request.get(url)).status(), url).toBe(403);
  }
});

test('a tap whose answer is lost on the way back is sent again with its key and recorded once', async ({
  page,
  playwright,
}, testInfo) => {
  const tendai = await volunteer(playwright, testInfo, 'Tendai Volunteer');
  const entrant = await registered(page, testInfo, 'Rufaro', '10km');
  await signedIn(page, tendai);
  const card = await find(page, entrant.reference, entrant.name);

  // The server gets the first sending and applies it; the phone never hears back.
  let lost = 0;
  let firstAnswer = 0;
  await page.route('**/api/check-in/taps', async (route) => {
    if (lost === 0) {
      lost += 1;
      const applied = await route.fetch();
      firstAnswer = applied.status();
      await route.abort('connectionreset');
    } else {
      await route.continue();
    }
  });
  await card.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByText('1 check-in waiting to be sent')).toBeVisible();
  await expect.poll(() => firstAnswer).toBe(200);
  expect(await actionsOf(entrant.id)).toHaveLength(1);

  await expect(page.getByText(/waiting to be sent/)).toHaveCount(0, { timeout: 20_000 });
  await expect(card.getByText(/Checked in at \d\d:\d\d by Tendai Volunteer/)).toBeVisible();
  const actions = await actionsOf(entrant.id);
  expect(actions.map((row) => [row.action, row.outcome])).toEqual([['check-in', 'done']]);
});

test('a phone passed to another volunteer keeps the first one’s unsent taps for her: Log Out warns, the next one does not send them', async ({
  page,
  playwright,
}, testInfo) => {
  const tari = await volunteer(playwright, testInfo, 'Tari Passing');
  const musa = await volunteer(playwright, testInfo, 'Musa Passing');
  const hers = await registered(page, testInfo, 'Chiedza', '10km');
  const his = await registered(page, testInfo, 'Tonderai', '10km');
  const recordedBy = (registrationId: string) =>
    query<{ action: string; actor_name: string }>(
      'select action, actor_name from check_in_actions where registration_id = $1 order by id',
      [registrationId],
    );

  // Tari's tap cannot reach the server.
  await signedIn(page, tari);
  await page.route('**/api/check-in/taps', (route) => route.abort('internetdisconnected'));
  await (await find(page, hers.reference, hers.name)).getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByText('1 check-in waiting to be sent')).toBeVisible();
  await page.getByRole('button', { name: 'Log Out' }).click();
  const warning = page.getByRole('dialog', { name: 'Log out with check-ins not sent?' });
  await expect(warning).toContainText('One check-in you made on this phone has not reached the server yet');
  await expectNoAxeViolations(page);
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await warning.getByRole('button', { name: 'Log out anyway' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.unroute('**/api/check-in/taps');

  // Musa, on the same phone, is told of them but sends only his own.
  await signedIn(page, musa);
  await expect(
    page.getByText('One check-in made on this phone by another volunteer has not been sent'),
  ).toBeVisible();
  await expect(page.getByText(/waiting to be sent/)).toHaveCount(0);
  const card = await find(page, his.reference, his.name);
  await card.getByRole('button', { name: 'Check in' }).click();
  await expect(card.getByText(/Checked in at \d\d:\d\d by Musa Passing/)).toBeVisible();
  expect(await recordedBy(hers.id)).toEqual([]);
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);

  // Back on the phone, Tari's tap goes, in her name.
  await signedIn(page, tari);
  await expect.poll(() => recordedBy(hers.id)).toEqual([{ action: 'check-in', actor_name: 'Tari Passing' }]);
  await expect(page.getByText(/another volunteer/)).toHaveCount(0);
});
