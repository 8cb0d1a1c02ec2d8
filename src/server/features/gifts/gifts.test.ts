import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount, multipartFile, setUpTestApp } from '../../../../tests/support/test-app.ts';
import { auditLog, events, gifts, mailOutbox } from '../../db/schema/index.ts';
import { runRetention } from '../retention/service.ts';
import { lapseUnpaidGifts, namedGiftReferences } from './service.ts';

const { app, db, visitor, asAdmin } = setUpTestApp();

const CAUSE = {
  title: 'Borehole for Chitungwiza',
  text: 'Clean water for 400 families.',
  goalUsd: '5000',
  giftsOpen: true,
};
const openGifts = () => asAdmin.put('/api/admin/cause', CAUSE);
const give = (change: Record<string, unknown> = {}) =>
  visitor.post('/api/gifts', {
    name: 'Rudo Moyo',
    email: 'rudo@example.com',
    amount: '20',
    currency: 'USD',
    showName: true,
    ...change,
  });
const giftRow = async (reference: string) => {
  const [row] = await db.select().from(gifts).where(eq(gifts.reference, reference));
  if (!row) throw new Error(`no gift ${reference}`);
  return row;
};
const pay = async (reference: string, method = 'cash') =>
  asAdmin.post(`/api/admin/gifts/${(await giftRow(reference)).id}/paid`, { method });

describe('the cause in the event settings', () => {
  it('is saved by an admin, in the audit trail; opening gifts needs a title', async () => {
    expect((await asAdmin.get('/api/admin/cause')).json()).toEqual({
      title: '',
      text: '',
      image: null,
      goalUsd: '0.00',
      giftsOpen: false,
    });
    const refused = await asAdmin.put('/api/admin/cause', { ...CAUSE, title: ' ' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({ path: 'title', message: 'Give the cause a title before opening gifts' }),
    ]);
    const saved = await openGifts();
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...CAUSE, goalUsd: '5000.00', image: null });
    const [audited] = await db.select().from(auditLog).where(eq(auditLog.action, 'event-settings.update'));
    expect(audited?.details).toEqual({ section: 'cause' });
    // Only admins.
    expect((await visitor.get('/api/admin/cause')).statusCode).toBe(401);
    expect((await visitor.put('/api/admin/cause', CAUSE)).statusCode).toBe(401);
  });
});

describe('a gift without registering', () => {
  it('is refused while gifts are closed', async () => {
    const refused = await give();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('gifts_closed');
    expect(await db.select().from(gifts)).toHaveLength(0);
  });

  it('is recorded apart from any fee with a bank reference, answering nothing personal', async () => {
    await openGifts();
    const [event] = await db.select().from(events).where(eq(events.isCurrent, true));
    const made = await give();
    expect(made.statusCode, made.body).toBe(201);
    const body = made.json();
    // The pay token is the giver's own key to pay it online (issue 43): nothing about the giver.
    expect(body).toEqual({
      reference: expect.any(String),
      amount: '20.00',
      currency: 'USD',
      payToken: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
    });
    expect(body.reference).toMatch(new RegExp(`^${event?.referencePrefix}-D\\d+$`));
    const second = (
      await give({ name: 'Tendai', email: '', mobile: '0771234567', amount: '250', currency: 'ZWG' })
    ).json();
    expect(Number(second.reference.split('-D')[1])).toBeGreaterThan(Number(body.reference.split('-D')[1]));
    expect(await giftRow(second.reference)).toMatchObject({
      giverName: 'Tendai',
      giverEmail: null,
      giverMobile: '+263771234567',
      status: 'unpaid',
      registrationId: null,
    });
    // Nothing reads a gift back from the public side.
    expect((await visitor.get('/api/admin/gifts')).statusCode).toBe(401);
  });

  it('needs a name, a contact for the receipt and a sensible amount', async () => {
    await openGifts();
    const refused = await give({ name: '', email: '', amount: '0' });
    expect(refused.statusCode).toBe(400);
    const paths = refused.json().errors.map((error: { path: string }) => error.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'amount']));
    const noContact = await give({ email: '' });
    expect(noContact.json().errors).toEqual([
      expect.objectContaining({
        path: 'email',
        message: 'Enter an email address or a mobile number, for your receipt',
      }),
    ]);
    expect((await give({ amount: '1000000' })).statusCode).toBe(400);
    expect((await give({ amount: '10.555' })).statusCode).toBe(400);
    expect(await db.select().from(gifts)).toHaveLength(0);
  });
});

