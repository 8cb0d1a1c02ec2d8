import { sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import { simpleParser } from 'mailparser';
import { PNG } from 'pngjs';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, registeredRunner, setUpTestApp } from '../../../../tests/support/test-app.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { loadEnv } from '../../env.ts';
import { createLogger } from '../../logger.ts';
import { Mailer } from '../../mail/mailer.ts';
import { purgeOldMail } from '../../mail/repository.ts';

const { app, db } = setUpTestApp();

const received: Buffer[] = [];
let smtp: SMTPServer;
let smtpPort = 0;
beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

let serial = 0;
async function register() {
  serial += 1;
  const { row, token } = await registeredRunner(app, `qr${serial}`);
  return { email: row.email, token, checkInCode: row.checkInCode ?? '' };
}

const decodeQr = (png: Buffer) => {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
};

describe("the entrant's check-in QR code", () => {
  it('gives every entry its own random check-in code, which the receipt does not reveal', async () => {
    const first = await register();
    const second = await register();
    expect(first.checkInCode).toMatch(/^[0-9a-f]{32}$/);
    expect(second.checkInCode).not.toBe(first.checkInCode);
  });

  it('goes with the confirmation mail as a PNG the HTML part shows, and scans to the entry’s code', async () => {
    const { email, checkInCode } = await register();
    received.length = 0;
    const mailer = new Mailer(
      loadEnv({ NODE_ENV: 'test', SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true` }),
      db,
      createLogger('silent'),
    );
    await mailer.deliverDue();
    await mailer.stop();
    const mails = await Promise.all(received.map((raw) => simpleParser(raw, { skipImageLinks: true })));
    const mail = mails.find(
      (parsed) => parsed.text?.includes(email ?? '') || parsed.subject?.includes('registration'),
    );
    expect(mail?.text).toContain('show the QR code attached to this mail');
    const image = mail?.attachments.find((attachment) => attachment.contentType === 'image/png');
    expect(image?.cid).toBe('check-in-qr');
    expect(mail?.html).toContain('src="cid:check-in-qr"');
    expect(mail?.html).toContain('/My/');
    expect(decodeQr(image?.content ?? Buffer.alloc(0))).toBe(checkInCode);
  });

  it('is drawn as an SVG for the private page, for that link only, and not once the entry is cancelled', async () => {
    const { token } = await register();
    const qr = await app.inject({ method: 'GET', url: `/api/my/${token}/check-in-qr.svg` });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toContain('image/svg+xml');
    expect(qr.headers['cache-control']).toBe('no-store');
    expect(qr.body).toMatch(/^<svg[^>]*viewBox/);

    const unknown = await app.inject({ method: 'GET', url: `/api/my/${'x'.repeat(32)}/check-in-qr.svg` });
    expect(unknown.statusCode).toBe(404);

    const cancel = await app.inject({
      method: 'POST',
      url: `/api/my/${token}/cancel`,
      headers: { origin: ORIGIN },
      payload: {},
    });
    expect(cancel.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/my/${token}/check-in-qr.svg` })).statusCode).toBe(
      404,
    );
  });

  it('forgets the code with the mail body once delivered mail is purged', async () => {
    const { checkInCode } = await register();
    const [queued] = await db.select({ attachments: mailOutbox.attachments }).from(mailOutbox);
    expect(queued?.attachments?.[0]?.text).toBe(checkInCode);
    await db.update(mailOutbox).set({ sentAt: sql`now() - interval '8 days'` });
    await purgeOldMail(db);
    const [purged] = await db.select({ attachments: mailOutbox.attachments }).from(mailOutbox);
    expect(purged).toEqual({ attachments: null });
  });
});
