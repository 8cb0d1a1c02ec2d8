import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../tests/support/entries.ts';
import { setUpAppWithPaynow } from '../../../../tests/support/paynow-app.ts';
import { testDatabase, testDatabaseKind } from '../../../../tests/support/test-app.ts';
import {
  events,
  mailOutbox,
  onlinePayments,
  payLinks,
  raceOptions,
  receipts,
  registrations,
} from '../../db/schema/index.ts';
import { loggablePath } from '../../logger.ts';
import { participantDetail } from '../participants/service.ts';
import { runRetention } from '../retention/service.ts';

// "Pay for me" links (issue 36 part 2): someone else sees first names, races and what is due, and pays.

const { app, fake, origin } = setUpAppWithPaynow({ methods: ['ecocash', 'web'] });
const db = async () => (await testDatabase()).db;
beforeEach(async () => {
  await (await db()).update(raceOptions).set({ feeUsd: '10.00', feeZwg: '270.00' });
  await (await db()).update(raceOptions).set({ feeUsd: '5.00' }).where(eq(raceOptions.label, '5km'));
});

const runner = runnerSeries();

async function registered(change: object = {}) {
  const person = runner({ firstName: 'Chipo', email: 'chipo.paylink@example.com', ...change });
  const response = await app.inject({
    method: 'POST',
    url: '/api/registrations',
    headers: { origin: origin() },
    payload: person,
  });
  expect(response.statusCode, response.body).toBe(201);
  const receipt = response.json();
  return {
    person,
    reference: receipt.reference as string,
    token: String(receipt.myLink).replace('/My/', ''),
  };
}

/** A mother (10 km, USD 10) and her two children (5 km, USD 5 each) sharing her contact. */
async function family() {
  const mother = runner({ firstName: 'Rudo', email: 'rudo.paylink@example.com' });
  const child = (firstName: string) =>
    runner({
      firstName,
      email: mother.email,
      mobile: mother.mobile,
      age: 10,
      raceType: '5km',
      guardianName: 'Rudo Moyo',
      guardianMobile: mother.mobile,
      guardianConsent: true,
    });
  const response = await app.inject({
    method: 'POST',
    url: '/api/registrations/group',
    headers: { origin: origin() },
    payload: { people: [mother, child('Tanaka'), child('Nyasha')] },
  });
  expect(response.statusCode, response.body).toBe(201);
  const receipt = response.json() as { groupReference: string; members: { myLink: string }[] };
  return {
    mother,
    groupReference: receipt.groupReference,
    tokens: receipt.members.map((member) => member.myLink.replace('/My/', '')),
  };
}

const makeLink = (myToken: string, payload: object = {}) =>
  app.inject({ method: 'POST', url: `/api/my/${myToken}/pay-links`, headers: { origin: origin() }, payload });