describe('paying a gift, the totals and /Give', () => {
  it('issues a numbered receipt by mail once, and counts only paid gifts; named only with consent', async () => {
    await openGifts();
    const rudo = (await give()).json();
    const anonymous = (
      await give({ name: 'Farai Chikomo', email: 'farai@example.com', amount: '30', showName: false })
    ).json();
    const zwg = (
      await give({ name: 'Nyasha', email: 'nyasha@example.com', amount: '500', currency: 'ZWG' })
    ).json();
    const sentence = (await give({ name: '=cmd|calc', email: 'x@example.com', amount: '1' })).json();
    const unpaid = (await give({ name: 'Unpaid Person', email: 'u@example.com', amount: '99' })).json();

    const unpaidId = (await giftRow(unpaid.reference)).id;
    expect((await asAdmin.get(`/api/admin/gifts/${unpaidId}/receipt.pdf`)).statusCode).toBe(404);
    const before = (await visitor.get('/api/give')).json();
    expect(before).toMatchObject({ open: true, givers: 0, named: [], raised: { USD: '0.00', ZWG: '0.00' } });

    const paid = await pay(rudo.reference);
    expect(paid.statusCode, paid.body).toBe(200);
    const receipt = paid.json().receiptNumber;
    expect(receipt).toBeGreaterThan(0);
    // Not twice.
    expect((await pay(rudo.reference)).statusCode).toBe(409);
    await pay(anonymous.reference, 'bank');
    await pay(zwg.reference, 'mobile-money');
    await pay(sentence.reference);
    expect((await giftRow(anonymous.reference)).receiptNumber).toBe(receipt + 1);

    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'rudo@example.com'));
    expect(mail?.subject).toBe(`Receipt ${receipt}: your gift ${rudo.reference}`);
    expect(mail?.text).toContain('US$20.00');
    expect(mail?.text).toContain('not an entry fee');
    const rudoId = (await giftRow(rudo.reference)).id;
    const pdf = await asAdmin.get(`/api/admin/gifts/${rudoId}/receipt.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`Receipt_${receipt}_${rudo.reference}.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await visitor.get(`/api/admin/gifts/${rudoId}/receipt.pdf`)).statusCode).toBe(401);

    const summary = (await visitor.get('/api/give')).json();
    expect(summary).toMatchObject({
      title: CAUSE.title,
      goalUsd: '5000.00',
      raised: { USD: '51.00', ZWG: '500.00' },
      givers: 4,
    });
    // The unnamed and the name the naming rule refuses are left out; only first names, never contacts.
    expect(summary.named).toEqual(
      expect.arrayContaining([
        { name: 'Rudo', amount: '20.00', currency: 'USD' },
        { name: 'Nyasha', amount: '500.00', currency: 'ZWG' },
      ]),
    );
    expect(summary.named).toHaveLength(2);
    expect(JSON.stringify(summary)).not.toMatch(/example\.com|Moyo|Farai/);

    expect((await asAdmin.get('/api/admin/gifts/totals')).json()).toEqual({
      paid: { USD: '51.00', ZWG: '500.00' },
      paidCount: 4,
      unpaidCount: 1,
      goalUsd: '5000.00',
    });
  });

  it('lists and exports gifts for admins, each read in the audit trail', async () => {
    await openGifts();
    const made = (await give()).json();
    const list = await asAdmin.get('/api/admin/gifts');
    expect(list.json()).toEqual([
      expect.objectContaining({
        reference: made.reference,
        giverEmail: 'rudo@example.com',
        status: 'unpaid',
      }),
    ]);
    const csv = await asAdmin.get('/api/admin/gifts.csv');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('Reference,Amount,Currency,Status,Giver');
    expect(csv.body).toContain(`${made.reference},20.00,USD,unpaid,Rudo Moyo,rudo@example.com`);
    const actions = (await db.select().from(auditLog)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['gifts.list', 'gifts.export-csv']));
    expect((await visitor.get('/api/admin/gifts.csv')).statusCode).toBe(401);
  });
});

describe('unpaid gifts', () => {
  it('lapse after 7 days; paid ones and younger ones stay', async () => {
    await openGifts();
    const old = (await give()).json();
    const young = (await give()).json();
    const paid = (await give()).json();
    await pay(paid.reference);
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    await db.update(gifts).set({ createdAt: eightDaysAgo }).where(eq(gifts.reference, old.reference));
    await db.update(gifts).set({ createdAt: eightDaysAgo }).where(eq(gifts.reference, paid.reference));
    expect(await lapseUnpaidGifts(app.context)).toBe(1);
    expect((await giftRow(old.reference)).status).toBe('lapsed');
    expect((await giftRow(young.reference)).status).toBe('unpaid');
    expect((await giftRow(paid.reference)).status).toBe('paid');
    expect(await lapseUnpaidGifts(app.context)).toBe(0);
  });
});

