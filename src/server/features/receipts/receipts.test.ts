import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import {
  injectAs,
  registeredRunner,
  setUpTestApp,
  signedInAs,
  testDatabaseKind,
} from '../../../../tests/support/test-app.ts';
import { mailOutbox, raceOptions } from '../../db/schema/index.ts';

const { app, db, asAdmin } = setUpTestApp();

let serial = 0;
/** Registers a 10km runner (US$15) through the public form and answers the stored entry. */
async function registered() {
  serial += 1;
  return (await registeredRunner(app, `r${serial}`, { firstName: 'Rudo' })).row;
}

const markPaid = (ids: string[], method = 'usd_bank') =>
  asAdmin.post('/api/participants/mark-paid', { ids, method, currency: 'USD', paidOn: '2026-11-20' });

const paymentForm = (id: string, payment: object) => asAdmin.put(`/api/participants/${id}/payment`, payment);

/** The receipt mails queued for this address. */
const receiptsTo = async (email: string | null) =>
  (
    await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email ?? ''))
  ).filter((mail) => mail.subject.includes('receipt'));

describe(`receipts (${testDatabaseKind})`, () => {
  beforeEach(async () => {
    await db
      .update(raceOptions)
      .set({ feeUsd: '15', feeZwg: '400' })
      .where(and(eq(raceOptions.discipline, 'run'), eq(raceOptions.label, '10km')));
  });

  it('mails a receipt when one tap marks an entry paid: number, amount, currency, method, date', async () => {
    const entry = await registered();
    expect((await markPaid([entry.id])).statusCode).toBe(200);
    const [mail, ...more] = await receiptsTo(entry.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe(`Celebration Fun Run: receipt 1 for ${entry.reference}`);
    expect(mail?.text).toContain('Receipt number: 1');
    expect(mail?.text).toContain(`Your reference: ${entry.reference}`);
    expect(mail?.text).toContain('Amount: USD 15.00');
    expect(mail?.text).toContain('Paid by: USD bank transfer');
    expect(mail?.text).toContain('Date paid: 20/11/26');
    const detail = (await asAdmin.get(`/api/participants/${entry.id}`)).json();
    expect(detail.receipts).toMatchObject([
      { number: 1, amount: '15.00', currency: 'USD', method: 'usd_bank', paidOn: '2026-11-20' },
    ]);
  });

  it('numbers the receipts of several entries marked paid at once 1, 2, 3, each mailed to its entrant', async () => {
    const entries = [await registered(), await registered(), await registered()];
    expect((await markPaid(entries.map((entry) => entry.id))).json().marked).toHaveLength(3);
    const numbers = await Promise.all(
      entries.map(async (entry) => {
        const mails = await receiptsTo(entry.email);
        expect(mails).toHaveLength(1);
        return Number(/Receipt number: (\d+)/.exec(mails[0]?.text ?? '')?.[1]);
      }),
    );
    expect(numbers.sort()).toEqual([1, 2, 3]);
    // The next payment goes on from there.
    const next = await registered();
    await markPaid([next.id]);
    expect((await receiptsTo(next.email))[0]?.text).toContain('Receipt number: 4');
  });

  it('mails a receipt from the payment form, none for a waived fee, and a new one when paid again', async () => {
    const entry = await registered();
    const waived = await registered();
    expect((await paymentForm(waived.id, { status: 'waived', reason: 'Pastor' })).statusCode).toBe(200);
    expect(await receiptsTo(waived.email)).toHaveLength(0);

    const paid = await paymentForm(entry.id, {
      status: 'paid',
      method: 'mobile_money',
      amount: '12.50',
      currency: 'USD',
      paidOn: '2026-11-21',
    });
    expect(paid.statusCode).toBe(200);
    const [first] = await receiptsTo(entry.email);
    expect(first?.text).toContain('Receipt number: 1');
    expect(first?.text).toContain('Amount: USD 12.50');
    expect(first?.text).toContain('Paid by: Mobile money');
    expect(first?.text).toContain('Date paid: 21/11/26');

    // Correcting a paid entry's payment is not a new payment.
    await paymentForm(entry.id, {
      status: 'paid',
      method: 'mobile_money',
      amount: '15',
      currency: 'USD',
      paidOn: '2026-11-21',
    });
    expect(await receiptsTo(entry.email)).toHaveLength(1);

    await paymentForm(entry.id, { status: 'unpaid' });
    await markPaid([entry.id], 'cash');
    const mails = await receiptsTo(entry.email);
    expect(mails).toHaveLength(2);
    expect(mails.map((mail) => /Receipt number: (\d+)/.exec(mail.text ?? '')?.[1]).sort()).toEqual([
      '1',
      '2',
    ]);
    const detail = (await asAdmin.get(`/api/participants/${entry.id}`)).json();
    expect(detail.receipts.map((receipt: { number: number }) => receipt.number)).toEqual([2, 1]);
  });

  it('mails a receipt for cash taken at check-in by a volunteer', async () => {
    const volunteer = await signedInAs(app, 'volunteer');
    const entry = await registered();
    const paid = await injectAs(app, volunteer).post('/api/check-in/cash-payments', {
      registrationId: entry.id,
      currency: 'USD',
    });
    expect(paid.statusCode).toBe(200);
    const [mail, ...more] = await receiptsTo(entry.email);
    expect(more).toHaveLength(0);
    expect(mail?.text).toContain('Paid by: Cash');
    expect(mail?.text).toContain('Amount: USD 15.00');
  });

  it.skipIf(testDatabaseKind !== 'postgres')(
    'never gives a number twice under concurrent payments',
    async () => {
      const entries = await Promise.all(Array.from({ length: 12 }, () => registered()));
      const answers = await Promise.all(entries.map((entry) => markPaid([entry.id])));
      expect(answers.map((answer) => answer.statusCode)).toEqual(entries.map(() => 200));
      const numbers = await Promise.all(
        entries.map(async (entry) =>
          Number(/Receipt number: (\d+)/.exec((await receiptsTo(entry.email))[0]?.text ?? '')?.[1]),
        ),
      );
      expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
    },
  );

  it.skipIf(testDatabaseKind !== 'postgres')(
    'issues one receipt when the same payment is recorded twice at once',
    async () => {
      const entry = await registered();
      const payment = { status: 'paid', method: 'cash', amount: '15', currency: 'USD', paidOn: '2026-11-21' };
      const answers = await Promise.all([
        ...Array.from({ length: 8 }, () => paymentForm(entry.id, payment)),
        markPaid([entry.id]),
      ]);
      expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
      expect(await receiptsTo(entry.email)).toHaveLength(1);
    },
  );

  it('gives admins, and no one else, each receipt as a one-page PDF', async () => {
    const entry = await registered();
    await markPaid([await (await registered()).id]);
    await markPaid([entry.id], 'cash');
    const url = `/api/participants/${entry.id}/receipts/2.pdf`;
    const response = await asAdmin.get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Receipt_2_${entry.reference}.pdf"`,
    );
    const text = pdfText(response.rawPayload);
    expect(text.split('\f').filter((page) => page.trim())).toHaveLength(1);
    expect(text).toMatch(/Receipt number\s+2\b/);
    expect(text).toMatch(new RegExp(`Received from\\s+Rudo ${entry.lastName}`));
    expect(text).toMatch(new RegExp(`Reference\\s+${entry.reference}`));
    expect(text).toMatch(/Amount\s+USD 15\.00/);
    expect(text).toMatch(/Paid by\s+Cash/);
    expect(text).toMatch(/Date paid\s+20\/11\/26/);

    // Another entry's receipt number is not this entry's.
    expect((await asAdmin.get(`/api/participants/${entry.id}/receipts/1.pdf`)).statusCode).toBe(404);
    for (const role of ['volunteer', 'company', 'participant'] as const) {
      expect((await injectAs(app, await signedInAs(app, role)).get(url)).statusCode).toBe(403);
    }
    expect((await app.inject({ url })).statusCode).toBe(401);
  });
});
