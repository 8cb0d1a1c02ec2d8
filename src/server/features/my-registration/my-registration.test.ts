import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../tests/support/entries.ts';
import {
  changeRaces,
  createTestApp,
  injectAs,
  setUpTestApp,
  signedInAs,
} from '../../../../tests/support/test-app.ts';
import { harareToday } from '../../../shared/dates.ts';
import { entryLinks, events, mailOutbox, registrations } from '../../db/schema/index.ts';
import { loggablePath } from '../../logger.ts';
import { PUBLIC_ACTION_MAIL_LIMIT } from '../../mail/repository.ts';

const { app, db, visitor, asAdmin } = setUpTestApp();

const runner = runnerSeries();

/** The entry as the edit form sends it back, with these changes. */
const edited = (entry: ReturnType<typeof runner>, change: object = {}) => {
  const { discipline: _, consent: __, ...fields } = entry;
  return { ...fields, ...change };
};

const lastMailTo = async (to: string) => {
  const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.id));
  return mails.at(-1);
};
const tokensIn = (text: string | null | undefined) =>
  [...(text ?? '').matchAll(/\/My\/([\w-]+)/g)].map((match) => match[1] ?? '');

/** Registers, and answers the entry's token as the confirmation mail carries it. */
async function registered(entry = runner()) {
  const response = await visitor.post('/api/registrations', entry);
  expect(response.statusCode).toBe(201);
  const receipt = response.json();
  const [token] = tokensIn((await lastMailTo(entry.email))?.text);
  expect(receipt.myLink).toBe(`/My/${token}`);
  return { entry, receipt, token: token ?? '' };
}

const setRaces = (rule: (label: string) => { capacity?: number; feeUsd?: string }) =>
  changeRaces(asAdmin, (race) => ({
    capacity: rule(race.label).capacity ?? null,
    feeUsd: rule(race.label).feeUsd ?? null,
    feeZwg: null,
  }));

const setEvent = (change: Partial<typeof events.$inferInsert>) =>
  db.update(events).set(change).where(eq(events.isCurrent, true));

const idOf = async (reference: string) => {
  const [row] = await db.select().from(registrations).where(eq(registrations.reference, reference));
  return row?.id;
};

/** The entry's history as an admin reads it, newest first. */
const historyOf = async (reference: string) => {
  const detail = await asAdmin.get(`/api/participants/${await idOf(reference)}`);
  return detail.json().history as { by: string | null; action: string; summary: string }[];
};

