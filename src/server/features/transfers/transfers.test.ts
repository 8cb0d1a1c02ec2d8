import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../tests/support/entries.ts';
import {
  changeRaces,
  injectAs,
  paidByHand,
  setUpTestApp,
  signedInAs,
} from '../../../../tests/support/test-app.ts';
import { harareToday } from '../../../shared/dates.ts';
import { events, mailOutbox, registrations } from '../../db/schema/index.ts';
import { loggablePath } from '../../logger.ts';

const { app, db, visitor, asAdmin } = setUpTestApp();

const runner = runnerSeries();

const mailsTo = (to: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.to}) = ${to.toLowerCase()}`)
    .orderBy(asc(mailOutbox.id));
const transferTokenIn = (text: string | null | undefined) =>
  /\/Transfer\/([\w-]+)/.exec(text ?? '')?.[1] ?? '';
const myTokenIn = (path: string) => path.replace('/My/', '');
const entryOf = async (reference: string) =>
  (await db.select().from(registrations).where(eq(registrations.reference, reference)))[0];
const setEvent = async (change: Partial<typeof events.$inferInsert>) => {
  await db.update(events).set(change).where(eq(events.isCurrent, true));
  await app.context.currentEvent.reload();
};

/** The new person's own details, as the transfer page sends them. */
const recipient = (change: object = {}) => {
  const {
    discipline: _,
    raceType: __,
    ...details
  } = runner({
    firstName: 'Chipo',
    email: 'chipo.new@example.com',
    mobile: '0782223344',
    ...change,
  });
  return details;
};

async function registered(entry = runner()) {
  const response = await visitor.post('/api/registrations', entry);
  expect(response.statusCode).toBe(201);
  const { reference, myLink } = response.json();
  return { entry, reference: reference as string, token: myTokenIn(myLink) };
}

/** A place given by mail from /My: the token the new person's mail carries. */
async function linkSent(token: string, email = 'chipo.new@example.com') {
  const sent = await visitor.post(`/api/my/${token}/transfer`, { sendBy: 'email', email });
  expect(sent.statusCode).toBe(200);
  const mails = await mailsTo(email);
  return transferTokenIn(mails.at(-1)?.text);
}

describe('giving a place to someone', () => {
  it('the new person takes it with his own details: reference, bib and payment kept, old link 404, history', async () => {
    const { entry, reference, token } = await registered();
    const before = await entryOf(reference);
    await db.update(registrations).set({ bib: 1042 }).where(eq(registrations.reference, reference));
    await paidByHand(asAdmin, before?.id, { method: 'cash', amount: '10.00', paidOn: '2026-03-01' });

    const transferToken = await linkSent(token);
    expect(transferToken).toMatch(/^[\w-]{32}$/);
    const waiting = (await visitor.get(`/api/my/${token}/transfer`)).json();
    expect(waiting).toMatchObject({ open: true, pending: { sentTo: 'chipo.new@example.com' } });
    // The entry's own address is told a link went.
    expect((await mailsTo(entry.email)).map((mail) => mail.kind)).toContain('entry-transfer-notice');

    // Opening the link shows the place, nothing personal of the giver but a first name.
    const offer = await visitor.get(`/api/transfers/${transferToken}`);
    expect(offer.statusCode).toBe(200);
    expect(offer.headers['cache-control']).toContain('no-store');
    expect(offer.json()).toMatchObject({
      reference,
      raceType: '10km',
      giver: 'Tendai',
      paymentStatus: 'paid',
    });
    expect(JSON.stringify(offer.json())).not.toContain(entry.email);
    expect(JSON.stringify(offer.json())).not.toContain(entry.lastName);

    const taken = await visitor.post(`/api/transfers/${transferToken}`, recipient());
    expect(taken.statusCode).toBe(200);
    const { myLink } = taken.json();
    expect(taken.json().reference).toBe(reference);

    const after = await entryOf(reference);
    expect(after).toMatchObject({
      id: before?.id,
      firstName: 'Chipo',
      email: 'chipo.new@example.com',
      bib: 1042,
      paymentStatus: 'paid',
      paymentAmount: '10.00',
    });
    expect(after?.checkInCode).not.toBe(before?.checkInCode);
    expect((await visitor.get(`/api/my/${token}`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/my/${token}/check-in-qr.svg`)).statusCode).toBe(404);
    const mine = await visitor.get(`/api/my/${myTokenIn(myLink)}`);
    expect(mine.json()).toMatchObject({ reference, firstName: 'Chipo', paymentStatus: 'paid' });
    // The link works once.
    expect((await visitor.post(`/api/transfers/${transferToken}`, recipient())).statusCode).toBe(404);
    expect((await visitor.get(`/api/transfers/${transferToken}`)).statusCode).toBe(404);

    const toldOld = (await mailsTo(entry.email)).find((mail) => mail.kind === 'entry-transferred');
    expect(toldOld?.text).toContain(reference);
    expect(toldOld?.text).not.toContain('Chipo');
    const toldNew = (await mailsTo('chipo.new@example.com')).find(
      (mail) => mail.kind === 'transfer-confirmation',
    );
    expect(toldNew?.text).toContain(myLink);

    const history = (await asAdmin.get(`/api/participants/${before?.id}`)).json().history as {
      action: string;
      by: string;
      summary: string;
    }[];
    expect(history[0]).toMatchObject({ action: 'transferred', by: 'the entrant' });
    expect(history[0]?.summary).toMatch(/Place given to someone else.*new check-in code, bib kept/);
    expect(history[1]?.summary).toMatch(/Transfer link sent/);
  });

  it('a minor without a guardian is told why, and the place stays the giver’s, the link too', async () => {
    const { reference, token, entry } = await registered();
    const transferToken = await linkSent(token);
    const refused = await visitor.post(`/api/transfers/${transferToken}`, recipient({ age: 12 }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((error: { path: string }) => error.path)).toEqual(
      expect.arrayContaining(['guardianName', 'guardianMobile', 'guardianConsent']),
    );
    expect((await entryOf(reference))?.email).toBe(entry.email);
    expect((await visitor.get(`/api/my/${token}`)).statusCode).toBe(200);

    const withGuardian = await visitor.post(
      `/api/transfers/${transferToken}`,
      recipient({ age: 12, guardianName: 'Ruth Banda', guardianMobile: '0773334455', guardianConsent: true }),
    );
    expect(withGuardian.statusCode).toBe(200);
    expect(await entryOf(reference)).toMatchObject({ age: 12, guardianName: 'Ruth Banda' });
  });

  it('someone already entered in the discipline cannot take it', async () => {
    const other = runner({ firstName: 'Farai' });
    await registered(other);
    const { reference, token, entry } = await registered();
    const transferToken = await linkSent(token);
    const { discipline: _, raceType: __, ...details } = other;
    const refused = await visitor.post(`/api/transfers/${transferToken}`, details);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/already have an entry/);
    expect((await entryOf(reference))?.email).toBe(entry.email);
  });

  it('closes with the organisers’ cut-off or registration, and when the organisers forbid transfers', async () => {
    const { token } = await registered();
    const transferToken = await linkSent(token);

    await setEvent({ registrationClosesAt: new Date(Date.now() - 60_000) });
    expect((await visitor.get(`/api/my/${token}/transfer`)).json().open).toBe(false);
    const closed = await visitor.post(`/api/transfers/${transferToken}`, recipient());
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('transfers_closed');
    expect((await visitor.get(`/api/transfers/${transferToken}`)).statusCode).toBe(409);

    // The organisers' own cut-off day keeps them open after registration closed.
    // Harare's day, as the server counts it: a day ahead of UTC's after midnight in Harare.
    const today = harareToday();
    await setEvent({ transfersUntil: today });
    expect((await visitor.get(`/api/my/${token}/transfer`)).json()).toMatchObject({
      open: true,
      until: today,
    });

    await setEvent({ transfersAllowed: false });
    const forbidden = await visitor.post(`/api/my/${token}/transfer`, {
      sendBy: 'email',
      email: 'someone@example.com',
    });
    expect(forbidden.statusCode).toBe(409);
    expect((await visitor.post(`/api/transfers/${transferToken}`, recipient())).statusCode).toBe(409);
  });

  it('the giver withdraws the link; while one waits the entry is not cancelled', async () => {
    const { token } = await registered();
    const transferToken = await linkSent(token);
    const cancel = await visitor.post(`/api/my/${token}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().code).toBe('TRANSFER_WAITING');

    const withdrawn = await visitor.delete(`/api/my/${token}/transfer`);
    expect(withdrawn.json().pending).toBeNull();
    expect((await visitor.get(`/api/transfers/${transferToken}`)).statusCode).toBe(404);
    expect((await visitor.post(`/api/transfers/${transferToken}`, recipient())).statusCode).toBe(404);
    expect((await visitor.post(`/api/my/${token}/cancel`)).statusCode).toBe(200);
  });

  it('a link expires after 72 hours; a newer one replaces it', async () => {
    const { token } = await registered();
    const first = await linkSent(token);
    const second = await linkSent(token, 'other.person@example.com');
    expect((await visitor.get(`/api/transfers/${first}`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/transfers/${second}`)).json().expiresAt).toBeDefined();
    const expires = new Date((await visitor.get(`/api/transfers/${second}`)).json().expiresAt).getTime();
    expect(expires - Date.now()).toBeGreaterThan(71 * 3600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(72 * 3600_000);
    await db.execute(sql`update entry_transfers set expires_at = now() - interval '1 minute'`);
    expect((await visitor.post(`/api/transfers/${second}`, recipient())).statusCode).toBe(404);
  });

  it('the organisers’ fee adds to what the entry owes when the transfer completes', async () => {
    const current = (await asAdmin.get('/api/admin/event')).json();
    expect(current).toMatchObject({ transfersAllowed: true, transferFeeUsd: '0.00' });
    const saved = await asAdmin.put('/api/admin/event', {
      title: current.title,
      subtitle: current.subtitle,
      greeting: current.greeting,
      contactPhone: current.contactPhone,
      backgroundAlt: current.backgroundAlt,
      registrationClosesAt: current.registrationClosesAt,
      payment: current.payment,
      tshirtSizes: current.tshirtSizes,
      termsText: current.termsText,
      transferFeeUsd: '2.50',
      transferFeeZwg: '70',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ transferFeeUsd: '2.50', transferFeeZwg: '70.00' });

    await changeRaces(asAdmin, () => ({ feeUsd: '10.00', feeZwg: '280.00' }));
    const { reference, token } = await registered();
    const before = await entryOf(reference);
    await paidByHand(asAdmin, before?.id, { method: 'cash', amount: '10.00', paidOn: '2026-03-01' });
    expect((await visitor.get(`/api/my/${token}`)).json().fees).toEqual({ USD: '10.00', ZWG: '280.00' });
    expect((await visitor.get(`/api/my/${token}/transfer`)).json().fee).toEqual({
      USD: '2.50',
      ZWG: '70.00',
    });
    const transferToken = await linkSent(token);
    const taken = await visitor.post(`/api/transfers/${transferToken}`, recipient());
    expect(taken.statusCode).toBe(200);
    const mine = (await visitor.get(`/api/my/${myTokenIn(taken.json().myLink)}`)).json();
    expect(mine.fees).toEqual({ USD: '12.50', ZWG: '350.00' });
    expect(mine.paymentStatus).toBe('part_paid');
    expect(mine.payment).toEqual({ amount: '10.00', currency: 'USD' });
  });

  it('keeps transfer links out of the log', () => {
    expect(loggablePath('/Transfer/abcdefghijklmnopqrstuvwxyz012345')).toBe('/Transfer/[token]');
    expect(loggablePath('/api/transfers/abcdefghijklmnopqrstuvwxyz012345')).toBe('/api/transfers/[token]');
    expect(loggablePath('/api/my/abcdefghijklmnopqrstuvwxyz012345/transfer')).toBe(
      '/api/my/[token]/transfer',
    );
  });
});

