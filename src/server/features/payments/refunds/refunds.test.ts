import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { pdfText } from '../../../../../tests/support/pdf-text.ts';
import {
  injectAs,
  registeredRunner,
  setUpTestApp,
  signedInAs,
  testDatabaseKind,
} from '../../../../../tests/support/test-app.ts';
import { auditLog, events, raceOptions, receipts, refunds, registrations } from '../../../db/schema/index.ts';
import { runRetention } from '../../retention/service.ts';

const { app, db, asAdmin, visitor } = setUpTestApp();

let serial = 0;
/** A 10km runner (US$15) registered through the public form. */
async function registered(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return (await registeredRunner(app, `f${serial}`, { firstName: 'Rudo', ...overrides })).row;
}
const paid = async (id: string, amount = '15.00') =>
  expect(
    (
      await asAdmin.put(`/api/participants/${id}/payment`, {
        status: 'paid',
        method: 'cash',
        amount,
        currency: 'USD',
        paidOn: '2026-11-20',
      })
    ).statusCode,
  ).toBe(200);
const refund = (id: string, body: Record<string, unknown>) =>
  asAdmin.post(`/api/participants/${id}/refunds`, {
    kind: 'refund',
    method: 'cash',
    currency: 'USD',
    refundedOn: '2026-11-25',
    ...body,
  });
const credit = (id: string, body: Record<string, unknown>) =>
  asAdmin.post(`/api/participants/${id}/refunds`, {
    kind: 'credit',
    currency: 'USD',
    refundedOn: '2026-11-25',
    ...body,
  });
const refundsOf = async (id: string) => (await asAdmin.get(`/api/participants/${id}/refunds`)).json();
const dashboard = async () => (await asAdmin.get('/api/dashboard/fun-run')).json();

