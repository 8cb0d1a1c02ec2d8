import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../tests/support/entries.ts';
import { raceAsSent } from '../../../../tests/support/races.ts';
import { adminRaces, changeRaces, setUpTestApp } from '../../../../tests/support/test-app.ts';
import { events, mailOutbox, raceOptions, registrations, waitlistEntries } from '../../db/schema/index.ts';
import { loggablePath } from '../../logger.ts';
import { settleAllRaces } from './service.ts';

const { app, db, visitor, asAdmin } = setUpTestApp();

const runner = runnerSeries();

const mailsTo = (to: string) =>
  db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.id));
const lastMailTo = async (to: string) => (await mailsTo(to)).at(-1);
const tokenIn = (text: string | null | undefined, path: 'My' | 'Offer') =>
  (text ?? '').match(new RegExp(`/${path}/([\\w-]+)`))?.[1] ?? '';

const setCapacity = (label: string, capacity: number | null) =>
  changeRaces(asAdmin, (race) => (race.label === label ? { capacity } : {}));

async function registered(entry = runner()) {
  const response = await visitor.post('/api/registrations', entry);
  expect(response.statusCode).toBe(201);
  return { entry, token: tokenIn((await lastMailTo(entry.email))?.text, 'My') };
}

async function waiting(entry = runner()) {
  const response = await visitor.post('/api/waitlist', entry);
  expect(response.statusCode).toBe(201);
  return { entry, receipt: response.json() };
}

/** 10 km holds two, both taken. */
async function fullRace() {
  await setCapacity('10km', 2);
  return [await registered(), await registered()];
}

const offerTokenOf = async (email: string) => tokenIn((await lastMailTo(email))?.text, 'Offer');

