import { eq, sql } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../../tests/support/entries.ts';
import { pdfText } from '../../../../../tests/support/pdf-text.ts';
import { multipartFile, setUpTestApp, testDatabaseKind } from '../../../../../tests/support/test-app.ts';
import { publicCertificateUrl } from '../../../../shared/results/certificate.ts';
import { events, registrations } from '../../../db/schema/index.ts';

const { app, db, visitor, asAdmin } = setUpTestApp();
const runner = runnerSeries();

const IMAGE_LIMIT = 80 * 1024;

/** An entrant registered through the form, with his bib and his private link's token. */
async function entrant(bib: number, change: object = {}) {
  const response = await visitor.post('/api/registrations', runner(change));
  expect(response.statusCode, response.body).toBe(201);
  const { reference, myLink } = response.json();
  const [row] = await db
    .update(registrations)
    .set({ bib })
    .where(eq(registrations.reference, reference))
    .returning({
      id: registrations.id,
      firstName: registrations.firstName,
      lastName: registrations.lastName,
    });
  if (!row) throw new Error('no entry');
  return { ...row, token: String(myLink).replace('/My/', ''), name: `${row.firstName} ${row.lastName}` };
}

const checkIn = (id: string) =>
  db.update(registrations).set({ checkedInAt: sql`now()` }).where(eq(registrations.id, id));

async function importResults(lines: string[]) {
  const form = multipartFile(
    'results.csv',
    Buffer.from(['Bib,Time,Status', ...lines].join('\n')),
    'text/csv',
  );
  const response = await asAdmin.post(
    `/api/admin/results?${new URLSearchParams({ bib: 'Bib', time: 'Time', status: 'Status' })}`,
    form.payload,
    { 'content-type': form.contentType },
  );
  expect(response.statusCode, response.body).toBe(201);
}

const publish = async () =>
  expect((await asAdmin.post('/api/admin/results/published', { published: true })).statusCode).toBe(200);

const mine = (token: string, format: 'png' | 'pdf') =>
  app.inject({ method: 'GET', url: `/api/my/${token}/certificate.${format}` });
const byBib = (bib: number | string, format: 'png' | 'pdf') =>
  app.inject({
    method: 'GET',
    url:
      typeof bib === 'number'
        ? publicCertificateUrl(bib, format)
        : `/api/results/bib/${bib}/certificate.${format}`,
  });
const offered = async (token: string) => (await visitor.get(`/api/my/${token}/certificate`)).json().available;
const awaiting = async (token: string) =>
  (await visitor.get(`/api/my/${token}/certificate`)).json().awaitingResults;

/** The PDF's words, spaces evened out (pdftotext lays the page out with runs of spaces). */
const words = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ').trim();

function expectImage(body: Buffer) {
  expect(body.length).toBeLessThanOrEqual(IMAGE_LIMIT);
  const image = PNG.sync.read(body);
  expect([image.width, image.height]).toEqual([1080, 760]);
}

