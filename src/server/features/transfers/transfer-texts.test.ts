import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../tests/support/entries.ts';
import { turnTextsOff, turnTextsOn } from '../../../../tests/support/sms.ts';
import { setUpTestApp } from '../../../../tests/support/test-app.ts';
import { registrations, smsOutbox } from '../../db/schema/index.ts';
import { SMS_LENGTH } from '../../sms/sms-text.ts';

const { app, db, visitor } = setUpTestApp();
const runner = runnerSeries();

const textsTo = (to: string, kind: string) =>
  db
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.to, to), eq(smsOutbox.kind, kind)))
    .orderBy(asc(smsOutbox.id));

async function setTexts(on: boolean) {
  if (on) await turnTextsOn(db, app.context.secret);
  else await turnTextsOff(db);
  await app.context.currentEvent.reload();
}

describe('a place given by text message', () => {
  it('the link goes by SMS as a short code; the old holder and the new one are texted', async () => {
    await setTexts(true);
    const giver = runner({ mobile: '0771112233', notifyBy: 'both' });
    const registered = await visitor.post('/api/registrations', giver);
    expect(registered.statusCode).toBe(201);
    const { reference, myLink } = registered.json();
    const token = String(myLink).replace('/My/', '');

    const sent = await visitor.post(`/api/my/${token}/transfer`, { sendBy: 'sms', mobile: '0782223344' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().pending.sentTo).toBe('+263782223344');
    const [link] = await textsTo('+263782223344', 'entry-transfer');
    expect(link?.body?.length).toBeLessThanOrEqual(SMS_LENGTH);
    const code = /\/Transfer\/([a-z2-7]{20})$/.exec(link?.body ?? '')?.[1] ?? '';
    expect(code).toHaveLength(20);
    expect((await visitor.get(`/api/transfers/${code}`)).json().reference).toBe(reference);

    const {
      discipline: _,
      raceType: __,
      ...details
    } = runner({
      firstName: 'Chipo',
      mobile: '0782223344',
      email: 'chipo.texted@example.com',
      notifyBy: 'sms',
    });
    const taken = await visitor.post(`/api/transfers/${code}`, details);
    expect(taken.statusCode).toBe(200);
    const [told] = await textsTo('+263771112233', 'entry-transferred');
    expect(told?.body).toContain(reference);
    expect(told?.body).not.toMatch(/\/m\//);
    const [confirmation] = await textsTo('+263782223344', 'transfer-confirmation');
    expect(confirmation?.body?.length).toBeLessThanOrEqual(SMS_LENGTH);
    const shortLink = /\/m\/([a-z2-7]{20})$/.exec(confirmation?.body ?? '')?.[1] ?? '';
    const opened = await visitor.get(`/api/my/${shortLink}`);
    expect(opened.json()).toMatchObject({ reference, firstName: 'Chipo' });
    const [row] = await db.select().from(registrations).where(eq(registrations.reference, reference));
    expect(row?.notifyBy).toBe('sms');
  });

  it('no link by SMS while the event sends no texts', async () => {
    await setTexts(false);
    const registered = await visitor.post('/api/registrations', runner());
    const token = String(registered.json().myLink).replace('/My/', '');
    const refused = await visitor.post(`/api/my/${token}/transfer`, { sendBy: 'sms', mobile: '0782223344' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ path: 'sendBy', message: expect.stringMatching(/by email/) }]);
  });
});
