import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../tests/support/entries.ts';
import { feesOfTwenty, importStatementLine, openGifts } from '../../../../tests/support/gift-tests.ts';
import { setUpTestApp, testDatabaseKind } from '../../../../tests/support/test-app.ts';
import { gifts, mailOutbox, registrations, statementLines } from '../../db/schema/index.ts';

// "Add a gift to <cause>" once on a group form (issue 43): linked to the group's first entry, due with the
// fees under the group's reference, paid after them.

const { db, visitor, asAdmin } = setUpTestApp();
const runner = runnerSeries();

const setFees = () => feesOfTwenty(asAdmin);

/** A mother and her son sharing her contact, with what the group form adds once. */
async function family(extra: Record<string, unknown> = {}, key: string = crypto.randomUUID()) {
  const mother = runner({ firstName: 'Rudo' });
  const son = runner({ firstName: 'Tinashe', email: mother.email, mobile: mother.mobile });
  const response = await visitor.post(
    '/api/registrations/group',
    { people: [mother, son], ...extra },
    { 'idempotency-key': key },
  );
  expect(response.statusCode, response.body).toBe(201);
  const receipt = response.json() as {
    groupReference: string;
    members: { reference: string; myLink: string }[];
    due: { usd: string; zwg: string };
    gift?: { reference: string; amount: string; currency: string };
  };
  return { receipt, body: { people: [mother, son], ...extra } };
}
const members = () => db.select().from(registrations).orderBy(asc(registrations.reference));

/** One line imported and confirmed; `chosen` pays an amount-differs line to the entries it names, as an admin does. */
async function statementLine(narrative: string, amount: string, chosen?: string) {
  const review = await importStatementLine(asAdmin, narrative, amount);
  const [line] = await db.select().from(statementLines).where(eq(statementLines.importId, review.id));
  const choose = chosen && line ? [{ line: line.id, registrationId: chosen }] : [];
  const confirmed = await asAdmin.post(`/api/statements/${review.id}/confirm`, { skip: [], choose });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return review;
}

describe(`a gift with a group (${testDatabaseKind})`, () => {
  it('is one gift linked to the first entry, in the total due; none while gifts are closed', async () => {
    await setFees();
    const { receipt: closed } = await family({ giftAmount: '10' });
    expect(closed.due).toEqual({ usd: '40.00', zwg: '1040.00' });
    expect(closed.gift).toBeUndefined();
    expect(await db.select().from(gifts)).toHaveLength(0);

    await openGifts(asAdmin);
    const key = crypto.randomUUID();
    const sent = await family({ giftAmount: '10' }, key);
    const group = sent.receipt;
    expect(group.due).toEqual({ usd: '50.00', zwg: '1040.00' });
    expect(group.gift).toEqual({
      reference: expect.stringMatching(/-D\d+$/),
      amount: '10.00',
      currency: 'USD',
    });
    const [first] = await db
      .select()
      .from(registrations)
      .where(eq(registrations.reference, group.members[0]?.reference ?? ''));
    const stored = await db.select().from(gifts);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      registrationId: first?.id,
      status: 'unpaid',
      giverName: expect.stringMatching(/^Rudo Moyo/),
    });

    // The same request again (its answer lost): the same answer with its gift, still one gift.
    const again = await visitor.post('/api/registrations/group', sent.body, { 'idempotency-key': key });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ due: group.due, gift: group.gift });
    expect(await db.select().from(gifts)).toHaveLength(1);

    // In ZWG, the ZWG total has it.
    const { receipt: zwg } = await family({ giftAmount: '250', giftCurrency: 'ZWG' });
    expect(zwg.due).toEqual({ usd: '40.00', zwg: '1290.00' });
  });

  it('is in the group confirmation’s total due, with the mobile-money code for it', async () => {
    await setFees();
    await openGifts(asAdmin);
    const { receipt } = await family({ giftAmount: '10' });
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(
        eq(mailOutbox.subject, `Celebration Fun Run: your group registration ${receipt.groupReference}`),
      );
    expect(mail?.text).toContain('Total due: US$50.00\n');
    expect(mail?.text).toContain(
      'Fees US$40.00 and your gift to Borehole US$10.00, paid together under the group reference. Thank you for giving.',
    );
    expect(mail?.text).toContain('*50.00# (US$50.00)');
  });

  it('is the group’s alone: a gift named on one person is neither made nor in his own confirmation', async () => {
    await setFees();
    await openGifts(asAdmin);
    const mother = runner({ firstName: 'Rudo' });
    const cousin = runner({ firstName: 'Farai', email: 'farai.own@example.com', giftAmount: '10' });
    const response = await visitor.post('/api/registrations/group', { people: [mother, cousin] });
    expect(response.statusCode, response.body).toBe(201);
    expect(await db.select().from(gifts)).toHaveLength(0);
    const [own] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'farai.own@example.com'));
    expect(own?.text).toContain('Total due: US$20.00 or ZWG 520.00');
    expect(own?.text).not.toContain('gift');
  });

  it('a statement line quoting the group reference pays the fees first, then the gift', async () => {
    await setFees();
    await openGifts(asAdmin);
    const { receipt: group } = await family({ giftAmount: '10' });
    const review = await statementLine(`FAMILY ${group.groupReference}`, '50.00');
    expect(review.counts.matched).toBe(1);
    expect((await members()).map((row) => [row.paymentStatus, row.paymentAmount])).toEqual([
      ['paid', '20.00'],
      ['paid', '20.00'],
    ]);
    const [gift] = await db.select().from(gifts);
    expect(gift).toMatchObject({ status: 'paid', amount: '10.00', paidBy: 'usd_bank' });
    expect(gift?.receiptNumber).toEqual(expect.any(Number));
  });

  it('money for the fees alone pays the fees, never the gift, which stays due', async () => {
    await setFees();
    await openGifts(asAdmin);
    const { receipt: group } = await family({ giftAmount: '10' });
    const [first] = await members();
    const review = await statementLine(`FAMILY ${group.groupReference}`, '40.00', first?.id);
    // Not what the group owes with its gift: the admin pays it to the group by hand.
    expect(review.counts['amount-differs']).toBe(1);
    expect((await members()).map((row) => row.paymentStatus)).toEqual(['paid', 'paid']);
    const [gift] = await db.select().from(gifts);
    expect(gift).toMatchObject({ status: 'unpaid' });
  });

  it('is in the group pay link’s total, and said apart', async () => {
    await setFees();
    await openGifts(asAdmin);
    const { receipt: group } = await family({ giftAmount: '10' });
    const token = group.members[1]?.myLink.replace('/My/', '') ?? '';
    const made = await visitor.post(`/api/my/${token}/pay-links`, { group: true });
    expect(made.statusCode, made.body).toBe(201);
    const payLink = (made.json().path as string).replace('/PayFor/', '');
    expect((await visitor.get(`/api/pay-for/${payLink}`)).json()).toMatchObject({
      reference: group.groupReference,
      due: { usd: '50.00', zwg: '1040.00' },
      gift: { amount: '10.00', currency: 'USD' },
      paid: false,
    });
  });
});