describe(`finisher certificates (${testDatabaseKind})`, () => {
  it('are not offered on /My to an entrant who was neither checked in nor given a result', async () => {
    const { token } = await entrant(101);
    expect(await offered(token)).toBe(false);
    for (const format of ['png', 'pdf'] as const) {
      const response = await mine(token, format);
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toMatch(/checked in on race morning or finished/);
    }
  });

  it('gives a checked-in entrant without a result a "Finisher" certificate with his full name, kept out of caches', async () => {
    const { id, token, name } = await entrant(101, { firstName: 'Nyasha Ruvimbo' });
    await checkIn(id);
    await db.update(events).set({ eventDate: '2025-09-06' });
    expect(await offered(token)).toBe(true);
    // No result: an untimed finisher, with nothing to wait for.
    expect(await awaiting(token)).toBe(false);

    const pdf = await mine(token, 'pdf');
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="certificate-\d{4}\.pdf"$/);
    expect(pdf.headers['cache-control']).toBe('no-store');
    const text = words(pdf.rawPayload);
    expect(text).toMatch(/CERTIFICATE/);
    expect(text).toContain(name);
    expect(text).toContain('Runner, 10km · 6 September 2025');
    expect(text).toMatch(/Finisher$/);

    const png = await mine(token, 'png');
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toBe('no-store');
    expectImage(png.rawPayload);
  });

  it('shows a finisher’s time and place among his race’s finishers once the results are published', async () => {
    const first = await entrant(101);
    const second = await entrant(102);
    await entrant(103);
    await importResults(['101,41:07,', '102,0:52:14,', '103,,DNF']);
    // Preliminary: a finisher, without a time that may still be corrected.
    expect(await offered(second.token)).toBe(true);
    expect(await awaiting(second.token)).toBe(true);
    expect(words((await mine(second.token, 'pdf')).rawPayload)).toMatch(/Finisher$/);

    await publish();
    expect(await awaiting(second.token)).toBe(false);
    expect(words((await mine(second.token, 'pdf')).rawPayload)).toMatch(/52:14 — 2nd of 2$/);
    expect(words((await mine(first.token, 'pdf')).rawPayload)).toMatch(/41:07 — 1st of 2$/);
    expectImage((await mine(second.token, 'png')).rawPayload);
  });

  it('is refused to a DNF, DNS or DQ even if checked in, and to a cancelled entry', async () => {
    const dnf = await entrant(101);
    const dq = await entrant(102);
    const cancelled = await entrant(103);
    await checkIn(dnf.id);
    await checkIn(cancelled.id);
    await importResults(['101,,DNF', '102,,DQ']);
    await publish();
    expect((await visitor.post(`/api/my/${cancelled.token}/cancel`)).statusCode).toBe(200);
    for (const who of [dnf, dq, cancelled]) {
      expect(await offered(who.token)).toBe(false);
      expect((await mine(who.token, 'pdf')).statusCode).toBe(404);
      expect((await mine(who.token, 'png')).statusCode).toBe(404);
    }
  });

  it('keeps a very long name within the image’s size and on the PDF’s one page', async () => {
    const { id, token } = await entrant(101, {
      firstName: 'Wolfeschlegelsteinhausenbergerdorff Ṅyàshá',
      lastName: 'Chidzikwe-Mukanganwiwa Hlabangana-Ncube',
    });
    await checkIn(id);
    expectImage((await mine(token, 'png')).rawPayload);
    const text = pdfText((await mine(token, 'pdf')).rawPayload);
    expect(text.split('\f').filter((page) => page.trim()).length).toBe(1);
    expect(text).toContain('Wolfeschlegelsteinhausenbergerdorff');
  });

  it('is not given by a link that opens no entry', async () => {
    expect((await mine('a'.repeat(32), 'pdf')).statusCode).toBe(404);
    expect((await mine('not-a-token', 'png')).statusCode).toBe(404);
  });
});

describe(`certificates from the published results (${testDatabaseKind})`, () => {
  it('are only for finishers shown by name, once published, and may be cached a few minutes', async () => {
    const shown = await entrant(101);
    const unticked = await entrant(102);
    const minor = await entrant(103);
    await entrant(104); // DNF
    const checkedInOnly = await entrant(105);
    await db.update(registrations).set({ showInResults: false }).where(eq(registrations.id, unticked.id));
    await db.update(registrations).set({ age: 15 }).where(eq(registrations.id, minor.id));
    await checkIn(checkedInOnly.id);
    await importResults(['101,41:07,', '102,45:00,', '103,47:30,', '104,,DNF']);

    expect((await byBib(101, 'pdf')).statusCode).toBe(404);
    await publish();

    const pdf = await byBib(101, 'pdf');
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['cache-control']).toBe('public, max-age=300');
    expect(pdf.headers['content-disposition']).toMatch(/filename="certificate-\d{4}-101\.pdf"/);
    const text = words(pdf.rawPayload);
    expect(text).toContain(shown.name);
    expect(text).toMatch(/41:07 — 1st of 3$/);
    const png = await byBib(101, 'png');
    expect(png.statusCode).toBe(200);
    expectImage(png.rawPayload);

    for (const bib of [102, 103, 104, 105, 999]) {
      expect((await byBib(bib, 'pdf')).statusCode, `bib ${bib}`).toBe(404);
      expect((await byBib(bib, 'png')).statusCode, `bib ${bib}`).toBe(404);
    }
    expect((await byBib('abc', 'pdf')).statusCode).toBe(400);
  });

  it('are gone when the results are taken back to preliminary', async () => {
    await entrant(101);
    await importResults(['101,41:07,']);
    await publish();
    expect((await byBib(101, 'png')).statusCode).toBe(200);
    await asAdmin.post('/api/admin/results/published', { published: false });
    expect((await byBib(101, 'png')).statusCode).toBe(404);
  });
});
