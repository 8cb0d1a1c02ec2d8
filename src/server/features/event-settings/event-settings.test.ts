import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fiveKmEntry } from '../../../../tests/support/entries.ts';
import { multipartFile, setUpTestApp } from '../../../../tests/support/test-app.ts';
import { auditLog, events } from '../../db/schema/index.ts';

const { app, asAdmin, db } = setUpTestApp();

/** The new edition published as it is (publishing.test.ts checks what publishing needs). */
const publishAsItIs = () =>
  db.update(events).set({ publishedAt: new Date() }).where(eq(events.isCurrent, true));

const settings = async () => (await asAdmin.get('/api/admin/event')).json();
const publicEvent = async () => (await app.inject({ url: '/api/event' })).json();

const EDITABLE = [
  'title',
  'subtitle',
  'greeting',
  'contactPhone',
  'backgroundAlt',
  'registrationClosesAt',
  'payment',
  'tshirtSizes',
  'termsText',
] as const;

function editable(current: Record<string, unknown>) {
  return Object.fromEntries(EDITABLE.map((field) => [field, current[field]]));
}

describe('event settings', () => {
  it('saves the texts and payment options, and public pages show them at once', async () => {
    const current = await settings();
    const saved = await asAdmin.put('/api/admin/event', {
      ...editable(current),
      title: 'Celebration Fun Run 2026',
      contactPhone: '0712 345 678',
      payment: { ...current.payment, cashPhone: '+27 82 123 4567' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ title: 'Celebration Fun Run 2026', contactPhone: '+263712345678' });
    const shown = await publicEvent();
    expect(shown.title).toBe('Celebration Fun Run 2026');
    expect(shown.payment.cashPhone).toBe('+27821234567');
    expect(shown.termsVersion).toBe(current.termsVersion);
  });

  it('offers children’s T-shirt sizes before Small to runners and cyclists, editable like the others', async () => {
    const current = await settings();
    for (const discipline of ['run', 'cycle'] as const)
      expect(current.tshirtSizes[discipline].slice(0, 3)).toEqual(['Child 6-8', 'Child 9-11', 'Small']);
    expect((await publicEvent()).tshirtSizes.cycle).toContain('Child 9-11');
    const sizes = { run: ['Child 4-5', ...current.tshirtSizes.run.slice(1)], cycle: ['Small', 'Large'] };
    const saved = await asAdmin.put('/api/admin/event', { ...editable(current), tshirtSizes: sizes });
    expect(saved.statusCode).toBe(200);
    expect((await settings()).tshirtSizes).toEqual(sizes);
  });

  it('raises the terms version when the terms change', async () => {
    const current = await settings();
    const saved = await asAdmin.put('/api/admin/event', {
      ...editable(current),
      termsText: `${current.termsText}\n\nNew clause.`,
    });
    expect(saved.json().termsVersion).toBe(current.termsVersion + 1);
  });

  it('checks the fields', async () => {
    const current = await settings();
    const response = await asAdmin.put('/api/admin/event', {
      ...editable(current),
      title: '',
      payment: { ...current.payment, mobileMoney: { ...current.payment.mobileMoney, codePattern: '*151#' } },
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['title', 'payment.mobileMoney.codePattern']));
  });

  it('saves the date, venue, ZWG mobile-money code, matching note and the order of the ways to pay', async () => {
    const current = await settings();
    const saved = await asAdmin.put('/api/admin/event', {
      ...editable(current),
      eventDate: '2026-03-14',
      venue: 'Celebration Church, Borrowdale',
      payment: {
        ...current.payment,
        mobileMoney: {
          ...current.payment.mobileMoney,
          zwgCodePattern: '*153*2*1*0770000000*{amount}#',
          matchingNote: 'SMS your reference to 0771 111 222.',
        },
        order: ['cash', 'usd', 'zwg', 'mobileMoney'],
      },
    });
    expect(saved.statusCode).toBe(200);
    const shown = await publicEvent();
    expect(shown).toMatchObject({ eventDate: '2026-03-14', venue: 'Celebration Church, Borrowdale' });
    expect(shown.payment.order).toEqual(['cash', 'usd', 'zwg', 'mobileMoney']);
    expect(shown.payment.mobileMoney).toMatchObject({
      zwgCodePattern: '*153*2*1*0770000000*{amount}#',
      matchingNote: 'SMS your reference to 0771 111 222.',
    });
    // Left out, they stay as they are.
    const again = await asAdmin.put('/api/admin/event', { ...editable(current), payment: shown.payment });
    expect(again.json()).toMatchObject({ eventDate: '2026-03-14', venue: 'Celebration Church, Borrowdale' });
  });

  it('saves the last day for T-shirt changes, keeps it when left out, and clears it', async () => {
    const current = await settings();
    expect(current.tshirtChangesUntil).toBeNull();
    const saved = await asAdmin.put('/api/admin/event', {
      ...editable(current),
      tshirtChangesUntil: '2026-03-01',
    });
    expect(saved.json().tshirtChangesUntil).toBe('2026-03-01');
    const kept = await asAdmin.put('/api/admin/event', editable(current));
    expect(kept.json().tshirtChangesUntil).toBe('2026-03-01');
    const cleared = await asAdmin.put('/api/admin/event', { ...editable(current), tshirtChangesUntil: null });
    expect(cleared.json().tshirtChangesUntil).toBeNull();
    const wrong = await asAdmin.put('/api/admin/event', {
      ...editable(current),
      tshirtChangesUntil: '01/03/2026',
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('saves the payment reminder days (3 and 2 at first, 0 for none) and keeps them when left out', async () => {
    const current = await settings();
    expect(current).toMatchObject({ reminderDaysAfter: 3, reminderDaysBeforeClose: 2 });
    const saved = await asAdmin.put('/api/admin/event', {
      ...editable(current),
      reminderDaysAfter: '5',
      reminderDaysBeforeClose: 0,
    });
    expect(saved.json()).toMatchObject({ reminderDaysAfter: 5, reminderDaysBeforeClose: 0 });
    expect((await asAdmin.put('/api/admin/event', editable(current))).json()).toMatchObject({
      reminderDaysAfter: 5,
      reminderDaysBeforeClose: 0,
    });
    const wrong = await asAdmin.put('/api/admin/event', { ...editable(current), reminderDaysAfter: -1 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { path: 'reminderDaysAfter', message: 'Days after registering must be between 0 and 60' },
    ]);
  });

  it('saves the race pack days (3 at first, 0 for none, at most 14) and what to bring, audited', async () => {
    const current = await settings();
    expect(current.racePackDaysBefore).toBe(3);
    expect(current.whatToBring).toMatch(/QR code/);
    const saved = await asAdmin.put('/api/admin/event', {
      ...editable(current),
      racePackDaysBefore: '0',
      whatToBring: '  Your QR code and a water bottle.  ',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      racePackDaysBefore: 0,
      whatToBring: 'Your QR code and a water bottle.',
    });
    // Left out, they stay as they are.
    expect((await asAdmin.put('/api/admin/event', editable(current))).json()).toMatchObject({
      racePackDaysBefore: 0,
      whatToBring: 'Your QR code and a water bottle.',
    });
    const wrong = await asAdmin.put('/api/admin/event', {
      ...editable(current),
      racePackDaysBefore: 15,
      whatToBring: 'x'.repeat(301),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { path: 'racePackDaysBefore', message: 'Race pack days must be between 0 and 14' },
      { path: 'whatToBring', message: 'At most 300 characters' },
    ]);
    expect((await settings()).racePackDaysBefore).toBe(0);
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'event-settings.update'));
    const changed = audit.map((row) => (row.details as { changed: string[] }).changed);
    expect(changed).toContainEqual(expect.arrayContaining(['racePackDaysBefore', 'whatToBring']));
  });

  it('refuses a way to pay listed twice, a ZWG code without {amount} and a date that is not one', async () => {
    const current = await settings();
    const response = await asAdmin.put('/api/admin/event', {
      ...editable(current),
      eventDate: '14/03/2026',
      payment: {
        ...current.payment,
        mobileMoney: { ...current.payment.mobileMoney, zwgCodePattern: '*153#' },
        order: ['cash', 'cash', 'usd', 'zwg'],
      },
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining(['eventDate', 'payment.order', 'payment.mobileMoney.zwgCodePattern']),
    );
  });

  it('closes registration at the closing time', async () => {
    const current = await settings();
    await asAdmin.put('/api/admin/event', {
      ...editable(current),
      registrationClosesAt: '2020-01-01T00:00:00Z',
    });
    expect((await publicEvent()).registrationOpen).toBe(false);
  });
});

describe('race options', () => {
  const racesOf = (current: { races: Record<string, unknown>[] }) =>
    current.races.map(({ taken: _taken, ...race }) => race);

  it('a capacity equal to the entries already registered shows the race as full', async () => {
    const register = await app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: fiveKmEntry({ firstName: 'Ana', lastName: 'Banda', email: 'ana@example.com' }),
    });
    expect(register.statusCode).toBe(201);
    const current = await settings();
    const races = racesOf(current).map((race) => (race.label === '5km' ? { ...race, capacity: 1 } : race));
    const saved = await asAdmin.put('/api/admin/event/races', { races });
    expect(saved.statusCode).toBe(200);
    const fiveK = (await publicEvent()).races.find((race: { label: string }) => race.label === '5km');
    expect(fiveK.full).toBe(true);
  });

  it('saves each race start time, shown on the public event; refuses one that is not a time', async () => {
    const races = racesOf(await settings()).map((race) =>
      race.label === '10km' ? { ...race, startTime: '06:30' } : race,
    );
    expect((await asAdmin.put('/api/admin/event/races', { races })).statusCode).toBe(200);
    const tenK = (await publicEvent()).races.find((race: { label: string }) => race.label === '10km');
    expect(tenK.startTime).toBe('06:30');
    const wrong = await asAdmin.put('/api/admin/event/races', {
      races: races.map((race) => (race.label === '10km' ? { ...race, startTime: '6.30am' } : race)),
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('adds, renames, prices and removes races, but never one with entries', async () => {
    const current = await settings();
    const races = racesOf(current)
      .filter((race) => race.label !== 'Other')
      .map((race) =>
        race.label === '21km' ? { ...race, label: 'Half marathon', feeUsd: '15.00', feeZwg: '400' } : race,
      );
    races.push({ discipline: 'cycle', label: '60km', capacity: 50, feeUsd: null, feeZwg: null });
    const saved = await asAdmin.put('/api/admin/event/races', { races });
    expect(saved.statusCode).toBe(200);
    const labels = saved.json().races.map((race: { label: string }) => race.label);
    expect(labels).toEqual(expect.arrayContaining(['Half marathon', '60km']));
    expect(labels).not.toContain('Other');
    expect(saved.json().races.find((r: { label: string }) => r.label === 'Half marathon')).toMatchObject({
      feeUsd: '15.00',
      feeZwg: '400.00',
    });

    await app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: {
        discipline: 'cycle',
        firstName: 'Ana',
        lastName: 'Banda',
        email: 'ana@example.com',
        mobile: '0771234567',
        age: 30,
        raceType: '60km',
        nextOfKinMobile: '0772345678',
        tshirtSize: 'Small',
        consent: true,
      },
    });
    const withEntry = await settings();
    const removal = await asAdmin.put('/api/admin/event/races', {
      races: racesOf(withEntry).filter((race) => race.label !== '60km'),
    });
    expect(removal.statusCode).toBe(409);
    expect(removal.json().detail).toMatch(/60km race has entries/);
  });
});

describe('images', () => {
  async function upload(kind: string, body: Buffer, filename: string) {
    const form = multipartFile(filename, body, 'image/png');
    return asAdmin.post(`/api/admin/event/images/${kind}`, form.payload, {
      'content-type': form.contentType,
    });
  }

  it('resizes an uploaded photo into phone-sized WebP and AVIF and serves them', async () => {
    const photo = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const response = await upload('background', photo, 'photo.png');
    expect(response.statusCode).toBe(200);
    const base = response.json().backgroundImage;
    expect(base).toMatch(/^\/media\/event\/[0-9a-f]{16}$/);
    expect((await publicEvent()).backgroundImage).toBe(base);
    const small = await app.inject({ url: `${base}-640.webp` });
    expect(small.statusCode).toBe(200);
    expect((await sharp(small.rawPayload).metadata()).width).toBe(640);
    expect(small.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ url: `${base}-1920.avif` })).statusCode).toBe(200);
  });

  it('puts a placeholder of the photo, a few hundred bytes, in the public event', async () => {
    const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#c2410c' } })
      .png()
      .toBuffer();
    expect((await upload('background', photo, 'sunrise.png')).statusCode).toBe(200);
    const placeholder = (await publicEvent()).backgroundPlaceholder;
    const [, data] = /^data:image\/webp;base64,(.+)$/.exec(placeholder ?? '') ?? [];
    expect(placeholder?.length).toBeLessThan(600);
    const image = sharp(Buffer.from(data ?? '', 'base64'));
    expect((await image.metadata()).width).toBe(16);
    // The photo's own colour, so the page looks like itself before the photo arrives.
    const { dominant } = await image.stats();
    expect(dominant.r).toBeGreaterThan(150);
    expect(dominant.b).toBeLessThan(80);
  });

  it('makes a 256 px logo', async () => {
    const logo = await sharp({ create: { width: 600, height: 300, channels: 4, background: '#ffffff' } })
      .png()
      .toBuffer();
    const response = await upload('logo', logo, 'logo.png');
    const url = response.json().logoImage;
    const served = await app.inject({ url });
    expect((await sharp(served.rawPayload).metadata()).width).toBe(256);
  });

  it('refuses a file that is not an image', async () => {
    const response = await upload('logo', Buffer.from('%PDF-1.4 not an image'), 'logo.png');
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/not an image/);
  });
});

