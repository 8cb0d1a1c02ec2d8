import { devices, type Page, type TestInfo } from '@playwright/test';
import { expectNoAxeViolations, expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { entrant, raceWithFees, registerInBrowser, signInAsAdmin } from './support/fun-run-admin.ts';

// Every test changes the one event (its description, day, venue or online payment) and puts it back.
test.describe.configure({ mode: 'serial' });

type EventFacts = {
  description_markdown: string;
  description_html: string;
  event_date: string | null;
  venue: string;
  online_payment: unknown;
  paynow_key_encrypted: string | null;
};
let before: EventFacts | undefined;

test.beforeAll(async () => {
  [before] = await query<EventFacts>(
    `select description_markdown, description_html, to_char(event_date, 'YYYY-MM-DD') as event_date, venue,
       online_payment, paynow_key_encrypted from events where is_current`,
  );
});
test.afterEach(async () => {
  if (!before) return;
  await query(
    `update events set description_markdown = $1, description_html = $2, event_date = $3, venue = $4,
       online_payment = $5, paynow_key_encrypted = $6 where is_current`,
    [
      before.description_markdown,
      before.description_html,
      before.event_date,
      before.venue,
      before.online_payment === null ? null : JSON.stringify(before.online_payment),
      before.paynow_key_encrypted,
    ],
  );
});

/** A visitor's phone, beside the admin's desktop. */
async function phonePage(page: Page, testInfo: TestInfo) {
  const context = await page
    .context()
    .browser()
    ?.newContext({
      ...devices['Pixel 5'],
      viewport: { width: 390, height: 844 },
      baseURL: testInfo.project.use.baseURL,
      extraHTTPHeaders: testInfo.project.use.extraHTTPHeaders,
      serviceWorkers: 'block',
    });
  if (!context) throw new Error('no browser');
  return context.newPage();
}

test.describe('at a desk', () => {
  heldOn('desktop');
  test('the admin writes the description at a desk; a visitor reads it on the landing page on a phone', async ({
    page,
    admin,
  }, testInfo) => {
    await signInAsAdmin(page, admin, '/EventSettings');
    const section = page.getByRole('region', { name: 'Description' });
    await expect(section.getByText('what the fee includes')).toBeVisible();
    await section
      .getByLabel('Description')
      .fill(
        [
          '## What the fee includes',
          '- A **T-shirt** and a medal',
          '- Water on the [route map](https://example.org/route)',
          '',
          '<script>document.title = "owned"</script>',
          'Park behind the church.',
        ].join('\n'),
      );
    await section.getByRole('button', { name: 'Save description' }).click();
    await expect(section.getByRole('status')).toContainText('The landing page shows it now');
    const preview = section.getByRole('region', { name: 'As the landing page shows it (saved)' });
    await expect(preview.getByRole('heading', { name: 'What the fee includes' })).toBeVisible();
    await expectNoAxeViolations(page);

    const phone = await phonePage(page, testInfo);
    await phone.goto('/');
    const about = phone.getByRole('region', { name: 'About the fun run' });
    await expect(about.getByRole('heading', { level: 3, name: 'What the fee includes' })).toBeVisible();
    await expect(about.getByRole('listitem').filter({ hasText: 'A T-shirt and a medal' })).toBeVisible();
    await expect(about.getByRole('link', { name: 'route map' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    await expect(about.getByText('Park behind the church.')).toBeVisible();
    await expect(about).not.toContainText('script');
    expect(await phone.title()).not.toBe('owned');
    await expectNoAxeViolationsOnceLoaded(phone);
    // In the page the server sends, before any script.
    const served = await (await phone.request.get('/')).text();
    expect(served).toContain('<h3>What the fee includes</h3>');
    await phone.context().close();
  });
});

test.describe('on a phone', () => {
  heldOn('phone');

  test('with online payment on, "How to pay" says a visitor can pay online at once', async ({ page }) => {
    await page.goto('/');
    const howToPay = page.getByRole('region', { name: 'How to pay' });
    await expect(howToPay).toContainText('Register first');
    await expect(howToPay).not.toContainText('Pay online now');

    // On, as the admin's Online payment section leaves it: the key is only needed to be set.
    await query(
      `update events set paynow_key_encrypted = 'set',
       online_payment = '{"enabled":true,"integrationId":"1201","methods":["ecocash","onemoney","web"],"currency":"USD"}'
     where is_current`,
    );
    await page.goto('/');
    await expect(howToPay).toContainText(
      'Pay online now by EcoCash, OneMoney or card: register, and the next page lets you pay at once.',
    );
    await expect(howToPay).not.toContainText('Register first');
    await expectNoAxeViolationsOnceLoaded(page);
    await page.goto('/Banking');
    await expect(page.getByText('Pay online now')).toBeVisible();
  });

  test('/Thankyou and /My give the date, venue and start time, and a calendar file', async ({ page }) => {
    const race = await raceWithFees('Dawn', '10.00');
    await query(`update race_options set start_time = '06:30' where label = $1`, [race]);
    await query(`update events set event_date = '2099-09-05', venue = 'Harare Gardens' where is_current`);

    await registerInBrowser(
      page,
      'run',
      entrant('Tariro', uniqueName('Dube'), { raceType: race, tshirtSize: 'Medium' }),
    );
    const expectRaceDay = async () => {
      const day = page.getByRole('region', { name: 'When and where' });
      await expect(day).toContainText(/Date\s*Saturday,? 5 September 2099/);
      await expect(day).toContainText('VenueHarare Gardens');
      await expect(day).toContainText(`Start06:30 (${race})`);
      const calendar = day.getByRole('link', { name: 'Add to calendar' });
      const href = (await calendar.getAttribute('href')) ?? '';
      expect(href).toBe(`/api/event/calendar.ics?discipline=run&race=${encodeURIComponent(race)}`);
      const ics = await page.request.get(href);
      expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
      const text = await ics.text();
      // 06:30 in Harare (UTC+2) is 04:30 UTC.
      expect(text).toContain('DTSTART:20990905T043000Z');
      expect(text).toContain('LOCATION:Harare Gardens');
      await expectNoAxeViolations(page);
    };
    await expectRaceDay();

    const myLink =
      (await page.getByRole('link', { name: 'your registration page' }).getAttribute('href')) ?? '';
    await page.goto(myLink);
    await expect(page.getByRole('heading', { level: 1, name: 'My registration' })).toBeVisible();
    await expectRaceDay();
    // The private page as the server sends it, before its script runs.
    const served = await (await page.request.get(myLink)).text();
    expect(served).toContain('When and where');
    expect(served).toContain('Harare Gardens');
  });
});
