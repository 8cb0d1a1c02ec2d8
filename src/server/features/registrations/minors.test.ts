import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { csvRecords } from '../../../../tests/support/csv-export.ts';
import { GUARDIAN, runnerEntry } from '../../../../tests/support/entries.ts';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import {
  changeRaces,
  injectAs,
  setUpTestApp,
  signedInAs,
  testDatabaseKind,
} from '../../../../tests/support/test-app.ts';
import { GUARDIAN_MESSAGES } from '../../../shared/registrations/guardian.ts';
import { mailOutbox, raceOptions, registrations, waitlistEntries } from '../../db/schema/index.ts';
import { settleAllRaces } from '../waitlist/service.ts';

const { app, db, visitor, asAdmin } = setUpTestApp();

let serial = 0;
/** A runner entry of a distinct person; overrides win. */
const runner = (overrides: Record<string, unknown> = {}) => {
  serial += 1;
  return runnerEntry(`m${serial}`, overrides);
};
/** The same entry as an edit form sends it back (no discipline, no terms consent), with these changes. */
const edited = (entry: Record<string, unknown>, change: object) => {
  const { discipline: _, consent: __, ...fields } = entry;
  return { ...fields, ...change };
};

/** What a child's entry sent without its guardian is told, beside each field. */
const GUARDIAN_REFUSED = [
  { path: 'guardianName', message: GUARDIAN_MESSAGES.guardianName },
  { path: 'guardianMobile', message: GUARDIAN_MESSAGES.guardianMobile },
  { path: 'guardianConsent', message: GUARDIAN_MESSAGES.guardianConsent },
];
const byPath = (errors: { path: string }[]) => [...errors].sort((a, b) => a.path.localeCompare(b.path));

function expectGuardianAsked(response: { statusCode: number; body: string; json: () => unknown }) {
  expect(response.statusCode, response.body).toBe(400);
  const { errors } = response.json() as { errors: { path: string; message: string }[] };
  expect(byPath(errors)).toEqual(byPath(GUARDIAN_REFUSED));
}

const stored = async (reference: string) => {
  const [row] = await db.select().from(registrations).where(eq(registrations.reference, reference));
  if (!row) throw new Error(`no entry ${reference}`);
  return row;
};

const lastMailTo = async (to: string) =>
  (await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.id))).at(-1);
const tokenIn = (text: string | null | undefined, path: 'My' | 'Offer') =>
  (text ?? '').match(new RegExp(`/${path}/([\\w-]+)`))?.[1] ?? '';

const setCapacity = (label: string, capacity: number | null) =>
  changeRaces(asAdmin, (race) => (race.label === label ? { capacity } : {}));

async function register(entry: Record<string, unknown>) {
  const response = await visitor.post('/api/registrations', entry);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().reference as string;
}