describe('the name on /My', () => {
  const edited = (entry: ReturnType<typeof runner>, change: object = {}) => {
    const { discipline: _, consent: __, ...fields } = entry;
    return { ...fields, ...change };
  };

  it('the entrant corrects the spelling only; another name is refused', async () => {
    const { entry, token } = await registered(runner({ firstName: 'Tendai', lastName: 'Moyo' }));
    const corrected = await visitor.put(
      `/api/my/${token}`,
      edited(entry, { firstName: 'Tendayi', lastName: 'MOYO' }),
    );
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json()).toMatchObject({ firstName: 'Tendayi', lastName: 'MOYO' });
    const renamed = await visitor.put(
      `/api/my/${token}`,
      edited(entry, { firstName: 'Tendayi', lastName: 'Chikwanha' }),
    );
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors).toEqual([
      { path: 'lastName', message: expect.stringMatching(/Give my place to someone/) },
    ]);
  });

  it("a team manager renames his team's entries", async () => {
    const asCompany = injectAs(app, await signedInAs(app, 'company'));
    const staff = runner();
    const created = await asCompany.post('/api/team/registrations', staff);
    expect(created.statusCode).toBe(201);
    const { reference } = created.json();
    const id = (await entryOf(reference))?.id;
    const renamed = await asCompany.put(
      `/api/team/registrations/${id}`,
      edited(staff, { firstName: 'Nyasha', lastName: 'Dube' }),
    );
    expect(renamed.statusCode).toBe(204);
    expect(await entryOf(reference)).toMatchObject({ firstName: 'Nyasha', lastName: 'Dube' });
  });

  it('an admin renames an entry', async () => {
    const { entry, reference } = await registered();
    const id = (await entryOf(reference))?.id;
    const renamed = await asAdmin.put(
      `/api/participants/${id}`,
      edited(entry, { firstName: 'Nyasha', lastName: 'Dube' }),
    );
    expect(renamed.statusCode).toBe(200);
    expect(await entryOf(reference)).toMatchObject({ firstName: 'Nyasha', lastName: 'Dube' });
  });
});
