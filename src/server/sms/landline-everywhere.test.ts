import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { manForm, runnerSeries } from '../../../tests/support/entries.ts';
import { expectProblem } from '../../../tests/support/registrations.ts';
import {
  changeRaces,
  injectAs,
  setUpTestApp,
  signedInAs,
  signedInMan,
  testDatabaseKind,
} from '../../../tests/support/test-app.ts';
import { harareToday } from '../../shared/dates.ts';
import { events, mailOutbox, men, registrations, walkUps } from '../db/schema/index.ts';
import { NOT_A_MOBILE } from './mobile-only.ts';

// Issue 38: a landline is refused as "Mobile" wherever a mobile is set or changed, not on registration alone.

const { app, db, visitor, asAdmin } = setUpTestApp();
const runner = runnerSeries();

const LANDLINE = '024 2700000';
const LANDLINE_E164 = '+263242700000';
const refusedBesideMobile = (response: Awaited<ReturnType<typeof visitor.post>>, path = 'mobile') =>
  expect(expectProblem(response, 400).errors).toEqual([{ path, message: NOT_A_MOBILE }]);

/** The entry as its edit forms send it back, with these changes. */
const edited = (entry: ReturnType<typeof runner>, change: object = {}) => {
  const { discipline: _, consent: __, ...fields } = entry;
  return { ...fields, ...change };
};

async function registered(entry = runner()) {
  const response = await visitor.post('/api/registrations', entry);
  expect(response.statusCode).toBe(201);
  const { reference, myLink } = response.json();
  const [row] = await db.select().from(registrations).where(eq(registrations.reference, reference));
  return { entry, id: row?.id ?? '', token: String(myLink).replace('/My/', '') };
}

const storedMobile = async (id: string) =>
  (await db.select().from(registrations).where(eq(registrations.id, id)))[0]?.mobile;

