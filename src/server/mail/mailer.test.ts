import { asc, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetData, testDatabase } from '../../../tests/support/test-app.ts';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { loadEnv } from '../env.ts';
import { createLogger } from '../logger.ts';
import { Mailer } from './mailer.ts';
import { enqueueMail, MAIL_RETENTION } from './repository.ts';

let db: Database;
const received: string[] = [];
let smtp: SMTPServer;
let port = 0;

beforeAll(async () => {
  db = (await testDatabase()).db;
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    onData(stream, _session, done) {
      let data = '';
      stream.on('data', (chunk) => {
        data += chunk;
      });
      stream.on('end', () => {
        received.push(data);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
beforeEach(async () => {
  await resetData();
  received.length = 0;
});

const silent = createLogger('silent');
const mailer = (smtpUrl?: string) =>
  new Mailer(loadEnv({ NODE_ENV: 'test', ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}) }), db, silent);

async function queue(count: number) {
  for (let i = 0; i < count; i++) {
    await enqueueMail(db, { to: `person${i}@example.com`, subject: `Message ${i}`, text: `Hello ${i}` });
  }
}

describe('the mail outbox', () => {
  it('delivers due mail over SMTP once and marks it sent', async () => {
    await queue(3);
    const sender = mailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`);
    expect(await sender.deliverDue()).toEqual({ claimed: 3, sent: 3 });
    expect(await sender.deliverDue()).toEqual({ claimed: 0, sent: 0 });
    expect(received).toHaveLength(3);
    const rows = await db.select().from(mailOutbox);
    expect(rows.every((row) => row.sentAt !== null && row.transport === 'smtp')).toBe(true);
    await sender.stop();
  });

  it('keeps mail for later with a backoff while the SMTP server is down', async () => {
    await queue(1);
    const sender = mailer('smtp://127.0.0.1:1?ignoreTLS=true');
    expect(await sender.deliverDue()).toEqual({ claimed: 1, sent: 0 });
    const [row] = await db.select().from(mailOutbox);
    expect(row).toMatchObject({ sentAt: null, attempts: 1 });
    expect(row?.lastError).toBeTruthy();
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect((await sender.deliverDue()).claimed).toBe(0);
    await sender.stop();
  });

  it('never gives the same mail to two senders at once', async () => {
    await queue(30);
    const [first, second] = [mailer(), mailer()];
    const rounds = await Promise.all([first.deliverDue(), second.deliverDue()]);
    expect(rounds[0].claimed + rounds[1].claimed).toBe(30);
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.transport, 'dev-outbox'));
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
    expect(rows).toHaveLength(30);
  });
});

describe('old mail', () => {
  it('loses its body 7 days after delivery and its record after 90 days; pending mail keeps its body', async () => {
    expect(MAIL_RETENTION).toEqual({ bodyDays: 7, recordDays: 90 });
    const mail = (n: number) => ({
      to: `old.${n}@example.com`,
      subject: `Mail ${n}`,
      text: `Link ${n}`,
      html: '<p>x</p>',
    });
    const days = (n: number) => sql`now() - make_interval(days => ${n})`;
    await db.insert(mailOutbox).values([
      { ...mail(1), sentAt: days(8), createdAt: days(8) },
      { ...mail(2), sentAt: days(6), createdAt: days(6) },
      { ...mail(3), createdAt: days(8) },
      { ...mail(4), sentAt: days(91), createdAt: days(91) },
    ]);
    const dev = mailer();
    await dev.purgeOld();
    const left = await db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
    expect(left.map((row) => [row.subject, row.text, row.html])).toEqual([
      ['Mail 1', null, null],
      ['Mail 2', 'Link 2', '<p>x</p>'],
      ['Mail 3', 'Link 3', '<p>x</p>'],
    ]);
    expect(left[0]?.sentAt).not.toBeNull();
    await dev.purgeOld();
    expect(await db.select().from(mailOutbox)).toHaveLength(3);
  });
});