describe(`an entrant under 18 (${testDatabaseKind})`, () => {
  it('is refused without a parent or guardian on the public form, with a message beside each field', async () => {
    expectGuardianAsked(await visitor.post('/api/registrations', runner({ age: 15 })));
    // Blank fields and an unticked box are no better than none.
    expectGuardianAsked(
      await visitor.post(
        '/api/registrations',
        runner({ age: '17', guardianName: '  ', guardianMobile: '', guardianConsent: false }),
      ),
    );
    // A guardian's mobile is checked like every other mobile.
    const badMobile = await visitor.post(
      '/api/registrations',
      runner({ age: 15, ...GUARDIAN, guardianMobile: '12' }),
    );
    expect(badMobile.statusCode).toBe(400);
    expect(badMobile.json().errors).toEqual([
      {
        path: 'guardianMobile',
        message: "Enter a valid parent or guardian's mobile number, e.g. 0771234567 or +263 77 123 4567",
      },
    ]);
    // Every message at once: the guardian's with the other fields'.
    const both = await visitor.post('/api/registrations', runner({ age: 15, email: 'not an email' }));
    expect(
      both
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['email', 'guardianConsent', 'guardianMobile', 'guardianName'].sort());
    expect(await db.select().from(registrations)).toHaveLength(0);
  });

  it('registers with the guardian, whose agreement is kept with its time; an adult keeps no guardian', async () => {
    const before = Date.now();
    const child = await register(runner({ age: 15, ...GUARDIAN, guardianMobile: '077 234 5678' }));
    const row = await stored(child);
    expect(row).toMatchObject({ age: 15, guardianName: 'Rudo Moyo', guardianMobile: '+263772345678' });
    expect(row.guardianConsentedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.guardianConsentedAt?.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    // 18 is an adult: nothing is asked, and a guardian sent anyway is not kept.
    const adult = await stored(await register(runner({ age: 18, ...GUARDIAN })));
    expect(adult).toMatchObject({ guardianName: null, guardianMobile: null, guardianConsentedAt: null });
    expect((await visitor.post('/api/registrations', runner({ age: 18 }))).statusCode).toBe(201);
  });

  it('is refused without a guardian on a full race’s waitlist, and brings the guardian to the entry an offer makes', async () => {
    await setCapacity('10km', 1);
    await register(runner());
    expectGuardianAsked(await visitor.post('/api/waitlist', runner({ age: 12 })));

    const child = runner({ age: 12, ...GUARDIAN });
    const joined = await visitor.post('/api/waitlist', child);
    expect(joined.statusCode, joined.body).toBe(201);
    const [waiting] = await db.select().from(waitlistEntries);
    expect(waiting).toMatchObject({ age: 12, guardianName: 'Rudo Moyo', guardianMobile: '+263772345678' });
    expect(waiting?.guardianConsentedAt).toBeInstanceOf(Date);

    await setCapacity('10km', 2);
    await settleAllRaces(app.context);
    const token = tokenIn((await lastMailTo(child.email))?.text, 'Offer');
    const accepted = await visitor.post(`/api/offers/${token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const entry = await stored(accepted.json().registration.reference);
    expect(entry).toMatchObject({
      age: 12,
      guardianName: 'Rudo Moyo',
      guardianMobile: '+263772345678',
      guardianConsentedAt: waiting?.guardianConsentedAt,
    });
  });

  it("is refused without a guardian in a company's team entry and its correction", async () => {
    const company = await signedInAs(app, 'company');
    const asCompany = injectAs(app, company);
    expectGuardianAsked(await asCompany.post('/api/team/registrations', runner({ age: 16 })));

    const staff = runner({ age: 30 });
    const made = await asCompany.post('/api/team/registrations', staff);
    expect(made.statusCode, made.body).toBe(201);
    const [entry] = (await asCompany.get('/api/team/registrations')).json().entries;
    expectGuardianAsked(
      await asCompany.put(`/api/team/registrations/${entry.id}`, edited(staff, { age: 16 })),
    );
    const corrected = await asCompany.put(
      `/api/team/registrations/${entry.id}`,
      edited(staff, { age: 16, ...GUARDIAN }),
    );
    expect(corrected.statusCode, corrected.body).toBe(204);
    const opened = (await asCompany.get(`/api/team/registrations/${entry.id}`)).json();
    expect(opened).toMatchObject({
      age: 16,
      guardianName: 'Rudo Moyo',
      guardianMobile: '+263772345678',
    });
  });

  it("is refused without a guardian in an admin's correction and the entrant's own; a guardian's agreement keeps its time while the guardian stays", async () => {
    const adult = runner({ age: 30 });
    const reference = await register(adult);
    const { id } = await stored(reference);
    expectGuardianAsked(await asAdmin.put(`/api/participants/${id}`, edited(adult, { age: 15 })));

    const saved = await asAdmin.put(`/api/participants/${id}`, edited(adult, { age: 15, ...GUARDIAN }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      age: 15,
      guardianName: 'Rudo Moyo',
      guardianMobile: '+263772345678',
    });
    expect(saved.json().history[0].summary).toBe(
      "Changed age, parent or guardian, parent or guardian's mobile",
    );
    const agreedAt = (await stored(reference)).guardianConsentedAt;
    expect(agreedAt).toBeInstanceOf(Date);

    // The entrant's own page, by the private link in the confirmation.
    const token = tokenIn((await lastMailTo(adult.email))?.text, 'My');
    expectGuardianAsked(await visitor.put(`/api/my/${token}`, edited(adult, { age: 15 })));
    const own = await visitor.put(`/api/my/${token}`, edited(adult, { age: 15, ...GUARDIAN }));
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({
      guardianName: 'Rudo Moyo',
      guardianConsentedAt: agreedAt?.toISOString(),
    });

    // Another guardian agrees anew; grown up, the entry keeps no guardian.
    await visitor.put(
      `/api/my/${token}`,
      edited(adult, { age: 15, ...GUARDIAN, guardianName: 'Tapiwa Moyo' }),
    );
    expect((await stored(reference)).guardianConsentedAt?.getTime()).toBeGreaterThan(
      agreedAt?.getTime() ?? 0,
    );
    const grown = await asAdmin.put(`/api/participants/${id}`, edited(adult, { age: 18, ...GUARDIAN }));
    expect(grown.json()).toMatchObject({
      guardianName: null,
      guardianMobile: null,
      guardianConsentedAt: null,
    });
  });

  it('is never in the public entrant search, whatever was chosen', async () => {
    await register(
      runner({ firstName: 'Nyasha', lastName: 'Child', age: 14, ...GUARDIAN, listedInSearch: true }),
    );
    await register(runner({ firstName: 'Nyasha', lastName: 'Grown', age: 18, listedInSearch: true }));
    const found = await visitor.get('/api/registrations/search?q=Nyasha');
    expect(found.statusCode).toBe(200);
    expect(found.json().results.map((r: { lastName: string }) => r.lastName)).toEqual(['Grown']);
    expect((await visitor.get('/api/registrations/search?q=Child')).json().results).toEqual([]);

    // An age corrected to a child's takes the entry out of the search at once.
    const [grown] = await db.select().from(registrations).where(eq(registrations.lastName, 'Grown'));
    await db
      .update(registrations)
      .set({ age: 17 })
      .where(eq(registrations.id, grown?.id ?? ''));
    expect((await visitor.get('/api/registrations/search?q=Nyasha')).json().results).toEqual([]);
  });

  it('is marked in the participants CSV and PDF and in the start list, with the guardian in the CSV', async () => {
    const child = await register(runner({ lastName: 'Young', age: 9, ...GUARDIAN }));
    const grown = await register(runner({ lastName: 'Old', age: 40 }));

    const records = csvRecords((await asAdmin.get('/api/participants/export.csv')).body);
    const header = records[0] ?? [];
    const column = (name: string) => header.indexOf(name);
    const row = (reference: string) =>
      records.find((record) => record[column('Reference')] === reference) ?? [];
    expect(row(child)[column('Minor')]).toBe('yes');
    expect(row(child)[column('Parent or guardian')]).toBe('Rudo Moyo');
    expect(row(child)[column('Guardian mobile')]).toBe('077 234 5678');
    expect(row(grown)[column('Minor')]).toBe('no');
    expect(row(grown)[column('Parent or guardian')]).toBe('');

    const pdf = pdfText((await asAdmin.get('/api/participants/export.pdf')).rawPayload);
    expect(pdf).toMatch(/Age\s+Minor\s+Gender/);
    expect(pdf).toMatch(new RegExp(`Young\\s.+\\s9\\s+Yes\\s.+${child}`));
    expect(pdf).not.toMatch(new RegExp(`Old\\s.+Yes\\s.+${grown}`));

    const [race] = await db.select().from(raceOptions).where(eq(raceOptions.label, '10km'));
    const startList = pdfText((await asAdmin.get(`/api/races/${race?.id}/start-list.pdf`)).rawPayload);
    expect(startList).toMatch(new RegExp(`Young\\s+Tendai\\s+Under 18\\s+Yes\\s.+${child}`));
    expect(startList).toMatch(new RegExp(`Old\\s+Tendai\\s+40–49\\s+Medium\\s.+${grown}`));
  });
});
