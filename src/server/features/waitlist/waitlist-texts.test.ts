import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../tests/support/entries.ts';
import { setUpFakeGateway, textsTo, turnTextsOn } from '../../../../tests/support/sms.ts';
import { changeRaces, setUpTestApp, testDatabaseKind } from '../../../../tests/support/test-app.ts';
import { mailOutbox, smsOutbox, waitlistEntries } from '../../db/schema/index.ts';
import { settleAllRaces } from './service.ts';

const { gateway, env } = setUpFakeGateway();
const { app, db, visitor, asAdmin } = setUpTestApp({ env });
const runner = runnerSeries();

/** 10 km holds one, taken; then Chipo (0772000101) and Farai (0772000102) wait, wanting texts alone. */
async function twoWaiting() {
  await turnTextsOn(db, app.context.secret);
  await changeRaces(asAdmin, (race) => (race.label === '10km' ? { capacity: 1 } : {}));
  const holder = await visitor.post(
    '/api/registrations',
    runner({ notifyBy: 'email', mobile: '0772000100' }),
  );
  const token = String(holder.json().myLink).replace('/My/', '');
  const chipo = runner({ mobile: '0772000101', notifyBy: 'sms' });
  const farai = runner({ mobile: '0772000102', notifyBy: 'sms' });
  for (const person of [chipo, farai])
    expect((await visitor.post('/api/waitlist', person)).statusCode).toBe(201);
  return { holderToken: token, chipo, farai };
}

describe(`waitlist texts (${testDatabaseKind})`, () => {
  beforeEach(() => {
    gateway().messages.length = 0;
  });

  it('texts a place on the waitlist, then the offer with a short link that opens it, and no mail', async () => {
    const { holderToken, chipo } = await twoWaiting();
    const [joined] = await textsTo(db, '+263772000101');
    expect(joined?.body).toMatch(
      /^Celebration Fun Run: you are no\. 1 on the waitlist for Runner 10km, ref \w+-W\d{4}\. We text you if a place frees\.$/,
    );
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, chipo.email))).toHaveLength(0);

    expect((await visitor.post(`/api/my/${holderToken}/cancel`)).statusCode).toBe(200);
    const offer = (await textsTo(db, '+263772000101')).at(-1);
    expect(offer?.kind).toBe('waitlist-offer');
    expect(offer?.body?.length).toBeLessThanOrEqual(160);
    const code =
      /until \d\d\/\d\d\/\d\d, \d\d:\d\d\. Accept or decline: http:\/\/localhost:3000\/m\/([a-z2-7]{20})$/.exec(
        offer?.body ?? '',
      )?.[1];
    expect(code).toBeDefined();
    const shown = await visitor.get(`/api/offers/${code}`);
    expect(shown.json()).toMatchObject({ status: 'offered', raceType: '10km' });
  });

  it('counts an offer’s time from when its text went, when that was later', async () => {
    const { holderToken, chipo } = await twoWaiting();
    await visitor.post(`/api/my/${holderToken}/cancel`);
    // The gateway refused the offer's text for three hours; the offer had counted from then.
    const offered = and(eq(waitlistEntries.email, chipo.email), eq(waitlistEntries.status, 'offered'));
    await db.update(waitlistEntries).set({ offerExpiresAt: sql`now() + interval '45 hours'` }).where(offered);
    await db.update(smsOutbox).set({ nextAttemptAt: sql`now()` });
    await app.context.sms.deliverDue();
    const [row] = await db.select().from(waitlistEntries).where(offered);
    const hours = ((row?.offerExpiresAt?.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
  });

  it('tells whoever wants texts that his offer lapsed', async () => {
    const { holderToken, chipo } = await twoWaiting();
    await visitor.post(`/api/my/${holderToken}/cancel`);
    await db
      .update(waitlistEntries)
      .set({ offerExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(waitlistEntries.email, chipo.email));
    await settleAllRaces(app.context);
    const lapsed = (await textsTo(db, '+263772000101')).at(-1);
    expect(lapsed?.kind).toBe('waitlist-offer-lapsed');
    expect(lapsed?.body).toMatch(
      /the place in Runner 10km offered to you \(ref \w+-W\d{4}\) has passed to the next person waiting\.$/,
    );
    expect((await textsTo(db, '+263772000102')).at(-1)?.kind).toBe('waitlist-offer');
  });
});