describe('joining a full race’s waitlist', () => {
  it('marks the race full, gives a waitlist reference and position, and mails the same', async () => {
    await fullRace();
    const event = (await visitor.get('/api/event')).json();
    expect(event.races.find((race: { label: string }) => race.label === '10km').full).toBe(true);

    const first = await waiting();
    const second = await waiting();
    expect(first.receipt).toMatchObject({ onWaitlist: true, raceType: '10km', position: 1 });
    expect(second.receipt).toMatchObject({ onWaitlist: true, position: 2 });
    expect(second.receipt.reference).toMatch(/^[A-Z0-9]+-W\d{4,}$/);
    const mail = await lastMailTo(second.entry.email);
    expect(mail?.text).toContain('You are number 2 on the waitlist for 10km');
    expect(mail?.text).toContain(second.receipt.reference);

    // A newcomer cannot jump the queue through the registration form.
    expect((await visitor.post('/api/registrations', runner())).statusCode).toBe(409);
  });

  it('registers at once when the race has room, and refuses waiting twice', async () => {
    await setCapacity('10km', 5);
    const response = await visitor.post('/api/waitlist', runner());
    expect(response.statusCode).toBe(201);
    expect(response.json().reference).not.toContain('-W');
    expect(response.json().myLink).toMatch(/^\/My\//);

    await setCapacity('10km', 1);
    const entry = runner();
    await waiting(entry);
    const again = await visitor.post('/api/waitlist', entry);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain('already on the waitlist');
  });

  it('answers a retried Idempotency-Key with the same waitlist entry', async () => {
    await fullRace();
    const entry = runner();
    const headers = { 'idempotency-key': 'waitlist-key-1234' };
    const first = await visitor.post('/api/waitlist', entry, headers);
    const retry = await visitor.post('/api/waitlist', entry, headers);
    expect(first.statusCode).toBe(201);
    expect(retry.json().reference).toBe(first.json().reference);
    expect(await db.select().from(waitlistEntries)).toHaveLength(1);
  });
});

describe('offers', () => {
  it('offers a cancelled place to the first one waiting, who accepts and is registered', async () => {
    const [holder] = await fullRace();
    const first = await waiting();
    const second = await waiting();
    expect((await visitor.post(`/api/my/${holder?.token}/cancel`)).statusCode).toBe(200);

    const offer = await lastMailTo(first.entry.email);
    expect(offer?.kind).toBe('waitlist-offer');
    expect(offer?.text).toMatch(/before \d\d\/\d\d\/\d\d, \d\d:\d\d \(Harare time\)/);
    expect(await offerTokenOf(second.entry.email)).toBe('');
    // The offered place is held: a newcomer is refused.
    expect((await visitor.post('/api/registrations', runner())).statusCode).toBe(409);

    const token = await offerTokenOf(first.entry.email);
    const shown = (await visitor.get(`/api/offers/${token}`)).json();
    expect(shown).toMatchObject({ status: 'offered', raceType: '10km', firstName: 'Tendai' });
    const accepted = await visitor.post(`/api/offers/${token}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'registered' });
    expect(accepted.json().registration.myLink).toMatch(/^\/My\//);
    const confirmation = await lastMailTo(first.entry.email);
    expect(confirmation?.kind).toBe('registration-confirmation');
    expect(confirmation?.text).toContain(accepted.json().registration.reference);
    const active = await db
      .select()
      .from(registrations)
      .where(and(eq(registrations.email, first.entry.email), eq(registrations.status, 'active')));
    expect(active).toHaveLength(1);

    // Accepting again answers the same entry; nothing more is made.
    const again = await visitor.post(`/api/offers/${token}/accept`);
    expect(again.json().registration.reference).toBe(accepted.json().registration.reference);
    expect(
      await db.select().from(registrations).where(eq(registrations.email, first.entry.email)),
    ).toHaveLength(1);
  });

  it('passes a declined offer to the next one waiting', async () => {
    const [holder] = await fullRace();
    const first = await waiting();
    const second = await waiting();
    await visitor.post(`/api/my/${holder?.token}/cancel`);
    const declined = await visitor.post(`/api/offers/${await offerTokenOf(first.entry.email)}/decline`);
    expect(declined.json().status).toBe('removed');
    expect((await lastMailTo(second.entry.email))?.kind).toBe('waitlist-offer');
    const refused = await visitor.post(`/api/offers/${await offerTokenOf(first.entry.email)}/accept`);
    expect(refused.statusCode).toBe(409);
  });

  it('passes a lapsed offer to the next one waiting', async () => {
    const [holder] = await fullRace();
    const first = await waiting();
    const second = await waiting();
    await visitor.post(`/api/my/${holder?.token}/cancel`);
    const token = await offerTokenOf(first.entry.email);
    await db
      .update(waitlistEntries)
      .set({ offerExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(waitlistEntries.email, first.entry.email));

    const shown = (await visitor.get(`/api/offers/${token}`)).json();
    expect(shown.status).toBe('expired');
    expect((await lastMailTo(second.entry.email))?.kind).toBe('waitlist-offer');
    const late = await visitor.post(`/api/offers/${token}/accept`);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toContain('expired');
  });

  it('passes lapsed offers on in the minute’s job, with nobody opening a page', async () => {
    const [holder] = await fullRace();
    const first = await waiting();
    const second = await waiting();
    await visitor.post(`/api/my/${holder?.token}/cancel`);
    await settleAllRaces(app.context);
    expect(await offerTokenOf(second.entry.email)).toBe('');
    await db
      .update(waitlistEntries)
      .set({ offerExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(waitlistEntries.email, first.entry.email));
    await settleAllRaces(app.context);
    expect(await offerTokenOf(second.entry.email)).not.toBe('');
    const statuses = await db
      .select({ email: waitlistEntries.email, status: waitlistEntries.status })
      .from(waitlistEntries)
      .orderBy(asc(waitlistEntries.createdAt));
    expect(statuses.map((row) => row.status)).toEqual(['expired', 'offered']);
  });

  it('offers the places a raised capacity frees, and honours the offer hours', async () => {
    await fullRace();
    await db.update(events).set({ waitlistOfferHours: 3 }).where(eq(events.isCurrent, true));
    const first = await waiting();
    const second = await waiting();
    const third = await waiting();
    await setCapacity('10km', 4);
    expect(await offerTokenOf(first.entry.email)).not.toBe('');
    expect(await offerTokenOf(second.entry.email)).not.toBe('');
    expect(await offerTokenOf(third.entry.email)).toBe('');
    const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.email, first.entry.email));
    const hours = ((row?.offerExpiresAt?.getTime() ?? 0) - (row?.offeredAt?.getTime() ?? 0)) / 3_600_000;
    expect(hours).toBeCloseTo(3);
  });

  it('offers the place an entrant leaves by changing race, and refuses a change into a race people wait for', async () => {
    const [holder] = await fullRace();
    const first = await waiting();
    const { discipline: _, consent: __, ...fields } = holder?.entry ?? runner();
    const moved = await visitor.put(`/api/my/${holder?.token}`, { ...fields, raceType: '21km' });
    expect(moved.statusCode).toBe(200);
    expect((await lastMailTo(first.entry.email))?.kind).toBe('waitlist-offer');

    // Back into 10 km: its freed place is offered to the one waiting, so it is full to him.
    const back = await visitor.put(`/api/my/${holder?.token}`, { ...fields, raceType: '10km' });
    expect(back.statusCode).toBe(409);
  });

  it('offers the place an admin frees by cancelling an entry', async () => {
    const [holder] = await fullRace();
    const first = await waiting();
    const [row] = await db
      .select()
      .from(registrations)
      .where(eq(registrations.email, holder?.entry.email ?? ''));
    expect((await asAdmin.post(`/api/participants/${row?.id}/cancel`, {})).statusCode).toBe(200);
    expect((await lastMailTo(first.entry.email))?.kind).toBe('waitlist-offer');
  });

  it('keeps a race with a waitlist from being removed', async () => {
    await fullRace();
    await waiting();
    const races = (await adminRaces(asAdmin))
      .filter((race) => race.label !== '10km')
      .map((race) => raceAsSent(race));
    // Without its entries, only the waitlist keeps it.
    await db.delete(registrations);
    const refused = await asAdmin.put('/api/admin/event/races', { races });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('The 10km race has a waitlist, so it cannot be removed.');
  });

  it('keeps offer tokens out of the log', () => {
    expect(loggablePath('/api/offers/abcdefghijklmnopqrstuvwxyz012345/accept?x=1')).toBe(
      '/api/offers/[token]/accept',
    );
    expect(loggablePath('/Offer/abcdefghijklmnopqrstuvwxyz012345')).toBe('/Offer/[token]');
  });

  it('answers an unknown offer link 404', async () => {
    expect((await visitor.get('/api/offers/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).statusCode).toBe(404);
    expect((await visitor.post('/api/offers/short/accept')).statusCode).toBe(404);
  });
});

describe('the capacity race for accepting', () => {
  it('registers exactly as many as there are places when more offers are accepted at once', async () => {
    await setCapacity('10km', 10);
    const [race] = await db.select().from(raceOptions).where(eq(raceOptions.label, '10km'));
    const tokens = Array.from({ length: 50 }, (_, i) => `offer-token-${String(i).padStart(20, '0')}`);
    await db.insert(waitlistEntries).values(
      tokens.map((token, i) => ({
        eventId: race?.eventId ?? '',
        discipline: 'run' as const,
        raceOptionId: race?.id ?? '',
        reference: `CFR-W${i}`,
        firstName: 'Rudo',
        lastName: `Sibanda${i}`,
        email: `rudo.${i}@example.com`,
        mobile: '0771234567',
        nextOfKinMobile: '0772345678',
        age: 25,
        tshirtSize: 'Large',
        termsVersion: 1,
        consentedAt: new Date(),
        status: 'offered' as const,
        offerTokenDigest: createHash('sha256').update(token).digest('base64url'),
        offeredAt: new Date(),
        offerExpiresAt: new Date(Date.now() + 3_600_000),
      })),
    );
    const answers = await Promise.all(tokens.map((token) => visitor.post(`/api/offers/${token}/accept`)));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(10);
    expect(codes.filter((code) => code === 409)).toHaveLength(40);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().detail).toContain('has been taken');
    const [{ active } = { active: 0 }] = await db
      .select({ active: sql<number>`count(*)::integer` })
      .from(registrations)
      .where(and(eq(registrations.raceOptionId, race?.id ?? ''), eq(registrations.status, 'active')));
    expect(active).toBe(10);
  });
});

describe('the admin’s waitlist', () => {
  it('lists each race’s queue, offers out of turn only when a place is free, and removes', async () => {
    const [holder] = await fullRace();
    const first = await waiting();
    const second = await waiting();
    const listed = await asAdmin.get('/api/admin/waitlist');
    expect(listed.statusCode).toBe(200);
    const [race] = listed.json().races;
    expect(race.label).toBe('10km');
    expect(race.entries.map((e: { email: string; position: number }) => [e.email, e.position])).toEqual([
      [first.entry.email, 1],
      [second.entry.email, 2],
    ]);
    const secondId = race.entries[1].id;

    const refused = await asAdmin.post(`/api/admin/waitlist/${secondId}/offer`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('No free place in 10km: raise its capacity first.');

    // A freed place goes to the first one; the admin cannot give the second one the same place.
    await visitor.post(`/api/my/${holder?.token}/cancel`);
    expect((await asAdmin.post(`/api/admin/waitlist/${secondId}/offer`, {})).statusCode).toBe(409);
    // Taking the first off passes his offer to the second.
    const firstId = race.entries[0].id;
    const removed = await asAdmin.post(`/api/admin/waitlist/${firstId}/remove`, {});
    expect(removed.statusCode).toBe(200);
    const statuses = removed.json().races[0].entries.map((e: { status: string }) => e.status);
    expect(statuses).toEqual(['offered', 'removed']);
    expect((await lastMailTo(second.entry.email))?.kind).toBe('waitlist-offer');
    expect((await asAdmin.post(`/api/admin/waitlist/${firstId}/remove`, {})).statusCode).toBe(409);
  });

  it('marks a minor in the list, without sending the age or the guardian', async () => {
    await fullRace();
    await waiting();
    await waiting(
      runner({ age: 15, guardianName: 'Rudo Moyo', guardianMobile: '0773456789', guardianConsent: true }),
    );
    const [race] = (await asAdmin.get('/api/admin/waitlist')).json().races;
    expect(race.entries.map((e: { minor: boolean }) => e.minor)).toEqual([false, true]);
    expect(JSON.stringify(race.entries)).not.toMatch(/Rudo|"age"|guardian/);
  });

  it('offers out of turn when a place is free', async () => {
    await fullRace();
    const first = await waiting();
    const second = await waiting();
    // A place freed outside the app: nobody is offered it until the admin (or the minute's job) acts.
    await db.update(raceOptions).set({ capacity: 3 }).where(eq(raceOptions.label, '10km'));
    const secondId = (
      await db.select().from(waitlistEntries).where(eq(waitlistEntries.email, second.entry.email))
    )[0]?.id;
    const offered = await asAdmin.post(`/api/admin/waitlist/${secondId}/offer`, {});
    expect(offered.statusCode).toBe(200);
    expect((await lastMailTo(second.entry.email))?.kind).toBe('waitlist-offer');
    expect(await offerTokenOf(first.entry.email)).toBe('');
  });

  it('keeps the offer hours the admin sets, 1 to 336', async () => {
    const current = (await asAdmin.get('/api/admin/event')).json();
    expect(current.waitlistOfferHours).toBe(48);
    const fields = ['title', 'subtitle', 'greeting', 'contactPhone', 'backgroundAlt', 'registrationClosesAt'];
    const body = {
      ...Object.fromEntries(fields.map((field) => [field, current[field]])),
      payment: current.payment,
      tshirtSizes: current.tshirtSizes,
      termsText: current.termsText,
    };
    const saved = await asAdmin.put('/api/admin/event', { ...body, waitlistOfferHours: '12' });
    expect(saved.json().waitlistOfferHours).toBe(12);
    const kept = await asAdmin.put('/api/admin/event', body);
    expect(kept.json().waitlistOfferHours).toBe(12);
    const refused = await asAdmin.put('/api/admin/event', { ...body, waitlistOfferHours: 337 });
    expect(refused.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await visitor.get('/api/admin/waitlist')).statusCode).toBe(401);
  });
});