async function payLinkOf(myToken: string, payload: object = {}) {
  const made = await makeLink(myToken, payload);
  expect(made.statusCode, made.body).toBe(201);
  const { path } = made.json() as { path: string };
  expect(path).toMatch(/^\/PayFor\/[\w-]{32}$/);
  return path.replace('/PayFor/', '');
}
const view = (token: string) => app.inject({ method: 'GET', url: `/api/pay-for/${token}` });
const pay = (token: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/pay-for/${token}`, headers: { origin: origin() }, payload });

async function settled(token: string, id: string) {
  const until = Date.now() + 20_000;
  for (;;) {
    const attempt = (await app.inject({ method: 'GET', url: `/api/pay-for/${token}/attempts/${id}` })).json();
    if (attempt.state !== 'pending' || Date.now() > until) return attempt;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe(`a pay link (${testDatabaseKind})`, () => {
  it('shows first names, races, the reference and what is due, and no contact details', async () => {
    const { person, reference, token } = await registered();
    const payLink = await payLinkOf(token);
    const shown = await view(payLink);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.headers['cache-control']).toContain('no-store');
    expect(shown.json()).toEqual({
      enabled: true,
      methods: ['ecocash', 'web'],
      currency: 'USD',
      amount: '10.00',
      paid: false,
      latest: null,
      phone: null,
      reference,
      people: [{ firstName: 'Chipo', discipline: 'run', raceType: person.raceType }],
      due: { usd: '10.00', zwg: '270.00' },
      gift: null,
    });
    for (const secret of [person.email, person.lastName, '0771', '+263', person.nextOfKinMobile, token]) {
      expect(shown.body).not.toContain(secret);
    }
    // Nothing of the entry can be read or changed by it: it is no /My link.
    expect((await app.inject({ method: 'GET', url: `/api/my/${payLink}` })).statusCode).toBe(404);
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/my/${payLink}/cancel`,
      headers: { origin: origin() },
    });
    expect(cancel.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/pay/${payLink}` })).statusCode).toBe(404);
  });

  it('pays by EcoCash: the history says "paid by a pay link" and the receipt goes to the entrant', async () => {
    const { person, reference, token } = await registered();
    const payLink = await payLinkOf(token);
    const started = await pay(payLink, { method: 'ecocash', phone: '0771111111' });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ state: 'pending', amount: '10.00', currency: 'USD' });
    expect((await settled(payLink, started.json().id)).state).toBe('paid');

    const [entry] = await (await db())
      .select()
      .from(registrations)
      .where(eq(registrations.reference, reference));
    expect(entry).toMatchObject({
      paymentStatus: 'paid',
      paymentMethod: 'paynow_ecocash',
      paymentAmount: '10.00',
    });
    const [attempt] = await (await db()).select().from(onlinePayments);
    expect(attempt?.byPayLink).toBe(true);
    const history = (await participantDetail(app.context, entry?.id ?? '')).history;
    expect(history).toContainEqual(
      expect.objectContaining({ action: 'payment', summary: expect.stringContaining('paid by a pay link') }),
    );
    const mails = await (await db()).select().from(mailOutbox).where(eq(mailOutbox.kind, 'payment-receipt'));
    expect(mails.map((mail) => mail.to)).toEqual([person.email]);
    expect(await (await db()).select().from(receipts)).toHaveLength(1);
    expect((await view(payLink)).json()).toMatchObject({ paid: true, latest: { state: 'paid' } });
    expect((await pay(payLink, { method: 'web' })).statusCode).toBe(409);
  });

  it('of a group shows every member’s first name and the total, and pays them all at once', async () => {
    const group = await family();
    const payLink = await payLinkOf(group.tokens[2] ?? '', { group: true });
    const shown = (await view(payLink)).json();
    expect(shown).toMatchObject({
      reference: group.groupReference,
      amount: '20.00',
      due: { usd: '20.00', zwg: '810.00' },
      people: [
        { firstName: 'Rudo', raceType: group.mother.raceType },
        { firstName: 'Tanaka', raceType: '5km' },
        { firstName: 'Nyasha', raceType: '5km' },
      ],
    });
    expect(JSON.stringify(shown)).not.toContain(group.mother.email);

    const started = await pay(payLink, { method: 'web' });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ amount: '20.00' });
    await fake.settle(String(started.json().browserUrl).split('/').at(-1) ?? '', 'Paid');
    expect((await settled(payLink, started.json().id)).state).toBe('paid');
    const paid = await (await db()).select().from(registrations).orderBy(asc(registrations.reference));
    expect(paid.map((row) => [row.paymentStatus, row.paymentAmount])).toEqual([
      ['paid', '10.00'],
      ['paid', '5.00'],
      ['paid', '5.00'],
    ]);
    const mails = await (await db()).select().from(mailOutbox).where(eq(mailOutbox.kind, 'payment-receipt'));
    expect(mails.map((mail) => mail.to)).toEqual([group.mother.email]);
    expect((await view(payLink)).json()).toMatchObject({ paid: true, amount: '0.00' });
  });

  it('answers the same 404 for an unknown token, one of another shape, an entry alone’s group link, and once the race is over', async () => {
    const { token } = await registered();
    expect((await makeLink(token, { group: true })).statusCode).toBe(404);
    const payLink = await payLinkOf(token);
    const unknown = await view('A'.repeat(32));
    expect(unknown.statusCode).toBe(404);
    expect((await view('short')).json().detail).toBe(unknown.json().detail);
    expect((await pay('A'.repeat(32), { method: 'web' })).statusCode).toBe(404);
    // Only the holder of the entry's private link makes one.
    expect((await makeLink('B'.repeat(32))).statusCode).toBe(404);
    expect((await makeLink(payLink)).statusCode).toBe(404);

    await (await db()).update(events).set({ eventDate: '2020-01-01' });
    const over = await view(payLink);
    expect(over.statusCode).toBe(404);
    expect(over.json().detail).toBe(unknown.json().detail);
  });

  it('opens nothing once the entry is cancelled, or its data is deleted by retention', async () => {
    const first = await registered();
    const cancelledLink = await payLinkOf(first.token);
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/my/${first.token}/cancel`,
      headers: { origin: origin() },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await view(cancelledLink)).statusCode).toBe(404);
    expect((await makeLink(first.token)).statusCode).toBe(409);

    const second = await registered({ firstName: 'Farai', email: 'farai.paylink@example.com' });
    const kept = await payLinkOf(second.token);
    await (await db()).update(events).set({ eventDate: '2020-01-01' });
    expect(await (await db()).select().from(payLinks)).toHaveLength(2);
    await runRetention(app.context, new Date('2030-01-01T00:00:00Z'));
    expect(await (await db()).select().from(payLinks)).toHaveLength(0);
    await (await db()).update(events).set({ eventDate: '2099-01-01' });
    expect((await view(kept)).statusCode).toBe(404);
  });

  it('opens nothing once the entry is given to someone else (the new holder’s name is not the payer’s business)', async () => {
    const { token } = await registered();
    const payLink = await payLinkOf(token);
    const sent = await app.inject({
      method: 'POST',
      url: `/api/my/${token}/transfer`,
      headers: { origin: origin() },
      payload: { sendBy: 'email', email: 'farai.new@example.com' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await (await db())
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'farai.new@example.com'));
    const transferToken = /\/Transfer\/([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const {
      discipline: _,
      raceType: __,
      ...details
    } = runner({
      firstName: 'Farai',
      email: 'farai.new@example.com',
      mobile: '0782223344',
    });
    expect((await view(payLink)).statusCode).toBe(200);
    const taken = await app.inject({
      method: 'POST',
      url: `/api/transfers/${transferToken}`,
      headers: { origin: origin() },
      payload: details,
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await view(payLink)).statusCode).toBe(404);
  });

  it('is made at most 10 times for one entry: the 11th is refused (429), nothing stored', async () => {
    const { token } = await registered();
    for (let made = 0; made < 10; made += 1) await payLinkOf(token);
    const refused = await makeLink(token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/10 pay links already/);
    expect(await (await db()).select().from(payLinks)).toHaveLength(10);
  });

  it('is a private path: its token is never logged', () => {
    expect(loggablePath('/PayFor/abcdefghijklmnopqrstuvwxyz012345?x=1')).toBe('/PayFor/[token]');
    expect(loggablePath('/payfor/abcdefghijklmnopqrstuvwxyz012345')).toBe('/payfor/[token]');
    expect(loggablePath('/api/pay-for/abc/attempts/def', '/api/pay-for/:token/attempts/:id')).toBe(
      '/api/pay-for/[token]/attempts/def',
    );
    expect(loggablePath('/api/my/abc/pay-links')).toBe('/api/my/[token]/pay-links');
  });
});
