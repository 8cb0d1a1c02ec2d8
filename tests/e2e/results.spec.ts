import { type Browser, expect, type Page, type TestInfo, test } from '@playwright/test';
import { expectNoAxeViolations, expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { query, uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { raceWithFees, registeredByApi } from './support/fun-run-admin.ts';

// Finishers look up their results on their phones, from the link in a text or a WhatsApp group.
heldOn('phone');

/**
 * A race of its own with three timed runners (the second unticked "Show my name in published results"), the
 * edition's results published; answers the race's id, the runners' bibs and names, and the third's private link.
 */
async function publishedRace(page: Page, testInfo: TestInfo) {
  const race = await raceWithFees('Results', '0');
  const [option] = await query<{ id: string }>('select id from race_options where label = $1', [race]);
  const surname = uniqueName('Dube').replace(/\d/g, 'x');
  const base = 50_000 + Math.floor(Math.random() * 40_000);
  const people = [
    { firstName: 'Rudo', bib: base, time: 41 * 60_000, show: true },
    { firstName: 'Chipo', bib: base + 1, time: 45 * 60_000 + 30_000, show: false },
    { firstName: 'Farai', bib: base + 2, time: 52 * 60_000 + 14_000, show: true },
  ];
  let myLink = '';
  for (const person of people) {
    const entry = await registeredByApi(page, testInfo, person.firstName, surname, {
      raceType: race,
      showInResults: person.show,
    });
    myLink = entry.myLink;
    const [row] = await query<{ id: string; event_id: string }>(
      'update registrations set bib = $1 where reference = $2 returning id, event_id',
      [person.bib, entry.reference],
    );
    await query(
      `insert into results (registration_id, event_id, status, time_ms, source) values ($1, $2, 'finished', $3, 'import')`,
      [row?.id, row?.event_id, person.time],
    );
  }
  await query('update events set results_published_at = now() where is_current');
  return { raceId: option?.id ?? '', people, surname, myLink };
}

async function withoutScript(browser: Browser) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  return { page: await context.newPage(), close: () => context.close() };
}

test('the results work without JavaScript: a race by place, a search by bib', async ({
  page,
  browser,
}, testInfo) => {
  const { raceId, people, surname } = await publishedRace(page, testInfo);
  const phone = await withoutScript(browser);
  try {
    await phone.page.goto(`/Results?race=${raceId}`);
    await expect(phone.page.getByRole('heading', { level: 1, name: 'Results' })).toBeVisible();
    const rows = phone.page.getByRole('listitem');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText(`Rudo ${surname}`);
    await expect(rows.nth(0)).toContainText('41:00');
    await expect(rows.nth(1)).toContainText(`Runner ${people[1]?.bib}`);
    await expect(phone.page.getByText('Chipo')).toHaveCount(0);
    await phone.page.getByLabel('Bib or name').fill(String(people[2]?.bib));
    await phone.page.getByRole('button', { name: 'Search' }).click();
    await expect(phone.page).toHaveURL(new RegExp(`q=${people[2]?.bib}`));
    await expect(phone.page.getByText(`One result found for “${people[2]?.bib}”`)).toBeVisible();
    await expect(phone.page.getByRole('listitem')).toHaveCount(1);
    await expect(phone.page.getByRole('listitem')).toContainText(`Farai ${surname}`);
    await expect(phone.page.getByRole('listitem')).toContainText('3');
  } finally {
    await phone.close();
  }
});

test('with JavaScript: a search by bib, and the finisher sees his result on /My', async ({
  page,
}, testInfo) => {
  const { raceId, people, surname, myLink } = await publishedRace(page, testInfo);
  await page.goto(`/Results?race=${raceId}`);
  await expect(page.getByRole('listitem')).toHaveCount(3);
  await expectNoAxeViolationsOnceLoaded(page);
  await page.getByLabel('Bib or name').fill(String(people[0]?.bib));
  await page.getByLabel('Bib or name').press('Enter');
  await expect(page.getByText(`One result found for “${people[0]?.bib}”`)).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('listitem')).toContainText(`Rudo ${surname}`);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Show everyone' }).click();
  await expect(page.getByRole('listitem')).toHaveCount(3);

  await page.goto(myLink);
  const result = page.getByRole('region', { name: 'Your result' });
  await expect(result).toContainText('52:14');
  await expect(result).toContainText('3rd of 3');
  await expectNoAxeViolationsOnceLoaded(page);
});
