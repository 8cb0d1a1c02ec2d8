import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { manForm, runnerEntry } from '../../../../tests/support/entries.ts';
import {
  injectAs,
  setUpTestApp,
  signedInAs,
  signedUpAndConfirmed,
  testDatabaseKind,
} from '../../../../tests/support/test-app.ts';
import { formatPhone } from '../../../shared/phone.ts';
import { standardPrivacyNotice } from '../../../shared/privacy/standard-notice.ts';
import { facilitators, men, registrations, user, waitlistEntries } from '../../db/schema/index.ts';

const { app, db, visitor, asAdmin } = setUpTestApp();

const settings = async () => (await asAdmin.get('/api/admin/event')).json();
const publicEvent = async () => (await visitor.get('/api/event')).json();

/** What PUT /api/admin/event takes, as the settings are now (what a section of the page sends), changed. */
async function save(change: Record<string, unknown>) {
  const current = await settings();
  const fields = ['title', 'subtitle', 'greeting', 'contactPhone', 'backgroundAlt', 'registrationClosesAt'];
  const input = Object.fromEntries(
    [...fields, 'payment', 'tshirtSizes', 'termsText'].map((field) => [field, current[field]]),
  );
  return asAdmin.put('/api/admin/event', { ...input, ...change });
}

let serial = 0;
const person = () => {
  serial += 1;
  return manForm(`Notice${serial}`);
};

const OWN_NOTICE = '## Who we are\nThe organisers of the fun run.\n- Your name\n- Your mobile';

describe(`the privacy notice (${testDatabaseKind})`, () => {
  it('is the standard one until an admin writes one; /api/event carries it with its version and the retention periods', async () => {
    expect(await publicEvent()).toMatchObject({
      privacyText: null,
      privacyVersion: 1,
      entryRetentionDays: 180,
      programmeRetentionDays: 730,
    });
    expect(await settings()).toMatchObject({ privacyText: null, privacyVersion: 1 });

    const saved = await save({ privacyText: `  ${OWN_NOTICE.replaceAll('\n', '\r\n')}  ` });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ privacyText: OWN_NOTICE, privacyVersion: 2 });
    expect(await publicEvent()).toMatchObject({ privacyText: OWN_NOTICE, privacyVersion: 2 });

    // The same text again, or a save of another section (which leaves the notice out): no new version.
    expect((await save({ privacyText: OWN_NOTICE })).json().privacyVersion).toBe(2);
    expect((await save({ title: 'Celebration Fun Run 2025' })).json()).toMatchObject({
      privacyText: OWN_NOTICE,
      privacyVersion: 2,
    });
    expect((await save({ privacyText: `${OWN_NOTICE}\n- Your age` })).json().privacyVersion).toBe(3);

    const empty = await save({ privacyText: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ path: 'privacyText', message: 'Enter the privacy notice' }]);
  });

  it('goes back to the standard notice, which follows the contact phone and raises the version when it reads differently', async () => {
    await save({ privacyText: OWN_NOTICE });
    const current = await settings();
    const standard = standardPrivacyNotice({
      contactPhone: formatPhone(current.contactPhone),
      entryRetentionDays: 180,
      programmeRetentionDays: 730,
    });
    // "Use the standard notice" puts its text back in the box: saved, it is the standard one again.
    const back = (await save({ privacyText: standard })).json();
    expect(back).toMatchObject({ privacyText: null, privacyVersion: 3 });
    expect((await save({ privacyText: null })).json().privacyVersion).toBe(3);
    expect((await save({ privacyText: standard })).json()).toMatchObject({
      privacyText: null,
      privacyVersion: 3,
    });

    // A new contact phone changes what the standard notice says.
    const moved = (await save({ contactPhone: '0712 345 678' })).json();
    expect(moved).toMatchObject({ privacyText: null, privacyVersion: 4 });
    expect(standard).toContain(formatPhone(current.contactPhone));
    expect(standard).toContain('anonymised 180 days after the event');
    expect(standard).toContain('deleted 730 days after a man leaves the programme or graduates');
  });

  it('starts again at version 1 in a new edition, with the same text', async () => {
    await save({ privacyText: 'Notice for 2025.' });
    const started = await asAdmin.post('/api/admin/editions', { year: 2026, referencePrefix: 'CFR26' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ privacyText: 'Notice for 2026.', privacyVersion: 1 });
  });
});

describe(`the version given is kept with each record (${testDatabaseKind})`, () => {
  it('on entries, waitlist places, team entries, men, facilitators and accounts; a later notice on later records only', async () => {
    expect((await save({ privacyText: OWN_NOTICE })).json().privacyVersion).toBe(2);

    const entry = runnerEntry('notice-a');
    expect((await visitor.post('/api/registrations', entry)).statusCode).toBe(201);
    const company = await signedInAs(app, 'company');
    expect(
      (await injectAs(app, company).post('/api/team/registrations', runnerEntry('notice-b'))).statusCode,
    ).toBe(201);

    // A full race: the next one waits.
    const current = await settings();
    const races = current.races.map((race: Record<string, unknown>) => ({
      ...race,
      capacity: race.label === '10km' ? 2 : race.capacity,
      taken: undefined,
    }));
    expect((await asAdmin.put('/api/admin/event/races', { races })).statusCode).toBe(200);
    expect((await visitor.post('/api/waitlist', runnerEntry('notice-c'))).statusCode).toBe(201);

    expect((await visitor.post('/api/men', person())).statusCode).toBe(201);
    expect((await visitor.post('/api/men/quick', person())).statusCode).toBe(201);
    expect((await visitor.post('/api/facilitators', person())).statusCode).toBe(201);

    const email = `account.${Date.now()}@example.com`;
    // Confirming the address makes his programme record, which keeps the version his account was given.
    await signedUpAndConfirmed(app, 'Joseph Mutasa', email);

    const versions = async () => ({
      entries: (await db.select().from(registrations)).map((row) => row.privacyVersion),
      waiting: (await db.select().from(waitlistEntries)).map((row) => row.privacyVersion),
      men: (await db.select().from(men)).map((row) => row.privacyVersion),
      facilitators: (await db.select().from(facilitators)).map((row) => row.privacyVersion),
      account: (await db.select().from(user).where(eq(user.email, email))).map((row) => row.privacyVersion),
    });
    expect(await versions()).toEqual({
      entries: [2, 2],
      waiting: [2],
      men: [2, 2, 2],
      facilitators: [2],
      account: [2],
    });

    // A changed notice: what is made from now on records the new version; what was made keeps its own.
    expect((await save({ privacyText: `${OWN_NOTICE}\n- Your age` })).json().privacyVersion).toBe(3);
    await visitor.post('/api/men', person());
    expect(
      (await visitor.post('/api/registrations', runnerEntry('notice-d', { raceType: '5km' }))).statusCode,
    ).toBe(201);
    const after = await versions();
    expect(after.entries.sort()).toEqual([2, 2, 3]);
    expect(after.men.sort()).toEqual([2, 2, 2, 3]);
  });
});
