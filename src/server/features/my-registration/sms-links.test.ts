import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { letters, runnerSeries } from '../../../../tests/support/entries.ts';
import { setUpAppWithPages } from '../../../../tests/support/page-renderer.ts';
import { turnTextsOff, turnTextsOn } from '../../../../tests/support/sms.ts';
import { createTestApp, injectAs, testDatabase } from '../../../../tests/support/test-app.ts';
import { MY_LINKS_TEXTED } from '../../../shared/registrations/my-registration.ts';
import {
  entryLinks,
  events,
  raceOptions,
  registrations,
  smsOutbox,
  waitlistEntries,
} from '../../db/schema/index.ts';
import { MY_LINKS_BY_SMS_LIMIT } from '../../http/limits.ts';
import { newShortCode } from '../../sms/entrant-sms.ts';
import { entryLinkDigest } from '../registrations/service.ts';

const { app, logLines, renderErrors } = setUpAppWithPages();

const visitor = () => injectAs(app);
const db = async () => (await testDatabase()).db;
const runner = runnerSeries();

/** Turns the current event's texts on (or off), as the admin's settings would, and the server reads it again. */
async function setSms(on: boolean) {
  const eventId = on ? await turnTextsOn(await db(), app.context.secret) : await turnTextsOff(await db());
  await app.context.currentEvent.reload();
  return eventId;
}

/** Registers by the API: the entry's id, reference and the token its confirmation mail carries. */
async function registered(change: object = {}) {
  const entry = runner(change);
  const response = await visitor().post('/api/registrations', entry);
  expect(response.statusCode).toBe(201);
  const reference = response.json().reference as string;
  const [row] = await (await db()).select().from(registrations).where(eq(registrations.reference, reference));
  // The answer's link: one who asked for texts alone gets no mail.
  const token = String(response.json().myLink).replace('/My/', '');
  return { entry, reference, id: row?.id ?? '', notifyBy: row?.notifyBy, token };
}

/** A text message's short link to the entry, kept as the SMS queue keeps it. */
async function shortLinkTo(registrationId: string) {
  const code = newShortCode();
  await (await db())
    .insert(entryLinks)
    .values({ tokenDigest: entryLinkDigest(code), registrationId, short: true });
  return code;
}

const readable = (html: string) =>
  html.replaceAll('<!-- -->', '').replace(/<script type="application\/json"[\s\S]*?<\/script>/, '');

const setEventDate = async (date: string) =>
  (await db()).update(events).set({ eventDate: date }).where(eq(events.isCurrent, true));