describe('editions', () => {
  const startEdition = (payload: object) => asAdmin.post('/api/admin/editions', payload);

  it('starts a new edition from the current one: settings copied, the old one archived with its entries, references from 0001, capacity counted per edition', async () => {
    const before = await settings();
    const races = before.races.map(({ taken: _taken, ...race }: Record<string, unknown>) =>
      race.label === '5km' ? { ...race, capacity: 1, feeUsd: '10.00', startTime: '06:30' } : race,
    );
    expect((await asAdmin.put('/api/admin/event/races', { races })).statusCode).toBe(200);
    const old = await app.inject({ method: 'POST', url: '/api/registrations', payload: fiveKmEntry() });
    expect(old.statusCode).toBe(201);
    expect((await publicEvent()).races.find((r: { label: string }) => r.label === '5km').full).toBe(true);

    const started = await startEdition({ year: 2026, referencePrefix: 'cfr26' });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({
      year: 2026,
      referencePrefix: 'CFR26',
      subtitle: '2026 Fun Run Registration Platform',
      eventDate: null,
      registrationClosesAt: null,
      payment: before.payment,
      tshirtSizes: before.tshirtSizes,
      termsText: before.termsText,
    });
    const fiveK = started.json().races.find((r: { label: string }) => r.label === '5km');
    expect(fiveK).toMatchObject({ capacity: 1, feeUsd: '10.00', startTime: '06:30', taken: 0 });
    expect(started.json().races.map((r: { label: string }) => r.label)).toEqual(
      before.races.map((r: { label: string }) => r.label),
    );

    const shown = await publicEvent();
    expect(shown.year).toBe(2026);
    expect(shown.races.find((r: { label: string }) => r.label === '5km').full).toBe(false);
    expect(started.json().published).toBe(false);
    await publishAsItIs();
    const fresh = await app.inject({
      method: 'POST',
      url: '/api/registrations',
      payload: fiveKmEntry({ firstName: 'Tendai', lastName: 'Moyo', email: 'tendai@example.com' }),
    });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().reference).toBe('CFR26-0001');

    const list = await asAdmin.get('/api/admin/editions');
    expect(list.json()).toMatchObject([
      { year: 2026, referencePrefix: 'CFR26', current: true, archivedAt: null, entries: 1 },
      { year: 2025, referencePrefix: 'CFR25', current: false, archivedAt: expect.any(String), entries: 1 },
    ]);
    // The old entry is untouched, still in its edition.
    expect(old.json().reference).toMatch(/^CFR25-\d{4,}$/);
  });

  it('lists and exports an earlier edition on request; its entries can be read and not changed', async () => {
    const old = await app.inject({ method: 'POST', url: '/api/registrations', payload: fiveKmEntry() });
    expect(old.statusCode).toBe(201);
    const oldId = (await asAdmin.get('/api/participants')).json().rows[0].id;
    const editions = (await asAdmin.get('/api/admin/editions')).json();
    expect((await startEdition({ year: 2026, referencePrefix: 'CFR26' })).statusCode).toBe(200);

    expect((await asAdmin.get('/api/participants')).json().total).toBe(0);
    const earlier = await asAdmin.get(`/api/participants?edition=${editions[0].id}`);
    expect(earlier.json().rows.map((row: { reference: string }) => row.reference)).toEqual([
      old.json().reference,
    ]);
    const csv = await asAdmin.get(`/api/participants/export.csv?edition=${editions[0].id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(old.json().reference);
    const pdf = await asAdmin.get(`/api/participants/export.pdf?edition=${editions[0].id}`);
    expect(pdf.statusCode).toBe(200);

    const detail = await asAdmin.get(`/api/participants/${oldId}`);
    expect(detail.json()).toMatchObject({ reference: old.json().reference, archived: true });
    const cancel = await asAdmin.post(`/api/participants/${oldId}/cancel`, {});
    expect(cancel.statusCode).toBe(404);
    expect((await asAdmin.get(`/api/participants/${oldId}`)).json().status).toBe('active');

    expect(
      (await asAdmin.get('/api/participants?edition=00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await asAdmin.get('/api/participants?edition=2025')).statusCode).toBe(400);
  });

  it('refuses a year or a prefix an edition already has, and a prefix that is not letters and digits', async () => {
    expect((await startEdition({ year: 2025, referencePrefix: 'CFR99' })).statusCode).toBe(409);
    const samePrefix = await startEdition({ year: 2026, referencePrefix: 'CFR25' });
    expect(samePrefix.statusCode).toBe(409);
    expect(samePrefix.json().detail).toContain('CFR25');
    const wrong = await startEdition({ year: 2026, referencePrefix: 'CFR-26' });
    expect(wrong.statusCode).toBe(400);
    expect((await publicEvent()).year).toBe(2025);
  });
});
