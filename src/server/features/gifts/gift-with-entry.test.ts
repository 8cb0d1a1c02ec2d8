import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runnerSeries } from '../../../../tests/support/entries.ts';
import { feesOfTwenty, importStatementLine, openGifts } from '../../../../tests/support/gift-tests.ts';
import { setUpFakeGateway, textsTo, turnTextsOn } from '../../../../tests/support/sms.ts';
import { setUpTestApp, testDatabaseKind } from '../../../../tests/support/test-app.ts';
import { gifts, mailOutbox, registrations } from '../../db/schema/index.ts';

// A gift added with an entry (issue 43): due with its fee under the entry's reference, paid fee first.

const { env } = setUpFakeGateway();
const { app, db, visitor, asAdmin } = setUpTestApp({ env });
const runner = runnerSeries();

const setFees = () => feesOfTwenty(asAdmin);

async function registerWithGift(gift: Record<string, unknown> = { giftAmount: '10', giftCurrency: 'USD' }) {
  const response = await visitor.post('/api/registrations', runner(gift), {
    'idempotency-key': crypto.randomUUID(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as {
    reference: string;
    myLink: string;
    gift?: { reference: string; amount: string };
  };
}

/** A statement of one line, confirmed; `pays` is the entry an amount-differs line is applied to. */
async function statementLine(narrative: string, amount: string, pays?: string) {
  const review = await importStatementLine(asAdmin, narrative, amount);
  const differs = await asAdmin.get(`/api/statements/${review.id}/lines?outcome=amount-differs&page=1`);
  const choose = pays
    ? (differs.json().lines as { id: string }[]).map((line) => ({ line: line.id, registrationId: pays }))
    : [];
  if (pays) expect(choose).toHaveLength(1);
  const confirmed = await asAdmin.post(`/api/statements/${review.id}/confirm`, { skip: [], choose });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return review;
}

const entryOf = async (reference: string) => {
  const [row] = await db.select().from(registrations).where(eq(registrations.reference, reference));
  return row;
};
const mailTo = async (to: string) => {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  return row?.text ?? '';
};
const giftOf = async (reference: string) => {
  const [row] = await db.select().from(gifts).where(eq(gifts.reference, reference));
  return row;
};

describe(`a gift added with an entry (${testDatabaseKind})`, () => {
  it('is stored apart from the fee, linked to the entry, once for a retried request; none while gifts are closed', async () => {
    await setFees();
    const closed = await registerWithGift();
    expect(closed.gift).toBeUndefined();
    expect(await db.select().from(gifts)).toHaveLength(0);

    await openGifts(asAdmin);
    const body = runner({ giftAmount: '10', giftCurrency: 'USD' });
    const key = { 'idempotency-key': crypto.randomUUID() };
    const first = await visitor.post('/api/registrations', body, key);
    const again = await visitor.post('/api/registrations', body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().gift).toEqual({
      reference: expect.stringMatching(/-D\d+$/),
      amount: '10.00',
      currency: 'USD',
    });
    expect(again.json().gift).toEqual(first.json().gift);
    const entry = await entryOf(first.json().reference);
    const stored = await db.select().from(gifts);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      registrationId: entry?.id,
      status: 'unpaid',
      amount: '10.00',
      showName: false,
    });
    // The entry's fee is untouched by the gift.
    expect(entry).toMatchObject({ paymentStatus: 'unpaid', paymentAmount: null });

    const wrong = await visitor.post('/api/registrations', runner({ giftAmount: '-3' }));
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json().errors)).toContain('giftAmount');
    // A blank amount (the form without JavaScript posts one) is no gift.
    const blank = await visitor.post('/api/registrations', runner({ giftAmount: '', giftCurrency: '' }));
    expect(blank.statusCode, blank.body).toBe(201);
    expect(blank.json().gift).toBeUndefined();
  });

  it('is in the confirmation mail’s and text’s total due, in its currency; not while gifts are closed', async () => {
    await setFees();
    await openGifts(asAdmin);
    await turnTextsOn(db, app.context.secret);
    const contact = (n: number) => ({
      email: `giver${n}@example.com`,
      mobile: `077200030${n}`,
      notifyBy: 'both',
    });

    await registerWithGift({ giftAmount: '10', giftCurrency: 'USD', ...contact(1) });
    const usd = await mailTo('giver1@example.com');
    expect(usd).toContain('Total due: US$30.00\n');
    expect(usd).toContain(
      'Entry US$20.00 and your gift to Borehole US$10.00, paid together under this reference. Thank you for giving.',
    );
    // The mobile-money code asks the total.
    expect(usd).toContain('*30.00# (US$30.00)');
    const [text] = await textsTo(db, '+263772000301');
    expect(text?.body).toMatch(/due US\$20\.00 or ZWG 520\.00.*, gift US\$10\.00\. Pay & QR:/);

    await registerWithGift({ giftAmount: '260', giftCurrency: 'ZWG', ...contact(2) });
    const zwg = await mailTo('giver2@example.com');
    expect(zwg).toContain('Total due: ZWG 780.00\n');
    expect(zwg).toContain('Entry ZWG 520.00 and your gift to Borehole ZWG 260.00, paid together');

    await openGifts(asAdmin, false);
    await registerWithGift({ giftAmount: '10', giftCurrency: 'USD', ...contact(3) });
    const closed = await mailTo('giver3@example.com');
    expect(closed).toContain('Total due: US$20.00 or ZWG 520.00\n');
    expect(closed).not.toContain('gift');
    const [closedText] = await textsTo(db, '+263772000303');
    expect(closedText?.body).not.toContain('gift');
  });

  it('is paid with the fee by one statement line quoting the entry’s reference: fee first, then the gift, its receipt', async () => {
    await setFees();
    await openGifts(asAdmin);
    const made = await registerWithGift();
    await statementLine(`FUN RUN ${made.reference}`, '30.00');
    expect(await entryOf(made.reference)).toMatchObject({ paymentStatus: 'paid', paymentAmount: '20.00' });
    const gift = await giftOf(made.gift?.reference ?? '');
    expect(gift).toMatchObject({ status: 'paid', paidBy: 'usd_bank' });
    expect(gift?.receiptNumber).toEqual(expect.any(Number));
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'gift-receipt'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('not an entry fee');
  });

  it('matches a line bringing fee and gift, and a part payment covering only the fee leaves the gift due', async () => {
    await setFees();
    await openGifts(asAdmin);
    const whole = await registerWithGift();
    const part = await registerWithGift({ giftAmount: '10', giftCurrency: 'USD' });
    const review = await statementLine(`${whole.reference}`, '30.00');
    expect(review.counts.matched).toBe(1);
    const lines = await asAdmin.get(`/api/statements/${review.id}/lines?outcome=matched&page=1`);
    expect(lines.json().lines).toHaveLength(1);

    // 25: the fee's 20 and 5 over, short of the gift: the fee is paid, the gift waits, 5 flagged as over.
    await statementLine(`${part.reference}`, '25.00', (await entryOf(part.reference))?.id);
    expect(await entryOf(part.reference)).toMatchObject({ paymentStatus: 'paid', paymentAmount: '25.00' });
    expect(await giftOf(part.gift?.reference ?? '')).toMatchObject({ status: 'unpaid', receiptNumber: null });

    // 15: part of the fee only; the gift takes nothing.
    const short = await registerWithGift();
    await statementLine(`${short.reference}`, '15.00', (await entryOf(short.reference))?.id);
    expect(await entryOf(short.reference)).toMatchObject({
      paymentStatus: 'part_paid',
      paymentAmount: '15.00',
    });
    expect(await giftOf(short.gift?.reference ?? '')).toMatchObject({ status: 'unpaid' });
    // The rest and the gift by one more line: 5 + 10.
    await statementLine(`REST ${short.reference}`, '15.00');
    expect(await entryOf(short.reference)).toMatchObject({ paymentStatus: 'paid', paymentAmount: '20.00' });
    expect(await giftOf(short.gift?.reference ?? '')).toMatchObject({ status: 'paid' });
  });
});