describe(`refunds and credits on an entry (${testDatabaseKind})`, () => {
  beforeEach(async () => {
    await db
      .update(raceOptions)
      .set({ feeUsd: '15', feeZwg: '400' })
      .where(and(eq(raceOptions.discipline, 'run'), eq(raceOptions.label, '10km')));
  });

  it('records a refund of a cancelled paid entry: credit note, history, audit; the entry stays as the admin left it', async () => {
    const entry = await registered();
    await paid(entry.id);
    expect((await asAdmin.post(`/api/participants/${entry.id}/cancel`)).statusCode).toBeLessThan(300);

    const answer = await refund(entry.id, { amount: '10', reference: 'EFT 991' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      recorded: [
        {
          kind: 'refund',
          amount: '10.00',
          currency: 'USD',
          method: 'cash',
          refundedOn: '2026-11-25',
          reference: 'EFT 991',
          creditNoteNumber: 1,
          byPaynow: false,
          expiresOn: null,
        },
      ],
      refundable: { USD: '5.00', ZWG: '0.00' },
      credits: [],
    });
    const [row] = await db.select().from(registrations).where(eq(registrations.id, entry.id));
    expect(row).toMatchObject({ paymentStatus: 'paid', paymentAmount: '15.00', status: 'cancelled' });
    const detail = (await asAdmin.get(`/api/participants/${entry.id}`)).json();
    expect(detail.history).toContainEqual(
      expect.objectContaining({
        action: 'payment',
        summary: 'Refunded USD 10.00 by Cash on 25/11/26, reference EFT 991 — credit note 1',
      }),
    );
    const audited = await db.select().from(auditLog).where(eq(auditLog.action, 'registration.refund'));
    expect(audited).toMatchObject([
      { subject: `registration ${entry.reference}`, details: { amount: '10.00', creditNote: 1 } },
    ]);

    // No more than what is left; nothing in a currency it was not paid in.
    const above = await refund(entry.id, { amount: '5.01' });
    expect(above.statusCode).toBe(409);
    expect(above.json().detail).toBe("At most USD 5.00 of this entry's payment is left to give back.");
    expect((await refund(entry.id, { amount: '1', currency: 'ZWG' })).statusCode).toBe(409);
    expect((await refund(entry.id, { amount: '5' })).statusCode).toBe(200);
    expect((await refundsOf(entry.id)).refundable).toEqual({ USD: '0.00', ZWG: '0.00' });
  });

  it('refuses what is not a refund: no method, no amount, an unpaid entry', async () => {
    const entry = await registered();
    const noMethod = await asAdmin.post(`/api/participants/${entry.id}/refunds`, {
      kind: 'refund',
      amount: '5',
      currency: 'USD',
      refundedOn: '2026-11-25',
    });
    expect(noMethod.statusCode).toBe(400);
    expect((await refund(entry.id, { amount: '0' })).statusCode).toBe(400);
    const unpaid = await refund(entry.id, { amount: '5' });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().detail).toBe('This entry has no USD payment left to give back.');
  });

  it('numbers credit notes gaplessly per edition, apart from receipts; a refused one takes no number', async () => {
    const entries = await Promise.all([1, 2, 3, 4, 5].map(() => registered()));
    for (const entry of entries) await paid(entry.id, '20.00');
    const [first, ...others] = entries;
    expect((await refund(first?.id ?? '', { amount: '2' })).statusCode).toBe(200);
    expect((await refund(first?.id ?? '', { amount: '50' })).statusCode).toBe(409);
    expect((await credit(first?.id ?? '', { amount: '3' })).statusCode).toBe(200);
    const together = await Promise.all(others.map((entry) => refund(entry.id, { amount: '1' })));
    expect(together.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const numbers = (
      await Promise.all(entries.map(async (entry) => (await refundsOf(entry.id)).recorded))
    ).flatMap((recorded: { creditNoteNumber: number }[]) => recorded.map((one) => one.creditNoteNumber));
    expect(numbers.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    const receiptNumbers = (await db.select({ number: receipts.number }).from(receipts)).map((r) => r.number);
    expect(receiptNumbers.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);

    const pdf = await asAdmin.get(`/api/participants/${first?.id}/credit-notes/2.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Credit note — credit for a next entry');
    expect(text).toMatch(/Credit note number\s+2/);
    expect(text).toMatch(/Amount\s+USD 3\.00/);
    expect(text).toMatch(/Usable until\s+25\/05\/28/);
    expect((await asAdmin.get(`/api/participants/${first?.id}/credit-notes/3.pdf`)).statusCode).toBe(404);
  });

  it('counts money in, refunded and credited on the dashboard', async () => {
    const [one, two, cancelled] = [await registered(), await registered(), await registered()];
    await paid(one.id);
    await paid(two.id);
    await paid(cancelled.id);
    // Money received stays received when its entry is cancelled: what went back is counted apart.
    expect((await asAdmin.post(`/api/participants/${cancelled.id}/cancel`)).statusCode).toBeLessThan(300);
    expect((await refund(one.id, { amount: '15' })).statusCode).toBe(200);
    expect((await credit(two.id, { amount: '4.50' })).statusCode).toBe(200);
    const figures = await dashboard();
    expect(figures.money).toMatchObject({ usd: '45.00', zwg: '0.00' });
    expect(figures.moneyOut).toEqual({
      refunded: { usd: '15.00', zwg: '0.00' },
      credited: { usd: '4.50', zwg: '0.00' },
    });
  });

  it('keeps a credit on the person: offered to the same person’s entry next edition, used as a payment once', async () => {
    const last = await registered({ email: 'tendai.moyo@example.com', lastName: 'Moyo' });
    await paid(last.id);
    expect((await credit(last.id, { amount: '15' })).statusCode).toBe(200);
    expect((await asAdmin.get('/api/credits')).json()).toMatchObject([
      {
        amount: '15.00',
        currency: 'USD',
        reference: last.reference,
        creditNoteNumber: 1,
        expiresOn: '2028-05-25',
      },
    ]);

    expect(
      (await asAdmin.post('/api/admin/editions', { year: 2026, referencePrefix: 'CFR26' })).statusCode,
    ).toBe(200);
    await db.update(events).set({ publishedAt: new Date() }).where(eq(events.year, 2026));
    await db.update(raceOptions).set({ feeUsd: '12' });
    const again = await registered({ email: 'TENDAI.MOYO@example.com', lastName: 'Moyo' });
    const stranger = await registered({
      email: 'someone.else@example.com',
      lastName: 'Moyo',
      mobile: '0772000111',
    });
    expect(again.reference).toMatch(/^CFR26-/);

    const offered = await refundsOf(again.id);
    expect(offered.credits).toEqual([
      {
        id: expect.any(Number),
        amount: '15.00',
        currency: 'USD',
        fromReference: last.reference,
        fromEdition: expect.stringContaining('2025'),
        expiresOn: '2028-05-25',
      },
    ]);
    expect((await refundsOf(stranger.id)).credits).toEqual([]);
    const creditId = offered.credits[0].id;
    // Not another person's entry.
    expect((await asAdmin.post(`/api/participants/${stranger.id}/credits/${creditId}/use`)).statusCode).toBe(
      409,
    );

    const used = await asAdmin.post(`/api/participants/${again.id}/credits/${creditId}/use`);
    expect(used.statusCode).toBe(200);
    const [row] = await db.select().from(registrations).where(eq(registrations.id, again.id));
    // All the credit is paid: above the fee, it is flagged as any over-payment.
    expect(row).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'credit', paymentAmount: '15.00' });
    const detail = (await asAdmin.get(`/api/participants/${again.id}`)).json();
    expect(detail.receipts).toMatchObject([{ number: 1, method: 'credit', amount: '15.00' }]);
    expect(detail.history).toContainEqual(
      expect.objectContaining({
        summary: expect.stringContaining(`Paid by a credit from ${last.reference}`),
      }),
    );
    expect((await asAdmin.post(`/api/participants/${again.id}/credits/${creditId}/use`)).statusCode).toBe(
      409,
    );
    expect((await asAdmin.get('/api/credits')).json()).toEqual([]);
    expect((await refundsOf(last.id)).recorded[0]).toMatchObject({ kind: 'credit', usedOn: again.reference });
    // The new edition numbers its credit notes from 1.
    expect((await credit(again.id, { amount: '3' })).json().recorded[0]).toMatchObject({
      creditNoteNumber: 1,
    });
  });

  it('finds a credit by mobile and names when there is no email match; not for another name on the same phone', async () => {
    const last = await registered({ email: 'farai@example.com', firstName: 'Farai', lastName: 'Dube' });
    await paid(last.id);
    expect((await credit(last.id, { amount: '5' })).statusCode).toBe(200);
    expect(
      (await asAdmin.post('/api/admin/editions', { year: 2026, referencePrefix: 'CFR26' })).statusCode,
    ).toBe(200);
    await db.update(events).set({ publishedAt: new Date() }).where(eq(events.year, 2026));
    const { row: same, token } = await registeredRunner(app, 'same', {
      email: 'farai.new@example.com',
      firstName: 'FARAI',
      lastName: 'Dube',
      mobile: last.mobile,
    });
    const son = await registered({
      email: 'son@example.com',
      firstName: 'Tinashe',
      lastName: 'Dube',
      mobile: last.mobile,
    });
    expect((await refundsOf(same.id)).credits).toHaveLength(1);
    expect((await refundsOf(son.id)).credits).toEqual([]);

    // Offered to the entrant on his own page, and used there.
    const mine = await visitor.get(`/api/my/${token}/credits`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject([{ amount: '5.00', currency: 'USD', fromReference: last.reference }]);
    expect((await visitor.get('/api/my/not-a-token/credits')).statusCode).toBe(404);
    const used = await visitor.post(`/api/my/${token}/credits/${mine.json()[0].id}/use`);
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual([]);
    const [row] = await db.select().from(registrations).where(eq(registrations.id, same.id));
    // Less than the fee: a part payment, the rest still due.
    expect(row).toMatchObject({ paymentStatus: 'part_paid', paymentMethod: 'credit', paymentAmount: '5.00' });
    const detail = (await asAdmin.get(`/api/participants/${same.id}`)).json();
    expect(detail.history).toContainEqual(
      expect.objectContaining({
        by: 'the entrant',
        summary: expect.stringContaining('Paid by a credit from'),
      }),
    );
  });

  it('lists the money to give back: cancelled after paying, or paid above the fee, less what was recorded', async () => {
    const [cancelled, over, fine, unpaidCancelled] = [
      await registered(),
      await registered(),
      await registered(),
      await registered(),
    ];
    await paid(cancelled.id);
    await paid(over.id, '20.00');
    await paid(fine.id);
    for (const entry of [cancelled, unpaidCancelled]) {
      expect((await asAdmin.post(`/api/participants/${entry.id}/cancel`)).statusCode).toBeLessThan(300);
    }
    const list = async () => (await asAdmin.get('/api/money-to-give-back')).json();
    expect(await list()).toEqual([
      expect.objectContaining({
        reference: cancelled.reference,
        reason: 'cancelled',
        amount: '15.00',
        currency: 'USD',
      }),
      expect.objectContaining({ reference: over.reference, reason: 'over', amount: '5.00', currency: 'USD' }),
    ]);
    expect((await refund(over.id, { amount: '5' })).statusCode).toBe(200);
    expect((await credit(cancelled.id, { amount: '10' })).statusCode).toBe(200);
    expect(await list()).toEqual([
      expect.objectContaining({ reference: cancelled.reference, reason: 'cancelled', amount: '5.00' }),
    ]);
  });

  it('keeps refunds and credits through an erasure, as payments are kept, but the credit is no longer found by the person', async () => {
    const last = await registered({ email: 'chipo@example.com', firstName: 'Chipo', lastName: 'Banda' });
    await paid(last.id);
    expect((await credit(last.id, { amount: '5' })).statusCode).toBe(200);
    expect((await asAdmin.post(`/api/participants/${last.id}/cancel`)).statusCode).toBeLessThan(300);
    const again = await registered({ email: 'chipo@example.com', firstName: 'Chipo', lastName: 'Banda' });
    expect((await refundsOf(again.id)).credits).toHaveLength(1);
    const erased = await asAdmin.post('/api/admin/erasures', {
      subjectType: 'registration',
      subjectId: last.id,
      reason: 'Asked by phone',
    });
    expect(erased.statusCode).toBe(200);
    expect((await refundsOf(again.id)).credits).toEqual([]);
    expect((await refundsOf(last.id)).recorded).toMatchObject([
      { kind: 'credit', amount: '5.00', creditNoteNumber: 1 },
    ]);
    expect((await dashboard()).moneyOut.credited).toEqual({ usd: '5.00', zwg: '0.00' });
  });

  it('forgets who an expired credit was for at the retention run; it is offered no more', async () => {
    const last = await registered({ email: 'nyasha@example.com', firstName: 'Nyasha', lastName: 'Phiri' });
    await paid(last.id);
    expect((await credit(last.id, { amount: '5' })).statusCode).toBe(200);
    expect((await asAdmin.post(`/api/participants/${last.id}/cancel`)).statusCode).toBeLessThan(300);
    await db.update(refunds).set({ expiresOn: '2026-01-01' }).where(eq(refunds.registrationId, last.id));
    await runRetention(app.context, new Date('2026-11-28T08:00:00Z'));
    const [row] = await db.select().from(refunds).where(eq(refunds.registrationId, last.id));
    expect(row).toMatchObject({ emailDigest: null, mobileDigest: null, amount: '5.00' });
  });

  it('is for admins only', async () => {
    const entry = await registered();
    const facilitator = injectAs(app, await signedInAs(app, 'facilitator'));
    for (const who of [visitor, facilitator]) {
      expect((await who.get(`/api/participants/${entry.id}/refunds`)).statusCode).toBeGreaterThanOrEqual(401);
      expect((await who.post(`/api/participants/${entry.id}/refunds`, {})).statusCode).toBeGreaterThanOrEqual(
        401,
      );
      expect((await who.get('/api/credits')).statusCode).toBeGreaterThanOrEqual(401);
      expect((await who.get('/api/money-to-give-back')).statusCode).toBeGreaterThanOrEqual(401);
      expect(
        (await who.get(`/api/participants/${entry.id}/credit-notes/1.pdf`)).statusCode,
      ).toBeGreaterThanOrEqual(401);
    }
  });
});
