import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { csvExport } from '../../../../tests/support/csv-export.ts';
import { runnerEntry } from '../../../../tests/support/entries.ts';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import { setUpFakeGateway, textsTo, turnTextsOff, turnTextsOn } from '../../../../tests/support/sms.ts';
import {
  changeRaces,
  injectAs,
  multipartFile,
  paidByHand,
  setUpTestApp,
  signedInAs,
  testDatabaseKind,
} from '../../../../tests/support/test-app.ts';
import { harareToday } from '../../../shared/dates.ts';
import type { StatementLine, StatementReview } from '../../../shared/statements/statements.ts';
import { events, mailOutbox, registrations } from '../../db/schema/index.ts';

// Issue 40: admin lists, search, exports, edits, check-in, statements and reminders work for an entry whose
// entrant chose SMS alone and gave no email.
const { env } = setUpFakeGateway();
const { app, db, visitor, asAdmin, admin } = setUpTestApp({ env });

const MOBILE = '0772300001';
const E164 = '+263772300001';

beforeEach(async () => {
  await turnTextsOn(db, app.context.secret);
  await app.context.currentEvent.reload();
});

/** Rudo Chikwanha (10 km), by the public API with texts on: SMS alone, no email. */
async function withoutEmail(change: Record<string, unknown> = {}) {
  const response = await visitor.post(
    '/api/registrations',
    runnerEntry('x', {
      firstName: 'Rudo',
      lastName: 'Chikwanha',
      email: '',
      notifyBy: 'sms',
      mobile: MOBILE,
      ...change,
    }),
  );
  expect(response.statusCode, response.body).toBe(201);
  const [row] = await db
    .select()
    .from(registrations)
    .where(eq(registrations.reference, response.json().reference));
  if (!row) throw new Error('no entry');
  expect(row.email).toBeNull();
  return row;
}

const withEmail = async () => {
  const response = await visitor.post('/api/registrations', runnerEntry('y', { lastName: 'Moyo' }));
  expect(response.statusCode, response.body).toBe(201);
};

