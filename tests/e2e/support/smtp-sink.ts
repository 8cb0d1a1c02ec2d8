/**
 * A real SMTP server for the browser tests: accepts every message on 127.0.0.1:3125, keeps it in
 * memory, and serves what arrived as JSON on 127.0.0.1:3126 (GET /messages; GET /ready for Playwright).
 * Run with `npx tsx tests/e2e/support/smtp-sink.ts` (playwright.config.ts starts it before the app).
 */
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export const SMTP_PORT = Number(process.env.SMTP_SINK_PORT ?? 3125);
export const HTTP_PORT = Number(process.env.SMTP_SINK_HTTP_PORT ?? 3126);
const HOST = '127.0.0.1';

export interface ReceivedMail {
  id: number;
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  /** The text/plain body, decoded. */
  text: string;
  /** The HTML part, if any, as sent (images by cid:…). */
  html: string;
  /** Attached files, e.g. the check-in QR code the HTML shows. */
  attachments: { filename: string; contentType: string; cid: string; contentBase64: string }[];
  receivedAt: string;
}

const messages: ReceivedMail[] = [];

const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      simpleParser(Buffer.concat(chunks), { skipImageLinks: true }).then((mail) => {
        messages.push({
          id: messages.length + 1,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: mail.subject ?? '',
          text: (mail.text ?? '').replace(/\r\n/g, '\n').trimEnd(),
          html: typeof mail.html === 'string' ? mail.html : '',
          attachments: mail.attachments.map((file) => ({
            filename: file.filename ?? '',
            contentType: file.contentType,
            cid: file.cid ?? '',
            contentBase64: file.content.toString('base64'),
          })),
          receivedAt: new Date().toISOString(),
        });
        callback();
      }, callback);
    });
  },
});

const api = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://${HOST}`);
  if (request.method === 'GET' && url.pathname === '/ready') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ready');
  } else if (request.method === 'GET' && url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = to ? messages.filter((mail) => mail.to.includes(to)) : messages;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ messages: found }));
  } else {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }
});

smtp.on('error', (error) => console.error(`smtp sink: ${error.message}`));
smtp.listen(SMTP_PORT, HOST, () => {
  api.listen(HTTP_PORT, HOST, () => {
    console.log(`smtp sink: SMTP on ${HOST}:${SMTP_PORT}, messages on http://${HOST}:${HTTP_PORT}/messages`);
  });
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    api.close();
    smtp.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  });
}