describe('My registration: the private link of each entry', () => {
  it('mails a link that opens only its own entry, stores only its digest, and is not cached', async () => {
    const { entry, receipt, token } = await registered();
    const other = await registered();
    expect(token).toMatch(/^[\w-]{32}$/);
    expect(other.token).not.toBe(token);

    const response = await visitor.get(`/api/my/${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      reference: receipt.reference,
      firstName: entry.firstName,
      lastName: entry.lastName,
      email: entry.email,
      raceType: '10km',
      tshirtSize: 'Large',
      paymentStatus: 'unpaid',
      status: 'active',
      tshirtChangeable: true,
      raceChangeable: true,
    });
    expect((await visitor.get(`/api/my/${other.token}`)).json().reference).toBe(other.receipt.reference);

    const stored = await db.select().from(entryLinks);
    expect(stored).toHaveLength(2);
    expect(stored.map((link) => link.tokenDigest)).not.toContain(token);

    for (const wrong of [`${token.slice(0, -1)}A`, 'short', token.toLowerCase()]) {
      if (wrong === token) continue;
      const refused = await visitor.get(`/api/my/${wrong}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain(entry.email);
    }
  });

  it('never tells a repeated registration its link, but mails a new one that works', async () => {
    const { entry, token } = await registered();
    const again = await visitor.post('/api/registrations', entry);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ alreadyRegistered: true, confirmationResent: true });
    expect(again.json()).not.toHaveProperty('myLink');
    const [newToken] = tokensIn((await lastMailTo(entry.email))?.text);
    expect(newToken).not.toBe(token);
    expect((await visitor.get(`/api/my/${newToken}`)).statusCode).toBe(200);
    expect((await visitor.get(`/api/my/${token}`)).statusCode).toBe(200);
  });

  it('tells a company entering its staff no link: it goes to the entrant by mail', async () => {
    const company = await signedInAs(app, 'company');
    const staff = runner();
    const response = await injectAs(app, company).post('/api/team/registrations', staff);
    expect(response.statusCode).toBe(201);
    expect(response.json()).not.toHaveProperty('myLink');
    const [token] = tokensIn((await lastMailTo(staff.email))?.text);
    expect((await visitor.get(`/api/my/${token}`)).json().reference).toBe(response.json().reference);
  });

  it('lets the entrant change race (a different fee changes what is owed), T-shirt and contact details, noted as by the entrant', async () => {
    await setRaces((label) => ({ feeUsd: label === '21km' ? '25.00' : '15.00' }));
    const { entry, receipt, token } = await registered();
    const saved = await visitor.put(
      `/api/my/${token}`,
      edited(entry, { raceType: '21km', tshirtSize: 'Medium', nextOfKinMobile: '0773456789' }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      raceType: '21km',
      tshirtSize: 'Medium',
      nextOfKinMobile: '+263773456789',
      fees: { USD: '25.00', ZWG: null },
    });
    expect((await historyOf(receipt.reference))[0]).toMatchObject({
      by: 'the entrant',
      action: 'edited',
      summary: 'Changed next of kin, T-shirt, race',
    });
  });

  it('refuses a full race, a T-shirt change after the cut-off and a race change once registration has closed', async () => {
    await setRaces((label) => ({ capacity: label === '5km' ? 1 : undefined }));
    await registered(runner({ raceType: '5km' }));
    const { entry, token } = await registered();

    const full = await visitor.put(`/api/my/${token}`, edited(entry, { raceType: '5km' }));
    expect(full.statusCode).toBe(409);
    expect(full.json().detail).toBe('This race is full');

    const yesterday = harareToday(new Date(Date.now() - 86_400_000));
    await setEvent({ tshirtChangesUntil: yesterday });
    expect((await visitor.get(`/api/my/${token}`)).json()).toMatchObject({
      tshirtChangesUntil: yesterday,
      tshirtChangeable: false,
    });
    const shirt = await visitor.put(`/api/my/${token}`, edited(entry, { tshirtSize: 'Small' }));
    expect(shirt.statusCode).toBe(400);
    expect(shirt.json().errors).toEqual([
      { path: 'tshirtSize', message: expect.stringContaining('T-shirt sizes could be changed until') },
    ]);
    // The same size is no change: the rest of the form still saves.
    const mobile = await visitor.put(`/api/my/${token}`, edited(entry, { mobile: '0779999999' }));
    expect(mobile.statusCode).toBe(200);
    await setEvent({ tshirtChangesUntil: harareToday() });
    expect((await visitor.put(`/api/my/${token}`, edited(entry, { tshirtSize: 'Small' }))).statusCode).toBe(
      200,
    );

    await setEvent({ registrationClosesAt: new Date(Date.now() - 60_000) });
    expect((await visitor.get(`/api/my/${token}`)).json().raceChangeable).toBe(false);
    const race = await visitor.put(
      `/api/my/${token}`,
      edited(entry, { raceType: '21km', tshirtSize: 'Small' }),
    );
    expect(race.statusCode).toBe(409);
    expect(race.json().detail).toMatch(/Registration has closed/);
  });

  it('gives the last place of a race to one of two entrants moving into it at once', async () => {
    await setRaces((label) => ({ capacity: label === '21km' ? 1 : undefined }));
    const one = await registered();
    const two = await registered();
    const answers = await Promise.all(
      [one, two].map(({ entry, token }) =>
        visitor.put(`/api/my/${token}`, edited(entry, { raceType: '21km' })),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const races = await Promise.all(
      [one, two].map(async ({ token }) => (await visitor.get(`/api/my/${token}`)).json().raceType),
    );
    expect(races.filter((race) => race === '21km')).toHaveLength(1);
  });

  it('keeps a paid entry on races of its fee', async () => {
    await setRaces((label) => ({ feeUsd: label === '21km' ? '25.00' : '15.00' }));
    const { entry, receipt, token } = await registered();
    const paid = await asAdmin.put(`/api/participants/${await idOf(receipt.reference)}/payment`, {
      status: 'paid',
      method: 'cash',
      amount: '15.00',
      currency: 'USD',
      paidOn: harareToday(),
    });
    expect(paid.statusCode).toBe(200);
    expect((await visitor.put(`/api/my/${token}`, edited(entry, { raceType: '21km' }))).statusCode).toBe(409);
    const sameFee = await visitor.put(`/api/my/${token}`, edited(entry, { raceType: '5km' }));
    expect(sameFee.statusCode).toBe(200);
    expect(sameFee.json()).toMatchObject({ raceType: '5km', paymentStatus: 'paid' });
  });

  it('cancels: the place is free again, the link shows the cancelled entry, which can no longer change', async () => {
    await setRaces((label) => ({ capacity: label === '5km' ? 1 : undefined }));
    const { entry, receipt, token } = await registered(runner({ raceType: '5km' }));
    expect((await visitor.post('/api/registrations', runner({ raceType: '5km' }))).statusCode).toBe(409);

    const cancelled = await visitor.post(`/api/my/${token}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    expect((await historyOf(receipt.reference))[0]).toMatchObject({ by: 'the entrant', action: 'cancelled' });
    expect((await visitor.post('/api/registrations', runner({ raceType: '5km' }))).statusCode).toBe(201);
    expect((await visitor.put(`/api/my/${token}`, edited(entry, { tshirtSize: 'Small' }))).statusCode).toBe(
      409,
    );
  });

  it('still opens once the event day has passed, read-only (next-year/after-the-race.test.ts has the rest)', async () => {
    const { token } = await registered();
    await setEvent({ eventDate: harareToday() });
    expect((await visitor.get(`/api/my/${token}`)).json()).toMatchObject({ raceOver: false });
    await setEvent({ eventDate: harareToday(new Date(Date.now() - 86_400_000)) });
    expect((await visitor.get(`/api/my/${token}`)).json()).toMatchObject({ raceOver: true });
    expect((await visitor.post(`/api/my/${token}/cancel`)).statusCode).toBe(409);
  });

  it('resends the confirmation with the same link, at most once in a while', async () => {
    const { entry, token } = await registered();
    const first = await visitor.post(`/api/my/${token}/confirmation`);
    expect(first.statusCode).toBe(202);
    expect(first.json().message).toBe('We have sent your confirmation email again.');
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, entry.email));
    expect(mails).toHaveLength(2);
    expect(tokensIn(mails[1]?.text)).toEqual([token]);
    const second = await visitor.post(`/api/my/${token}/confirmation`);
    expect(second.json().message).toMatch(/a short while ago/);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, entry.email))).toHaveLength(2);
  });
});

describe('My registration: the bib', () => {
  it('shows no bib until one is given, then the bib', async () => {
    const { token, receipt } = await registered();
    expect((await visitor.get(`/api/my/${token}`)).json()).toMatchObject({ bib: null });
    await db.update(registrations).set({ bib: 1042 }).where(eq(registrations.reference, receipt.reference));
    expect((await visitor.get(`/api/my/${token}`)).json()).toMatchObject({ bib: 1042 });
  });
});

describe('/My: mail me my links', () => {
  it('answers the same for a known and an unknown address, and mails links only to the known one', async () => {
    const shared = 'family@example.com';
    const mother = await registered(runner({ email: shared }));
    const child = await registered(runner({ email: shared, firstName: 'Rudo' }));
    const known = await visitor.post('/api/my/links', { email: 'FAMILY@example.com' });
    const unknown = await visitor.post('/api/my/links', { email: 'nobody@example.com' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    expect(await lastMailTo('nobody@example.com')).toBeUndefined();

    const mail = await db.select().from(mailOutbox).where(sql`${mailOutbox.kind} = 'my-links'`);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain(mother.receipt.reference);
    expect(mail[0]?.text).toContain(child.receipt.reference);
    const tokens = tokensIn(mail[0]?.text);
    expect(tokens).toHaveLength(2);
    const opened = await Promise.all(tokens.map(async (t) => (await visitor.get(`/api/my/${t}`)).json()));
    expect(opened.map((entry) => entry.firstName).sort()).toEqual(['Rudo', 'Tendai']);
  });

  it('mails an address at most a few times an hour, its confirmation included', async () => {
    const { entry } = await registered();
    for (let i = 0; i < 6; i += 1) {
      expect((await visitor.post('/api/my/links', { email: entry.email })).statusCode).toBe(202);
    }
    const mails = await db.select().from(mailOutbox).where(sql`${mailOutbox.kind} = 'my-links'`);
    expect(mails).toHaveLength(PUBLIC_ACTION_MAIL_LIMIT.perRecipient - 1);
    // Links are kept only for mails that went: the registration's own and four mails' worth.
    expect(await db.select().from(entryLinks)).toHaveLength(PUBLIC_ACTION_MAIL_LIMIT.perRecipient);
  });

  it('shows of the names under the address only what may be shown to others', async () => {
    await registered(runner({ email: 'shared@example.com', firstName: 'Rudo Tariro' }));
    await registered(runner({ email: 'shared@example.com', firstName: 'Alice. IMPORTANT: pay USD 20 now' }));
    expect((await visitor.post('/api/my/links', { email: 'shared@example.com' })).statusCode).toBe(202);
    const [mail] = await db.select().from(mailOutbox).where(sql`${mailOutbox.kind} = 'my-links'`);
    expect(mail?.text).toMatch(/: Rudo, Runner 10km\n/);
    expect(mail?.text).not.toContain('IMPORTANT');
    expect(mail?.text).not.toContain('Tariro');
  });

  it('limits requests per address and per client, the same for unknown addresses', async () => {
    const limited = await createTestApp({ RATE_LIMITS: 'on' });
    try {
      const ask = (email: string, remoteAddress: string) =>
        limited.inject({ method: 'POST', url: '/api/my/links', payload: { email }, remoteAddress });
      const codes = [];
      for (let i = 0; i < 4; i += 1)
        codes.push((await ask('someone@example.com', `10.0.0.${i + 1}`)).statusCode);
      expect(codes).toEqual([202, 202, 202, 429]);
      let last = 0;
      for (let i = 0; i < 31; i += 1) last = (await ask(`person${i}@example.com`, '10.0.1.1')).statusCode;
      expect(last).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('keeps tokens out of the log', () => {
    expect(loggablePath('/api/my/abcdefghijklmnopqrstuvwxyz012345/cancel?x=1')).toBe(
      '/api/my/[token]/cancel',
    );
    expect(loggablePath('/My/abcdefghijklmnopqrstuvwxyz012345')).toBe('/My/[token]');
    expect(loggablePath('/api/my/links')).toBe('/api/my/links');
  });
});
