import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CLOSED,
  cyclist,
  entry,
  expectProblem,
  RACE_FULL,
  setUpRegistrationTests,
} from '../../../../tests/support/registrations.ts';
import { testDatabaseKind } from '../../../../tests/support/test-app.ts';
import { events, mailOutbox, raceOptions, registrations } from '../../db/schema/index.ts';

const { db, post, getEvent, raceFull, findRaceRow, allRegistrations, allMail, activeCount } =
  setUpRegistrationTests();

describe(`POST /api/registrations (${testDatabaseKind})`, () => {
  describe('capacity', () => {
    it('lets exactly the remaining places through when 50 people register at once', async () => {
      const race = await findRaceRow('run', '21km');
      // Six entries already, one of them cancelled: five places taken.
      const earlier: string[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await post(entry({ raceType: '21km' }));
        expect(response.statusCode).toBe(201);
        earlier.push(response.json().reference);
      }
      await db
        .update(registrations)
        .set({ status: 'cancelled' })
        .where(eq(registrations.reference, earlier[0] ?? ''));
      const capacity = 15;
      await db.update(raceOptions).set({ capacity }).where(eq(raceOptions.id, race.id));
      expect(await raceFull('run', '21km')).toBe(false);

      const responses = await Promise.all(
        Array.from({ length: 50 }, () => post(entry({ raceType: '21km' }))),
      );

      const created = responses.filter((r) => r.statusCode === 201);
      const refused = responses.filter((r) => r.statusCode === 409);
      expect(created).toHaveLength(10);
      expect(refused).toHaveLength(40);
      for (const response of refused) expectProblem(response, 409, RACE_FULL);
      expect(new Set(created.map((r) => r.json().reference)).size).toBe(10);

      expect(await activeCount(race.id)).toBe(capacity);
      // A mail for each entry that got in (the six earlier ones and ten new), none for the refused.
      expect(await allMail()).toHaveLength(16);

      expect(await raceFull('run', '21km')).toBe(true);
      expect(await raceFull('run', '10km')).toBe(false);
      expect(await raceFull('run', '5km')).toBe(false);
      expectProblem(await post(entry({ raceType: '21km' })), 409, RACE_FULL);
      expect((await post(entry({ raceType: '10km' }))).statusCode).toBe(201);
    });

    it('frees a place when an entry is cancelled', async () => {
      const race = await findRaceRow('cycle', '30km');
      await db.update(raceOptions).set({ capacity: 2 }).where(eq(raceOptions.id, race.id));
      const first = await post(cyclist({ raceType: '30km' }));
      expect((await post(cyclist({ raceType: '30km' }))).statusCode).toBe(201);
      expectProblem(await post(cyclist({ raceType: '30km' })), 409, RACE_FULL);
      expect(await raceFull('cycle', '30km')).toBe(true);
      expect(await raceFull('cycle', '15km')).toBe(false);

      await db
        .update(registrations)
        .set({ status: 'cancelled' })
        .where(eq(registrations.reference, first.json().reference));
      expect(await raceFull('cycle', '30km')).toBe(false);
      expect((await post(cyclist({ raceType: '30km' }))).statusCode).toBe(201);
      expect(await activeCount(race.id)).toBe(2);
    });

    it('refuses every entry to a race with capacity 0', async () => {
      await db
        .update(raceOptions)
        .set({ capacity: 0 })
        .where(eq(raceOptions.id, (await findRaceRow('run', '5km')).id));
      expect(await raceFull('run', '5km')).toBe(true);
      expectProblem(await post(entry({ raceType: '5km' })), 409, RACE_FULL);
      expect(await allRegistrations()).toHaveLength(0);
    });
  });

  describe('closing time', () => {
    it('refuses entries after registration closes and says so on the event', async () => {
      const closedAt = new Date(Date.now() - 60_000);
      await db.update(events).set({ registrationClosesAt: closedAt });

      expectProblem(await post(entry()), 409, CLOSED);
      expectProblem(await post(cyclist()), 409, CLOSED);
      expect(await allRegistrations()).toHaveLength(0);
      expect(await allMail()).toHaveLength(0);

      const event = (await getEvent()).json();
      expect(event.registrationOpen).toBe(false);
      expect(event.registrationClosesAt).toBe(closedAt.toISOString());
    });

    it('takes entries until the closing time', async () => {
      const closesAt = new Date(Date.now() + 60 * 60_000);
      await db.update(events).set({ registrationClosesAt: closesAt });
      expect((await getEvent()).json()).toMatchObject({
        registrationOpen: true,
        registrationClosesAt: closesAt.toISOString(),
      });
      expect((await post(entry())).statusCode).toBe(201);
    });

    it('is open when no closing time is set', async () => {
      expect((await getEvent()).json()).toMatchObject({ registrationOpen: true, registrationClosesAt: null });
    });
  });

  describe('the event kept in memory', () => {
    // The server keeps the event between requests; a change made elsewhere (another process, SQL by hand)
    // must reach the very next registration.
    it('follows changes made directly in the database', async () => {
      expect((await post(entry())).statusCode).toBe(201);

      await db.update(raceOptions).set({ feeUsd: '12.50' }).where(eq(raceOptions.label, '10km'));
      const priced = await post(entry());
      expect(priced.statusCode).toBe(201);
      expect(priced.json().feeUsd).toBe('12.50');
      const [mail] = await db.select().from(mailOutbox).orderBy(sql`${mailOutbox.id} desc`).limit(1);
      expect(mail?.text).toContain('12.50');

      await db.update(events).set({ registrationClosesAt: new Date(Date.now() - 1000) });
      expectProblem(await post(entry()), 409, CLOSED);
      await db.update(events).set({ registrationClosesAt: null });
      expect((await post(entry())).statusCode).toBe(201);

      const [event] = await db.select().from(events);
      await db
        .insert(raceOptions)
        .values({ eventId: event!.id, discipline: 'run', label: '42km', sortOrder: 9 });
      expect((await post(entry({ raceType: '42km' }))).statusCode).toBe(201);
      await db.update(events).set({ tshirtSizes: { run: ['Tiny'], cycle: ['Tiny'] } });
      expect((await post(entry({ tshirtSize: 'Tiny' }))).statusCode).toBe(201);
      expect((await post(entry({ tshirtSize: 'Medium' }))).statusCode).toBe(400);
      expect(await allRegistrations()).toHaveLength(5);
    });

    it("raises the event's revision on every change to it or its races", async () => {
      const revision = async () => (await db.select({ revision: events.revision }).from(events))[0]?.revision;
      const before = await revision();
      await db.update(events).set({ title: 'Another title' });
      await db.update(raceOptions).set({ capacity: 5 }).where(eq(raceOptions.label, '10km'));
      await db.delete(raceOptions).where(eq(raceOptions.label, '5km'));
      expect(await revision()).toBe((before ?? 0) + 3);
      // Taking receipt numbers (every payment) is no change to the event as people read it.
      await db.update(events).set({ lastReceiptNumber: sql`${events.lastReceiptNumber} + 2` });
      expect(await revision()).toBe((before ?? 0) + 3);
    });
  });
});
