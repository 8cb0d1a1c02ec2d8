import { expectNoAxeViolationsOnceLoaded } from './support/axe.ts';
import { uniqueName } from './support/database.ts';
import { heldOn } from './support/devices.ts';
import { expect, test } from './support/fixtures.ts';
import { raceWithFees, registeredByApi, signInAsAdmin } from './support/fun-run-admin.ts';
import { originOf } from './support/progress.ts';

heldOn('phone');

test('a statement line short of the fee leaves the entry part paid: /My and the participants list show the balance due', async ({
  page,
  admin,
}, testInfo) => {
  test.slow();
  const race = await raceWithFees('Part', '15.00');
  const surname = uniqueName('Balance');
  const { reference, myLink } = await registeredByApi(page, testInfo, 'Chipo', surname, {
    email: `${surname}@example.com`.toLowerCase(),
    raceType: race,
  });

  // The admin imports a bank statement whose line pays US$10.00 of the US$15.00 fee, and confirms it.
  await signInAsAdmin(page, admin);
  const headers = { origin: originOf(testInfo) };
  const mapping = new URLSearchParams({
    account: 'usd_bank',
    date: 'Date',
    narrative: 'Narrative',
    amount: 'Amount',
  });
  const imported = await page.request.post(`/api/statements?${mapping}`, {
    headers,
    multipart: {
      file: {
        name: 'statement.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`Date,Narrative,Amount\n02/11/2026,FT ${reference},10.00\n`),
      },
    },
  });
  expect(imported.status()).toBe(201);
  const review = (await imported.json()).review as { id: string };
  // A line short of its fee is reviewed as "amount differs", a page at a time.
  const differs = await page.request.get(`/api/statements/${review.id}/lines?outcome=amount-differs`);
  const [line] = ((await differs.json()) as { lines: { id: number; entries: { id: string }[] }[] }).lines;
  const confirmed = await page.request.post(`/api/statements/${review.id}/confirm`, {
    headers,
    data: { skip: [], choose: [{ line: line?.id, registrationId: line?.entries[0]?.id }] },
  });
  expect(confirmed.status()).toBe(200);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/Participants?payment=part_paid&q=${surname}`);
  await expect(page.getByLabel('Payment', { exact: true })).toHaveValue('part_paid');
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row.getByText('Part paid', { exact: true })).toBeVisible();
  await expect(row.getByText('US$5.00 due')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('participants-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('participants-390.png'), fullPage: true });

  await page.context().clearCookies();
  await page.goto(myLink);
  const entry = page.getByRole('region', { name: 'Your registration reference' });
  await expect(entry.getByText('Part paid (US$10.00 received) · Still due: US$5.00')).toBeVisible();
  await expect(page.getByRole('region', { name: 'How to pay' })).toContainText('5.00');
  await expectNoAxeViolationsOnceLoaded(page);
  await page.screenshot({ path: testInfo.outputPath('my-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('my-1280.png'), fullPage: true });
});
