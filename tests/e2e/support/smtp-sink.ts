/**
 * A real SMTP server for the browser tests: accepts every message on 127.0.0.1:3125, keeps it in
 * memory, and serves what arrived as JSON on 127.0.0.1:3126 (GET /messages; GET /ready for Playwright).
 * Run with `npx tsx tests/e2e/support/smtp-sink.ts` (playwright.config.ts starts it before the app).
 */
import http from 'node:http';
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
  receivedAt: string;
}

const messages: ReceivedMail[] = [];

/** Headers (unfolded, lower-case names) and body of one MIME entity. */
function splitEntity(raw: string) {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string) {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding = '') {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= or =?UTF-8?B?…?=) in a header. */
function decodeHeader(value: string) {
  return value.replace(
    /=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g,
    (_all, _charset, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replaceAll('_', ' ')),
  );
}

/** The decoded text/plain part of a message (the first one, in a multipart message). */
function plainText(raw: string): string {
  const { headers, body } = splitEntity(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const text = plainText(part.replace(/^\r?\n/, ''));
      if (text) return text;
    }
    return '';
  }
  if (!type.toLowerCase().startsWith('text/plain')) return '';
  return decodeBody(body, headers.get('content-transfer-encoding')).replace(/\r\n/g, '\n').trimEnd();
}

const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const { headers } = splitEntity(raw);
      messages.push({
        id: messages.length + 1,
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        subject: decodeHeader(headers.get('subject') ?? ''),
        text: plainText(raw),
        receivedAt: new Date().toISOString(),
      });
      callback();
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