describe(`a landline given as Mobile, on every path that sets one (${testDatabaseKind})`, () => {
  it('an entrant’s edit on /My is refused beside Mobile; a landline kept from before stays while unchanged', async () => {
    const { entry, id, token } = await registered();
    refusedBesideMobile(await visitor.put(`/api/my/${token}`, edited(entry, { mobile: LANDLINE })));
    expect(await storedMobile(id)).toBe('+263771234567');
    // Stored before landlines were refused: the rest of the entry can still be corrected.
    await db.update(registrations).set({ mobile: LANDLINE_E164 }).where(eq(registrations.id, id));
    const kept = await visitor.put(
      `/api/my/${token}`,
      edited(entry, { mobile: LANDLINE, tshirtSize: 'Small' }),
    );
    expect(kept.statusCode).toBe(200);
  });

  it('an admin’s edit of an entry (/Participants) is refused beside Mobile', async () => {
    const { entry, id } = await registered();
    refusedBesideMobile(await asAdmin.put(`/api/participants/${id}`, edited(entry, { mobile: LANDLINE })));
    expect(await storedMobile(id)).toBe('+263771234567');
    const mobile = await asAdmin.put(`/api/participants/${id}`, edited(entry, { mobile: '0782223344' }));
    expect(mobile.statusCode).toBe(200);
  });

  it('a team manager’s edit of a staff entry is refused beside Mobile', async () => {
    const company = injectAs(app, await signedInAs(app, 'company'));
    const entry = runner();
    expect((await company.post('/api/team/registrations', entry)).statusCode).toBe(201);
    const [row] = await db.select().from(registrations).where(eq(registrations.email, entry.email));
    refusedBesideMobile(
      await company.put(`/api/team/registrations/${row?.id}`, edited(entry, { mobile: LANDLINE })),
    );
    expect(await storedMobile(row?.id ?? '')).toBe('+263771234567');
  });

  it('joining a full race’s waitlist is refused beside Mobile; nobody waits', async () => {
    await changeRaces(asAdmin, (race) => ({ capacity: race.label === '10km' ? 1 : null }));
    await registered();
    refusedBesideMobile(await visitor.post('/api/waitlist', runner({ mobile: LANDLINE })));
    expect(await db.select().from(registrations)).toHaveLength(1);
    expect((await visitor.post('/api/waitlist', runner())).statusCode).toBe(201);
  });

  it('taking a given place (/Transfer) is refused beside Mobile; the link still works', async () => {
    const { token } = await registered();
    const sent = await visitor.post(`/api/my/${token}/transfer`, {
      sendBy: 'email',
      email: 'chipo@example.com',
    });
    expect(sent.statusCode).toBe(200);
    const transferToken = await transferTokenMailedTo('chipo@example.com');
    const {
      discipline: _,
      raceType: __,
      ...details
    } = runner({ firstName: 'Chipo', email: 'chipo@example.com' });
    refusedBesideMobile(
      await visitor.post(`/api/transfers/${transferToken}`, { ...details, mobile: LANDLINE }),
    );
    expect((await visitor.post(`/api/transfers/${transferToken}`, details)).statusCode).toBe(200);
  });

  it('a walk-up at the check-in table is refused beside Mobile; nothing is registered', async () => {
    await db.update(events).set({ eventDate: harareToday() }).where(eq(events.isCurrent, true));
    await app.context.currentEvent.reload();
    const volunteer = injectAs(app, await signedInAs(app, 'volunteer'));
    const walkUp = (mobile: string) => ({
      idempotencyKey: randomUUID(),
      entrant: runner({ mobile }),
      cash: null,
      at: new Date().toISOString(),
      offline: false,
      provisionalBib: null,
    });
    refusedBesideMobile(await volunteer.post('/api/check-in/walk-ups', walkUp(LANDLINE)));
    expect(await db.select().from(walkUps)).toEqual([]);
    const mobile = await volunteer.post('/api/check-in/walk-ups', walkUp('0771234567'));
    expect(mobile.statusCode, mobile.body).toBe(201);
  });

  it('the Be That Man forms (man, facilitator) are refused beside Mobile; the desk form’s "Phone" takes a landline', async () => {
    refusedBesideMobile(await visitor.post('/api/men', manForm('Landline', { mobile: LANDLINE })));
    refusedBesideMobile(await visitor.post('/api/facilitators', manForm('Landline', { mobile: LANDLINE })));
    expect(await db.select().from(men)).toEqual([]);
    const desk = await visitor.post('/api/men/quick', {
      firstName: 'Tatenda',
      lastName: 'Desk',
      email: 'tatenda.desk@example.com',
      mobile: LANDLINE,
    });
    expect(desk.statusCode).toBe(201);
  });

  it('an admin’s edit of a man, and a man’s own profile, are refused beside Mobile; a desk landline stays while unchanged', async () => {
    const man = await signedInMan(app, 'Tatenda', 'Profile');
    const asMan = injectAs(app, man);
    const profile = {
      firstName: 'Tatenda',
      lastName: 'Profile',
      maritalStatus: 'Married',
      church: 'Celebration Church Harare',
      age: 35,
      address: '1 Main St',
    };
    refusedBesideMobile(await asMan.put('/api/me/profile', { ...profile, mobile: LANDLINE }));
    refusedBesideMobile(
      await asAdmin.put(`/api/men/${man.manId}`, { ...profile, email: man.email, mobile: LANDLINE }),
    );
    const [stored] = await db.select().from(men).where(eq(men.id, man.manId));
    expect(stored?.mobile).toBe('+263771234567');
    // A landline the desk form took as "Phone": the rest of his record can still be filled in.
    await db.update(men).set({ mobile: LANDLINE_E164 }).where(eq(men.id, man.manId));
    expect((await asMan.put('/api/me/profile', { ...profile, mobile: LANDLINE })).statusCode).toBe(200);
  });
});

async function transferTokenMailedTo(email: string) {
  const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  return /\/Transfer\/([\w-]+)/.exec(mails.at(-1)?.text ?? '')?.[1] ?? '';
}
