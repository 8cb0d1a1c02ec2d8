import { monitorEventLoopDelay } from 'node:perf_hooks';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeRaces,
  createTestApp,
  injectAs,
  multipartFile,
  resetData,
  signedInAs,
  testDatabase,
  testDatabaseKind,
} from '../../../../tests/support/test-app.ts';
import type { StatementImportResult } from '../../../shared/statements/statements.ts';
import type { App } from '../../app.ts';
import { registrations, statementLines } from '../../db/schema/index.ts';
import { seedDemoRegistrations } from '../../db/seed/demo.ts';
import { EVENT_FRESHNESS } from '../events/current-event.ts';

const ENTRIES = 10_000;
const LINES = 5000;

/**
 * A 5,000-line statement as the bench's (scripts/bench/statement-import.ts): every third line names one of the
 * first 3,000 entries by its reference, the others are tithes; each line is USD 20 with a long narrative.
 */
function largeStatement(references: string[]) {
  const rows = ['Transaction Date,Value Date,Narrative,Amount,Balance'];
  const filler = 'INTERNET BANKING TRANSFER FROM ACCOUNT 0012345678 HARARE BRANCH '.repeat(5);
  for (let i = 0; i < LINES; i += 1) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    const reference = references[i % 3000];
    const narrative = i % 3 === 0 ? `FT ${reference} FUN RUN ${filler}` : `TITHE ${i} ${filler}`;
    rows.push(`${day}/11/2026,${day}/11/2026,"${narrative}",20.00,${(1000 + i * 20).toFixed(2)}`);
  }
  return `${rows.join('\r\n')}\r\n`;
}

/** Sends `request` one after another until `until` settles; each one's latency in ms. */
async function meanwhile(request: () => Promise<{ statusCode: number }>, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    const response = await request();
    expect(response.statusCode).toBe(200);
    latencies.push(performance.now() - started);
    // A visitor's next click, not a tight loop that would itself hold the loop.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return latencies;
}

const p = (values: number[], percent: number) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.floor((values.length * percent) / 100))
  ] ?? 0;
const ms = (value: number) => `${value.toFixed(1)} ms`;

// The public's event comes from memory, as in production (the other API tests read it at every request).
let app: App;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMITS: 'off' }, { eventFreshness: EVENT_FRESHNESS });
  await resetData();
});
afterAll(async () => {
  await app?.close();
});

// On the embedded database only: PostgreSQL runs transactions beside the server's loop, so nothing there can hold
// it, and the run costs CI some 15 s per database.
describe.skipIf(testDatabaseKind === 'postgres')(
  'confirming a 5,000-line statement against 10,000 entries',
  () => {
    it('never holds the event loop nor the database for long: the public event and the database answer meanwhile', async () => {
      const { db } = await testDatabase();
      const admin = injectAs(app, await signedInAs(app, 'admin'));
      await changeRaces(admin, () => ({ feeUsd: '20.00', feeZwg: '520.00' }));
      await seedDemoRegistrations(db, ENTRIES);
      const references = (
        await db
          .select({ reference: registrations.reference })
          .from(registrations)
          .orderBy(asc(registrations.reference))
      ).map((row) => row.reference);
      const form = multipartFile('large.csv', Buffer.from(largeStatement(references)), 'text/csv');
      const query = new URLSearchParams({
        account: 'usd_bank',
        date: 'Transaction Date',
        narrative: 'Narrative',
        amount: 'Amount',
      });
      const importing = await admin.post(`/api/statements?${query}`, form.payload, {
        'content-type': form.contentType,
      });
      expect(importing.statusCode, importing.body).toBe(201);
      const review = (importing.json() as StatementImportResult).review;
      expect(review?.counts.matched).toBeGreaterThan(500);
      const unpaidBefore = await db.$count(registrations, eq(registrations.paymentStatus, 'unpaid'));

      const loop = monitorEventLoopDelay({ resolution: 10 });
      const visitor = injectAs(app);
      loop.enable();
      // The monitor samples on its own timer: it runs a while before and after, so no long turn escapes it.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = performance.now();
      const confirming = admin.post(`/api/statements/${review?.id}/confirm`, { skip: [], choose: [] });
      const [event, ready, confirmed] = await Promise.all([
        meanwhile(() => visitor.get('/api/event'), confirming),
        meanwhile(() => visitor.get('/readyz'), confirming),
        confirming,
      ]);
      const took = performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 50));
      loop.disable();
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const marked = (confirmed.json() as { marked: string[] }).marked;
      expect(marked.length).toBeGreaterThan(400);
      expect(await db.$count(registrations, eq(registrations.paymentStatus, 'unpaid'))).toBe(
        unpaidBefore - marked.length,
      );

      // Every entry a matched line named is paid now (or was paid, waived or cancelled before).
      const named = await db
        .select({ status: registrations.paymentStatus, count: count() })
        .from(registrations)
        .where(
          inArray(
            registrations.id,
            db
              .select({ id: sql<string>`${statementLines.registrationId}` })
              .from(statementLines)
              .where(
                and(eq(statementLines.importId, review?.id ?? ''), eq(statementLines.outcome, 'matched')),
              ),
          ),
        )
        .groupBy(registrations.paymentStatus);
      expect(named.map((row) => row.status).sort()).toEqual(['paid', 'waived']);
      const delay = { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
      console.log(
        `[${testDatabaseKind}] confirm of ${LINES} lines (${marked.length} entries marked) took ${ms(took)}; ` +
          `event-loop delay p99 ${ms(delay.p99)}, max ${ms(delay.max)}; ` +
          `GET /api/event ×${event.length} p99 ${ms(p(event, 99))}, max ${ms(Math.max(...event))}; ` +
          `GET /readyz (a database query) ×${ready.length} p99 ${ms(p(ready, 99))}, max ${ms(Math.max(...ready))}`,
      );
      // Bounds a busy CI machine keeps (load 8 on 2 cores showed ~230 ms of delay even on PostgreSQL, where no
      // transaction holds the loop), far below what one transaction for the whole statement did: 13–16 s. The
      // real figures are the bench's (npm run bench -- --only mixed-load) and the line above.
      expect(delay.p99).toBeLessThan(1000);
      expect(delay.max).toBeLessThan(2500);
      expect(Math.max(...event)).toBeLessThan(2500);
      expect(Math.max(...ready)).toBeLessThan(2500);
    }, 300_000);
  },
);
