import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { entry, setUpRegistrationTests } from '../../../../tests/support/registrations.ts';
import { events, raceOptions } from '../../db/schema/index.ts';

const { app, db, post, allMail } = setUpRegistrationTests();

/** The current event on a day and at a venue, its 10km run starting at 06:30 Harare time. */
async function raceDaySet() {
  await db
    .update(events)
    .set({ eventDate: '2026-03-14', venue: 'Celebration Church, Borrowdale' })
    .where(eq(events.isCurrent, true));
  await db.update(raceOptions).set({ startTime: '06:30' }).where(eq(raceOptions.label, '10km'));
}

const calendar = (query = '') => app.inject({ url: `/api/event/calendar.ics${query}` });

/** The one event of a calendar file, read by a parser of RFC 5545. */
function parsedEvent(ics: string) {
  const vevents = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent');
  expect(vevents).toHaveLength(1);
  return new ICAL.Event(vevents[0]);
}

const inHarare = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Harare',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(date);

describe('the fun run in a calendar', () => {
  it("gives a race's start in Harare time, its summary and location, as a file to save", async () => {
    await raceDaySet();
    const response = await calendar('?discipline=run&race=10km');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+-10km\.ics"$/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const event = parsedEvent(response.body);
    expect(inHarare(event.startDate.toJSDate())).toBe('14/03/2026, 06:30');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-03-14T04:30:00.000Z');
    expect(event.summary).toMatch(/Celebration Fun Run .*10km \(Runner\)/);
    expect(event.location).toBe('Celebration Church, Borrowdale');
    // Unchanged, it is not sent again.
    const again = await app.inject({
      url: '/api/event/calendar.ics?discipline=run&race=10km',
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('is the whole day for a race without a start time, or without a race', async () => {
    await raceDaySet();
    for (const query of ['?discipline=run&race=5km', '']) {
      const event = parsedEvent((await calendar(query)).body);
      expect(event.startDate.isDate).toBe(true);
      expect(event.startDate.toString()).toBe('2026-03-14');
    }
  });

  it('is not found while the date is not set, or for a race the event does not have', async () => {
    const undated = await calendar('?discipline=run&race=10km');
    expect(undated.statusCode).toBe(404);
    expect(undated.json().detail).toBe('The date of the fun run is not set yet.');
    await raceDaySet();
    const unknown = await calendar('?discipline=cycle&race=10km');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('The fun run has no such race.');
  });
});

describe('the confirmation mail', () => {
  it("names the date, the venue, the race's start time and the calendar file's link", async () => {
    await raceDaySet();
    expect((await post(entry({ raceType: '10km' }))).statusCode).toBe(201);
    const [mail] = await allMail();
    expect(mail?.text).toMatch(/Date: Saturday,? 14 March 2026/);
    expect(mail?.text).toContain('Venue: Celebration Church, Borrowdale');
    expect(mail?.text).toContain('Start: 06:30 (Harare time)');
    expect(mail?.text).toMatch(
      /Add it to your calendar: http\S+\/api\/event\/calendar\.ics\?discipline=run&race=10km/,
    );
  });

  it('says the date and start are to be announced while they are not set', async () => {
    expect((await post(entry({ raceType: '10km' }))).statusCode).toBe(201);
    const [mail] = await allMail();
    expect(mail?.text).toContain('Date: to be announced');
    expect(mail?.text).toContain('Start: to be announced');
    expect(mail?.text).not.toContain('calendar.ics');
  });
});

describe('the public event', () => {
  it('says which ways to pay online it offers now: none until Paynow is on with its key', async () => {
    const methods = async () => (await app.inject({ url: '/api/event' })).json().onlinePaymentMethods;
    expect(await methods()).toEqual([]);
    const onlinePayment = {
      enabled: true,
      integrationId: '1201',
      methods: ['ecocash', 'onemoney', 'web'] as ('ecocash' | 'onemoney' | 'web')[],
      currency: 'USD' as const,
    };
    await db.update(events).set({ onlinePayment }).where(eq(events.isCurrent, true));
    expect(await methods()).toEqual([]);
    await db.update(events).set({ paynowKeyEncrypted: 'sealed' }).where(eq(events.isCurrent, true));
    expect(await methods()).toEqual(['ecocash', 'onemoney', 'web']);
  });
});