describe('givers and privacy', () => {
  it('an erasure empties the giver, keeps the amount in the totals and takes the name off /Give', async () => {
    await openGifts();
    const made = (await give()).json();
    await pay(made.reference);
    const gift = await giftRow(made.reference);
    const erased = await asAdmin.post('/api/admin/erasures', {
      subjectType: 'gift',
      subjectId: gift.id,
      reason: 'Asked by phone',
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ gifts: 1, entries: 0 });
    expect(await giftRow(made.reference)).toMatchObject({
      giverName: '',
      giverEmail: null,
      giverMobile: null,
      showName: false,
      amount: '20.00',
      status: 'paid',
    });
    const summary = (await visitor.get('/api/give')).json();
    expect(summary).toMatchObject({ givers: 1, raised: { USD: '20.00' }, named: [] });
    // Erased once: a second erasure finds nobody.
    const again = await asAdmin.post('/api/admin/erasures', {
      subjectType: 'gift',
      subjectId: gift.id,
      reason: 'x',
    });
    expect(again.statusCode).toBe(404);
  });

  it('a download of everything held about a person includes the gifts under his proven address, and only those', async () => {
    await openGifts();
    const account = await createAccount(app, 'participant');
    const his = (await give({ name: 'Tatenda', email: account.email.toUpperCase() })).json();
    (await give({ name: 'Someone Else', email: 'else@example.com' })).json();
    const download = await asAdmin.get(`/api/access-requests/account/${account.id}/data.json`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.json().gifts).toEqual([
      expect.objectContaining({ reference: his.reference, giverName: 'Tatenda', amount: '20.00' }),
    ]);
  });

  it("retention empties givers with their event's entries", async () => {
    await openGifts();
    const made = (await give()).json();
    await db
      .update(events)
      .set({ eventDate: '2020-01-01', updatedAt: new Date('2020-01-02T00:00:00Z') })
      .where(eq(events.isCurrent, true));
    const outcome = await runRetention(app.context);
    expect(outcome).toMatchObject({ gifts: 1 });
    expect(await giftRow(made.reference)).toMatchObject({ giverName: '', giverEmail: null });
  });
});

describe('a gift paid by bank, matched by a statement', () => {
  const BANK = { account: 'usd_bank', date: 'Transaction Date', narrative: 'Narrative', amount: 'Amount' };
  const importAndConfirm = async (csv: string) => {
    const form = multipartFile('statement.csv', Buffer.from(csv), 'text/csv');
    const imported = await asAdmin.post(`/api/statements?${new URLSearchParams(BANK)}`, form.payload, {
      'content-type': form.contentType,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const confirmed = await asAdmin.post(`/api/statements/${imported.json().review.id}/confirm`, {
      skip: [],
      choose: [],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return confirmed.json() as { marked: string[] };
  };

  it('reads gift references written loosely, never an entry reference', () => {
    expect(namedGiftReferences('gift cfr26 d12 thanks', 'CFR26')).toEqual(['CFR26-D12']);
    expect(namedGiftReferences('CFR26-D0012 / CFR 26.D12', 'CFR26')).toEqual(['CFR26-D12']);
    expect(namedGiftReferences('CFR26-0012', 'CFR26')).toEqual([]);
    expect(namedGiftReferences('XCFR26-D12', 'CFR26')).toEqual([]);
  });

  it('pays the gift its line names with its amount, issuing its receipt; another amount or currency pays nothing', async () => {
    await openGifts();
    const right = (await give({ name: 'Rudo Moyo', amount: '25' })).json();
    const wrongAmount = (await give({ name: 'Tendai', amount: '40' })).json();
    const zwg = (await give({ name: 'Nyasha', amount: '500', currency: 'ZWG' })).json();
    const spaced = (reference: string) => reference.replace('-', ' ').toLowerCase();
    const { marked } = await importAndConfirm(
      [
        'Transaction Date,Narrative,Amount',
        `2026-11-20,GIFT ${spaced(right.reference)} RUDO,25.00`,
        `2026-11-20,${wrongAmount.reference},30.00`,
        `2026-11-20,${zwg.reference},500.00`,
      ].join('\n'),
    );
    expect(marked).toEqual([right.reference]);
    expect(await giftRow(right.reference)).toMatchObject({ status: 'paid', paidBy: 'usd_bank' });
    expect((await giftRow(right.reference)).receiptNumber).toBeGreaterThan(0);
    expect((await giftRow(wrongAmount.reference)).status).toBe('unpaid');
    // A ZWG gift is not paid by a line of the USD account.
    expect((await giftRow(zwg.reference)).status).toBe('unpaid');
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'rudo@example.com'));
    expect(mail?.subject).toContain(right.reference);
  });
});
