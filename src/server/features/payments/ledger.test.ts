import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  injectAs,
  registeredRunner,
  setUpTestApp,
  testDatabaseKind,
} from '../../../../tests/support/test-app.ts';
import { raceOptions, receipts, registrations } from '../../db/schema/index.ts';

const { app, db, admin } = setUpTestApp();

describe(`the ledger's signals (${testDatabaseKind})`, () => {
  it('a receiver that fails rolls the payment back: the entry stays unpaid, with no receipt', async () => {
    await db
      .update(raceOptions)
      .set({ feeUsd: '15' })
      .where(and(eq(raceOptions.discipline, 'run'), eq(raceOptions.label, '10km')));
    const { row } = await registeredRunner(app, 'ledger');
    let failing = true;
    app.context.signals.entryPaid.connect(async () => {
      if (failing) throw new Error('a receiver failed');
    });
    const markPaid = () =>
      injectAs(app, admin).post('/api/participants/mark-paid', {
        ids: [row.id],
        method: 'cash',
        currency: 'USD',
        paidOn: '2026-11-20',
      });

    expect((await markPaid()).statusCode).toBe(500);
    const [after] = await db.select().from(registrations).where(eq(registrations.id, row.id));
    expect(after?.paymentStatus).toBe('unpaid');
    expect(await db.select().from(receipts).where(eq(receipts.registrationId, row.id))).toHaveLength(0);

    failing = false;
    expect((await markPaid()).json().marked).toHaveLength(1);
    expect(await db.select().from(receipts).where(eq(receipts.registrationId, row.id))).toHaveLength(1);
  });
});
