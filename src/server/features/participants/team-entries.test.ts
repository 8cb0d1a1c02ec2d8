import { describe, expect, it } from 'vitest';
import {
  changeRaces,
  injectAs,
  paidByHand,
  type SignedIn,
  setUpTestApp,
  signedInAs,
} from '../../../../tests/support/test-app.ts';
import { events } from '../../db/schema/index.ts';

const { app, db, asAdmin } = setUpTestApp();

let serial = 0;
const staff = (raceType = '10km') => {
  serial += 1;
  return {
    discipline: 'run',
    firstName: 'Staff',
    lastName: `Member${serial}`,
    email: `staff.${serial}.${Date.now()}@example.com`,
    mobile: '0771234567',
    age: 30,
    raceType,
    nextOfKinMobile: '0772345678',
    tshirtSize: 'Large',
    consent: true,
  };
};

/** The same entry as the edit form sends it back, with these changes. */
const edited = (entry: ReturnType<typeof staff>, change: object) => {
  const { discipline: _, consent: __, ...fields } = entry;
  return { ...fields, ...change };
};

async function teamOf(company: SignedIn) {
  const response = await injectAs(app, company).get('/api/team/registrations');
  expect(response.statusCode).toBe(200);
  return response.json() as {
    entries: { id: string; reference: string; tshirtSize: string; paymentStatus: string }[];
    due: { usd: string; zwg: string };
    reference: string | null;
    changeable: boolean;
  };
}

const setFees = () =>
  changeRaces(asAdmin, (race) =>
    race.label === '10km' ? { feeUsd: '15.00', feeZwg: '400.00' } : { feeUsd: '10.00', feeZwg: '270.00' },
  );

describe('a company team: what it owes, one reference, its own entries changed until registration closes', () => {
  it('owes the fees of its unpaid entries, pays them with one team reference the admin can search', async () => {
    await setFees();
    const company = await signedInAs(app, 'company');
    const other = await signedInAs(app, 'company');
    const empty = await teamOf(company);
    expect(empty).toEqual({
      entries: [],
      due: { usd: '0.00', zwg: '0.00' },
      reference: null,
      changeable: true,
    });

    for (const body of [staff('10km'), staff('5km'), staff('10km')]) {
      expect((await injectAs(app, company).post('/api/team/registrations', body)).statusCode).toBe(201);
    }
    expect((await injectAs(app, other).post('/api/team/registrations', staff())).statusCode).toBe(201);
    const team = await teamOf(company);
    expect(team.reference).toMatch(/^CFR25-T[0-9A-F]{6}$/);
    expect(team.reference).not.toBe((await teamOf(other)).reference);
    expect(team.due).toEqual({ usd: '40.00', zwg: '1070.00' });

    // One entry paid: the team owes the rest.
    const [first] = team.entries;
    await paidByHand(asAdmin, first?.id, { method: 'cash', amount: '15.00', paidOn: '2026-11-20' });
    expect((await teamOf(company)).due).toEqual({ usd: '25.00', zwg: '670.00' });

    // The admin finds the team's entries by its reference, and no one else's.
    const found = await asAdmin.get(`/api/participants?q=${team.reference?.toLowerCase()}`);
    expect(
      found
        .json()
        .rows.map((row: { reference: string }) => row.reference)
        .sort(),
    ).toEqual(team.entries.map((entry) => entry.reference).sort());
  });

  it("corrects and cancels its own unpaid entries, never another team's, a paid one, or after closing", async () => {
    const company = await signedInAs(app, 'company');
    const asCompany = injectAs(app, company);
    const other = await signedInAs(app, 'company');
    const asOther = injectAs(app, other);
    const [one, two] = [staff(), staff()];
    for (const body of [one, two]) await asCompany.post('/api/team/registrations', body);
    const [entryOne, entryTwo] = (await teamOf(company)).entries;

    expect((await asOther.put(`/api/team/registrations/${entryOne?.id}`, edited(one, {}))).statusCode).toBe(
      404,
    );
    expect((await asOther.post(`/api/team/registrations/${entryOne?.id}/cancel`)).statusCode).toBe(404);

    const saved = await asCompany.put(
      `/api/team/registrations/${entryOne?.id}`,
      edited(one, { tshirtSize: 'Small' }),
    );
    expect(saved.statusCode).toBe(204);
    expect((await teamOf(company)).entries[0]?.tshirtSize).toBe('Small');
    const history = (await asAdmin.get(`/api/participants/${entryOne?.id}`)).json().history;
    const { user } = (await asCompany.get('/api/account/session')).json();
    expect(history[0]).toMatchObject({ action: 'edited', summary: 'Changed T-shirt', by: user.name });

    const wrong = await asCompany.put(
      `/api/team/registrations/${entryOne?.id}`,
      edited(one, { raceType: '99km' }),
    );
    expect(wrong.statusCode).toBe(400);

    await asAdmin.put(`/api/participants/${entryTwo?.id}/payment`, {
      status: 'waived',
      reason: 'Sponsor',
    });
    const paid = await asCompany.post(`/api/team/registrations/${entryTwo?.id}/cancel`);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().detail).toBe('This entry is paid: ask the organisers to change it.');

    expect((await asCompany.post(`/api/team/registrations/${entryOne?.id}/cancel`)).statusCode).toBe(204);
    expect((await teamOf(company)).entries.map((entry) => entry.id)).toEqual([entryTwo?.id]);

    // After closing, the manager asks the organisers.
    const third = staff();
    await asCompany.post('/api/team/registrations', third);
    const entryThree = (await teamOf(company)).entries.at(-1);
    await db.update(events).set({ registrationClosesAt: new Date(Date.now() - 60_000) });
    const team = await teamOf(company);
    expect(team.changeable).toBe(false);
    const late = await asCompany.put(`/api/team/registrations/${entryThree?.id}`, edited(third, {}));
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe('Registration has closed: ask the organisers to change this entry.');
    expect((await asCompany.post(`/api/team/registrations/${entryThree?.id}/cancel`)).statusCode).toBe(409);
  });

  it('is for company accounts only', async () => {
    const man = await signedInAs(app, 'participant');
    expect(
      (await injectAs(app, man).post(`/api/team/registrations/${crypto.randomUUID()}/cancel`)).statusCode,
    ).toBe(403);
  });
});