const listed = async (q: string) => {
  const response = await asAdmin.get(`/api/participants?${new URLSearchParams({ q })}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().rows as { reference: string; email: string | null; mobile: string }[];
};

describe(`an entry without email on the admin's side (${testDatabaseKind})`, () => {
  it('is listed with no email, found by mobile and by name, and exported with an empty email cell', async () => {
    const entry = await withoutEmail();
    await withEmail();
    for (const q of ['chikwanha', 'Rudo Chik', MOBILE, '077 230 0001', entry.reference]) {
      expect(await listed(q), q).toEqual([
        expect.objectContaining({ reference: entry.reference, email: null }),
      ]);
    }

    const csv = await asAdmin.get('/api/participants/export.csv?q=chikwanha');
    expect(csv.statusCode).toBe(200);
    const { records } = csvExport(csv.body);
    const header = records[0] ?? [];
    expect(records).toHaveLength(2);
    const row = records[1] ?? [];
    expect(row[header.indexOf('Surname')]).toBe('Chikwanha');
    expect(row[header.indexOf('Email')]).toBe('');
    expect(row[header.indexOf('Mobile')]).toBe('077 230 0001');
    expect(row[header.indexOf('Reference')]).toBe(entry.reference);

    const pdf = await asAdmin.get('/api/participants/export.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Chikwanha');
    expect(text).toContain(entry.reference);
  });

  it('is edited by the admin keeping no email, and refused "Enter an email address" when mail is chosen without one', async () => {
    const entry = await withoutEmail();
    const edit = {
      firstName: 'Rudo',
      lastName: 'Chikwanha',
      mobile: MOBILE,
      age: 38,
      gender: 'Female',
      raceType: '5km',
      nextOfKinMobile: '0772345678',
      tshirtSize: 'Large',
      notifyBy: 'sms',
    };
    const kept = await asAdmin.put(`/api/participants/${entry.id}`, { ...edit, email: '' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ email: null, raceType: '5km', tshirtSize: 'Large' });

    for (const notifyBy of ['email', 'both']) {
      const refused = await asAdmin.put(`/api/participants/${entry.id}`, { ...edit, notifyBy, email: '' });
      expect(refused.statusCode, notifyBy).toBe(400);
      expect(refused.json().errors).toEqual([{ path: 'email', message: 'Enter an email address' }]);
    }
    const [row] = await db.select().from(registrations).where(eq(registrations.id, entry.id));
    expect(row).toMatchObject({ email: null, notifyBy: 'sms' });

    // Texts turned off since (the admin confirmed it): the entry still keeps no email when corrected.
    await turnTextsOff(db);
    await app.context.currentEvent.reload();
    const later = await asAdmin.put(`/api/participants/${entry.id}`, { ...edit, email: '', age: 39 });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json()).toMatchObject({ email: null, age: 39 });

    const given = await asAdmin.put(`/api/participants/${entry.id}`, {
      ...edit,
      notifyBy: 'both',
      email: 'rudo.chikwanha@example.com',
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ email: 'rudo.chikwanha@example.com' });
  });

  it('is found, checked in and on the roster at the check-in table', async () => {
    const entry = await withoutEmail();
    await db.update(events).set({ eventDate: harareToday() }).where(eq(events.isCurrent, true));
    const volunteer = injectAs(app, await signedInAs(app, 'volunteer'));
    const found = await volunteer.get('/api/check-in/entries?q=chikwanha');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().entries).toEqual([
      expect.objectContaining({ id: entry.id, reference: entry.reference, firstName: 'Rudo' }),
    ]);
    const tap = await volunteer.post('/api/check-in/taps', {
      idempotencyKey: randomUUID(),
      registrationId: entry.id,
      action: 'check-in',
      at: new Date().toISOString(),
    });
    expect(tap.statusCode, tap.body).toBe(200);
    const [row] = await db.select().from(registrations).where(eq(registrations.id, entry.id));
    expect(row?.checkedInAt).not.toBeNull();

    const roster = await volunteer.post('/api/check-in/roster', { deviceId: 'phone-a-0123456789abcdef' });
    expect(roster.statusCode, roster.body).toBe(200);
    expect(roster.json().entries.map((r: string[]) => r[0])).toContain(entry.id);
  });

  it('is reminded to pay by text, and its receipt goes by text; no mail is queued for it', async () => {
    await changeRaces(asAdmin, (race) => (race.label === '10km' ? { feeUsd: '20.00' } : {}));
    const entry = await withoutEmail();
    const reminded = await asAdmin.post('/api/participants/payment-reminders?q=chikwanha', {});
    expect(reminded.statusCode, reminded.body).toBe(200);
    expect(reminded.json().sent).toBe(1);
    await paidByHand(asAdmin, entry.id, { method: 'cash', amount: '20.00', paidOn: '2026-11-01' });
    const kinds = (await textsTo(db, E164)).map((text) => text.kind);
    expect(kinds).toEqual(expect.arrayContaining(['payment-reminder', 'payment-receipt']));
    const mails = await db.select().from(mailOutbox);
    expect(mails.filter((mail) => JSON.stringify(mail).includes('Chikwanha'))).toEqual([]);
  });

  it("is paid by a mobile-money line matched by the payer's number", async () => {
    await changeRaces(asAdmin, (race) => (race.label === '10km' ? { feeUsd: '20.00' } : {}));
    const entry = await withoutEmail();
    const csv = [
      'Date,Transaction ID,Type,Sender MSISDN,Sender Name,Amount,Currency,Balance',
      '01/11/2026 09:00,MP261101.0900.R1,Merchant Payment,263772300001,R CHIKWANHA,20.00,USD,20.00',
    ].join('\r\n');
    const form = multipartFile('ecocash.csv', Buffer.from(csv), 'text/csv');
    const mapping = {
      date: 'Date',
      narrative: 'Transaction ID',
      amount: 'Amount',
      currency: 'Currency',
      payer: 'Sender MSISDN',
      payerName: 'Sender Name',
    };
    const upload = await injectAs(app, admin).post(
      `/api/statements?${new URLSearchParams({ account: 'mobile_money', ...mapping })}`,
      form.payload,
      { 'content-type': form.contentType },
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const review = upload.json().review as StatementReview;
    expect(review.counts).toMatchObject({ matched: 1, unmatched: 0 });
    const lines = (await asAdmin.get(`/api/statements/${review.id}/lines?outcome=matched`)).json()
      .lines as StatementLine[];
    expect(lines).toEqual([
      expect.objectContaining({
        matchedBy: 'payer',
        entries: [expect.objectContaining({ reference: entry.reference })],
      }),
    ]);
    const confirm = await asAdmin.post(`/api/statements/${review.id}/confirm`, {
      skip: [],
      choose: [],
      assign: [],
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().marked).toEqual([entry.reference]);
    const [row] = await db.select().from(registrations).where(eq(registrations.id, entry.id));
    expect(row).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'mobile_money', email: null });
    expect((await textsTo(db, E164)).map((text) => text.kind)).toContain('payment-receipt');
  });
});