describe('/m/<code>, the short link of a text message', () => {
  it('sends its holder to /My/<code> (typed in capitals too), no-store, no referrer, its code kept out of the log', async () => {
    const { id, reference } = await registered();
    const code = await shortLinkTo(id);
    for (const typed of [code, code.toUpperCase()]) {
      const response = await visitor().get(`/m/${typed}`);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`/My/${code}`);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
    const page = await visitor().get(`/My/${code}`);
    expect(page.statusCode).toBe(200);
    expect(readable(page.body)).toContain(reference);
    expect((await visitor().get(`/api/my/${code}`)).json().reference).toBe(reference);

    const lines = logLines.filter((line) => line.includes('"GET /m/'));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(JSON.parse(line).msg).toMatch(/^GET \/m\/\[token\] 303 \d+ ms$/);
    expect(logLines.join('\n')).not.toContain(code);
    expect(logLines.join('\n')).not.toContain(code.toUpperCase());
    expect(renderErrors).toEqual([]);
  });

  it('answers 404 with /My’s way to have the links sent for a code that opens nothing', async () => {
    const { id, token } = await registered();
    await shortLinkTo(id);
    for (const path of [`/m/${newShortCode()}`, '/m/not-a-code', `/m/${token}`, '/m/abc']) {
      const response = await visitor().get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(readable(response.body)).toContain('This link does not open an entry');
    }
    expect(renderErrors).toEqual([]);
  });

  it('opens nothing once its edition is over, while the mailed link still shows the entry read-only', async () => {
    const { id, token } = await registered();
    const code = await shortLinkTo(id);
    await setEventDate('2020-01-01');
    expect((await visitor().get(`/m/${code}`)).statusCode).toBe(404);
    expect((await visitor().get(`/My/${code}`)).statusCode).toBe(404);
    expect((await visitor().get(`/api/my/${code}`)).statusCode).toBe(404);
    const mailed = await visitor().get(`/api/my/${token}`);
    expect(mailed.statusCode).toBe(200);
    expect(mailed.json().raceOver).toBe(true);
  });

  it('sends the holder of an offer’s short code to /Offer/<code>', async () => {
    const code = newShortCode();
    const [event] = await (await db()).select().from(events).where(eq(events.isCurrent, true));
    const [race] = await (await db()).select().from(raceOptions).where(eq(raceOptions.label, '10km'));
    if (!event || !race) throw new Error('no event');
    await (await db()).insert(waitlistEntries).values({
      eventId: event.id,
      discipline: 'run',
      raceOptionId: race.id,
      reference: `${event.referencePrefix}-W0001`,
      firstName: 'Rudo',
      lastName: 'Offered',
      email: 'rudo.offered@example.com',
      mobile: '+263771234567',
      nextOfKinMobile: '+263772345678',
      age: 30,
      tshirtSize: 'Large',
      termsVersion: event.termsVersion,
      consentedAt: new Date(),
      status: 'offered',
      offerTokenDigest: entryLinkDigest(code),
      offeredAt: new Date(),
      offerExpiresAt: new Date(Date.now() + 86_400_000),
    });
    const response = await visitor().get(`/m/${code.toUpperCase()}`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/Offer/${code}`);
    expect((await visitor().get(`/api/offers/${code}`)).statusCode).not.toBe(404);
  });
});

describe('"Send my confirmation by"', () => {
  const notifyByOf = async (reference: string) =>
    (await (await db()).select().from(registrations).where(eq(registrations.reference, reference)))[0]
      ?.notifyBy;

  it('is asked only while the event’s SMS are on, and stored with the entry (both by default when on)', async () => {
    expect((await visitor().get('/api/event')).json().smsOn).toBe(false);
    expect((await registered()).notifyBy).toBe('email');
    await setSms(true);
    expect((await visitor().get('/api/event')).json().smsOn).toBe(true);
    expect((await registered()).notifyBy).toBe('both');
    expect((await registered({ notifyBy: 'sms' })).notifyBy).toBe('sms');
    expect((await registered({ notifyBy: 'email' })).notifyBy).toBe('email');
    const wrong = await visitor().post('/api/registrations', runner({ notifyBy: 'pigeon' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toContainEqual({ path: 'notifyBy', message: 'Choose SMS, email or both' });
    // The forms show the choice from the event the page carries.
    expect(readable((await visitor().get('/Register')).body)).toContain('Send my confirmation by');
    await setSms(false);
    expect(readable((await visitor().get('/Register')).body)).not.toContain('Send my confirmation by');
    expect(renderErrors).toEqual([]);
  });

  it('is taken from the form posted without JavaScript', async () => {
    await setSms(true);
    const form = (tag: string, notifyBy?: string) =>
      new URLSearchParams({
        idempotencyKey: `form-key-${tag}-0000`,
        firstName: 'Tendai',
        lastName: `Moyo ${tag}`,
        email: `tendai.${tag}@example.com`,
        mobile: '0771234567',
        age: '37',
        gender: '',
        raceType: '10km',
        tshirtSize: 'Medium',
        nextOfKinMobile: '0712345678',
        consent: 'on',
        ...(notifyBy === undefined ? {} : { notifyBy }),
      }).toString();
    const post = (payload: string) =>
      visitor().post('/Register', payload, { 'content-type': 'application/x-www-form-urlencoded' });
    const referenceIn = (html: string) => /CFR\d\d-\d{4}/.exec(readable(html))?.[0] ?? '';

    const bySms = await post(form(letters(1), 'sms'));
    expect(bySms.statusCode).toBe(200);
    expect(await notifyByOf(referenceIn(bySms.body))).toBe('sms');
    const none = await post(form(letters(2)));
    expect(await notifyByOf(referenceIn(none.body))).toBe('both');
    const wrong = await post(form(letters(3), 'pigeon'));
    expect(wrong.statusCode).toBe(400);
    expect(readable(wrong.body)).toContain('Choose SMS, email or both');
    expect(renderErrors).toEqual([]);
  });

  it('is kept on a full race’s waitlist place', async () => {
    await setSms(true);
    await (await db()).update(raceOptions).set({ capacity: 1 }).where(eq(raceOptions.label, '10km'));
    await app.context.currentEvent.reload();
    await registered({ raceType: '10km' });
    const response = await visitor().post('/api/waitlist', runner({ raceType: '10km', notifyBy: 'sms' }));
    expect(response.statusCode).toBe(201);
    const [place] = await (await db()).select().from(waitlistEntries);
    expect(place?.notifyBy).toBe('sms');
  });
});

describe('Stopping reminders by SMS', () => {
  it('is offered while the event’s SMS are on and the entrant wants texts, and can be undone', async () => {
    const { token: byMail } = await registered();
    expect((await visitor().get(`/api/my/${byMail}`)).json().smsReminders).toBe('none');
    await setSms(true);
    expect((await visitor().get(`/api/my/${byMail}`)).json().smsReminders).toBe('none');
    const { id, token } = await registered({ notifyBy: 'both' });
    expect((await visitor().get(`/api/my/${token}`)).json().smsReminders).toBe('on');

    const stopped = await visitor().post(`/api/my/${token}/sms-reminders/stop`);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.headers['cache-control']).toBe('no-store');
    expect(stopped.json().smsReminders).toBe('stopped');
    const [row] = await (await db()).select().from(registrations).where(eq(registrations.id, id));
    expect(row?.smsRemindersStoppedAt).toBeInstanceOf(Date);

    const again = await visitor().post(`/api/my/${token}/sms-reminders/resume`);
    expect(again.json().smsReminders).toBe('on');
    const [after] = await (await db()).select().from(registrations).where(eq(registrations.id, id));
    expect(after?.smsRemindersStoppedAt).toBeNull();

    expect((await visitor().post(`/api/my/${'x'.repeat(32)}/sms-reminders/stop`)).statusCode).toBe(404);
  });

  it('works without JavaScript: the page’s form posts to itself and the page says so', async () => {
    await setSms(true);
    const { id, token } = await registered({ notifyBy: 'sms' });
    const page = readable((await visitor().get(`/My/${token}`)).body);
    expect(page).toContain('Stop reminders by SMS');
    const post = (smsReminders: string) =>
      visitor().post(`/My/${token}`, new URLSearchParams({ smsReminders }).toString(), {
        'content-type': 'application/x-www-form-urlencoded',
      });
    const stopped = await post('stop');
    expect(stopped.statusCode).toBe(303);
    expect(stopped.headers.location).toBe(`/My/${token}`);
    expect(stopped.headers['cache-control']).toBe('no-store');
    const [row] = await (await db()).select().from(registrations).where(eq(registrations.id, id));
    expect(row?.smsRemindersStoppedAt).toBeInstanceOf(Date);
    const shown = readable((await visitor().get(`/My/${token}`)).body);
    expect(shown).toContain('Reminders by SMS are stopped.');
    expect(shown).toContain('Send reminders by SMS again');
    expect((await post('resume')).statusCode).toBe(303);
    expect(readable((await visitor().get(`/My/${token}`)).body)).toContain('Stop reminders by SMS');
    const log = logLines.filter((line) => line.includes('"POST /My/'));
    expect(log.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(token);
    expect(renderErrors).toEqual([]);
  });
});

describe('"Text me my links"', () => {
  /** The "text me my links" texts to a number (its entries' confirmations went by text too). */
  const textsTo = async (to: string) =>
    (await db())
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.to, to), eq(smsOutbox.kind, 'my-links')))
      .orderBy(asc(smsOutbox.id));

  it('texts the newest two entries’ short links to their number, the same answer for any number', async () => {
    const eventId = await setSms(true);
    await registered({ mobile: '0771112222' });
    const second = await registered({ mobile: '+263 77 111 2222' });
    const third = await registered({ mobile: '0771112222' });
    const minor = await registered({
      mobile: '0773334444',
      age: 12,
      guardianName: 'Rudo Moyo',
      guardianMobile: '0775556666',
      guardianConsent: true,
    });

    const answer = await visitor().post('/api/my/links-by-sms', { mobile: '077 111 2222' });
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ message: MY_LINKS_TEXTED });
    const [text, ...more] = await textsTo('+263771112222');
    expect(more).toEqual([]);
    expect(text).toMatchObject({ eventId, kind: 'my-links', publicAction: true, status: 'queued' });
    const body = text?.body ?? '';
    expect(body.length).toBeLessThanOrEqual(160);
    expect(body).toMatch(
      new RegExp(
        `: your entries: ${third.reference} http://localhost:3000/m/[a-z2-7]{20} ${second.reference} http://localhost:3000/m/[a-z2-7]{20}$`,
      ),
    );
    const codes = [...body.matchAll(/\/m\/([a-z2-7]{20})/g)].map((match) => match[1] ?? '');
    expect((await visitor().get(`/m/${codes[0]}`)).headers.location).toBe(`/My/${codes[0]}`);
    expect((await visitor().get(`/api/my/${codes[1]}`)).json().reference).toBe(second.reference);

    // Once an hour per number: the answer is the same, nothing more goes (and no link is kept).
    const linksBefore = await (await db()).select().from(entryLinks).where(eq(entryLinks.short, true));
    expect((await visitor().post('/api/my/links-by-sms', { mobile: '0771112222' })).json()).toEqual({
      message: MY_LINKS_TEXTED,
    });
    expect(await textsTo('+263771112222')).toHaveLength(1);
    expect(await (await db()).select().from(entryLinks).where(eq(entryLinks.short, true))).toHaveLength(
      linksBefore.length,
    );

    // A minor's texts go to the guardian's mobile, not the child's.
    await visitor().post('/api/my/links-by-sms', { mobile: '0773334444' });
    expect(await textsTo('+263773334444')).toEqual([]);
    await visitor().post('/api/my/links-by-sms', { mobile: '0775556666' });
    expect((await textsTo('+263775556666'))[0]?.body).toContain(minor.reference);

    // A number without entries: the same answer, nothing sent.
    const unknown = await visitor().post('/api/my/links-by-sms', { mobile: '0779990000' });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual({ message: MY_LINKS_TEXTED });
    expect(await textsTo('+263779990000')).toEqual([]);

    const wrong = await visitor().post('/api/my/links-by-sms', { mobile: '12' });
    expect(wrong.statusCode).toBe(400);
  });

  it('sends nothing while the event’s SMS are off', async () => {
    await registered({ mobile: '0771112222' });
    const answer = await visitor().post('/api/my/links-by-sms', { mobile: '0771112222' });
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ message: MY_LINKS_TEXTED });
    expect(await (await db()).select().from(smsOutbox)).toEqual([]);
  });

  it(`takes ${MY_LINKS_BY_SMS_LIMIT.max} asks a day from one client address, then 429`, async () => {
    const limited = await createTestApp({ RATE_LIMITS: 'on' });
    try {
      const ask = (n: number) =>
        limited.inject({
          method: 'POST',
          url: '/api/my/links-by-sms',
          payload: { mobile: `07712${String(n).padStart(5, '0')}` },
          remoteAddress: '10.8.8.8',
        });
      for (let n = 0; n < MY_LINKS_BY_SMS_LIMIT.max; n += 1) expect((await ask(n)).statusCode).toBe(202);
      const refused = await ask(99);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600);
      const elsewhere = await limited.inject({
        method: 'POST',
        url: '/api/my/links-by-sms',
        payload: { mobile: '0771200000' },
        remoteAddress: '10.8.8.9',
      });
      expect(elsewhere.statusCode).toBe(202);
    } finally {
      await limited.close();
    }
  });
});
