import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A txt.co.zw stand-in on loopback, speaking its REMOTE API (src/server/sms/txt-co-zw.ts): Basic auth,
 * "SUCCESS: <id>" or "ERROR: <reason>", CheckMessage's NUL-separated lines. Numbers that behave as a real
 * gateway does when things go wrong — each at once, on every try:
 * 0770000001 "ERROR: Insufficient credit"; 0770000002 a 302 to /user/logon (as bad credentials do);
 * 0770000003 a 403 page; 0770000004 answered after `slowMs`; 0770000005 the connection is closed unanswered;
 * 0770000006 accepted then reported undelivered. Any other number is accepted and delivered after
 * `deliverAfterMs`. Wrong credentials get the 302. `sendMs` answers every send after that long: a gateway's pace
 * over the internet, for the bench.
 */
export interface FakeTxtOptions {
  username: string;
  password: string;
  port?: number;
  deliverAfterMs?: number;
  slowMs?: number;
  /** Every accepted send answered after this long (none by default). */
  sendMs?: number;
  /** Tests read what was sent at GET /_messages (never a path of the real gateway). */
  inspectable?: boolean;
}

export interface FakeTxtMessage {
  id: string;
  to: string;
  body: string;
  sender: string;
  sentAt: number;
}

/** The REMOTE user the fake started by SMS_URL=fake accepts (type it on /EventSettings). */
export const FAKE_TXT_ACCOUNT = { username: 'celebration-remote', password: 'fake-password-0123456789' };

const local = (e164: string) => e164.replace(/^\+?263/, '0');

export async function startFakeTxt(options: FakeTxtOptions) {
  const messages: FakeTxtMessage[] = [];
  /** Switches a test flips: every send answers this error until it is set back to null. */
  const switches = { error: null as string | null, redirect: false };
  let nextId = 4_000_001;
  const expected = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const form = new URLSearchParams(body);
    const url = new URL(request.url ?? '/', 'http://fake');
    const answer = (status: number, text: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
      response.end(text);
    };
    const toLogon = () => answer(302, '<html>Object moved</html>', { location: '/user/logon' });

    if (options.inspectable && url.pathname === '/_messages') {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(JSON.stringify(messages));
    }
    if (options.inspectable && url.pathname === '/ready') return answer(200, 'ready');
    if (request.headers.authorization !== expected || switches.redirect) return toLogon();
    if (url.pathname === '/Remote/SendMessage') {
      const recipients = form.get('Recipients') ?? url.searchParams.get('Recipients') ?? '';
      const text = form.get('Body') ?? url.searchParams.get('Body') ?? '';
      if (!recipients || !text) return answer(200, 'ERROR: Recipients and Body are required');
      if (switches.error) return answer(200, `ERROR: ${switches.error}`);
      const to = local(recipients.split(',')[0] ?? '');
      if (to === '0770000001') return answer(200, 'ERROR: Insufficient credit');
      if (to === '0770000002') return toLogon();
      if (to === '0770000003')
        return answer(403, '<html><body>403 - Forbidden: Access is denied.</body></html>');
      if (to === '0770000005') return void request.socket.destroy();
      if (to === '0770000004') await new Promise((resolve) => setTimeout(resolve, options.slowMs ?? 30_000));
      else if (options.sendMs) await new Promise((resolve) => setTimeout(resolve, options.sendMs));
      const id = String(nextId++);
      messages.push({
        id,
        to: recipients,
        body: text,
        sender: form.get('sending_number') ?? 'txt.co.zw',
        sentAt: Date.now(),
      });
      return answer(200, `SUCCESS: ${id}`);
    }
    const check = /^\/Remote\/CheckMessage\/(\w+)$/.exec(url.pathname);
    if (check) {
      const message = messages.find((one) => one.id === check[1]);
      if (!message) return answer(200, 'ERROR: Message not found');
      const due = Date.now() - message.sentAt >= (options.deliverAfterMs ?? 2000);
      const status = !due
        ? 'Pending,,Queued at gateway'
        : local(message.to) === '0770000006'
          ? 'Failed,7,Absent subscriber'
          : 'Delivered,0,Delivered to handset';
      const [state, code, description] = status.split(',');
      return answer(
        200,
        [`SUCCESS: ${message.id},${message.sender}`, `${message.to},${state},${code},${description}`].join(
          '\0',
        ),
      );
    }
    answer(404, 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    switches,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeTxt = Awaited<ReturnType<typeof startFakeTxt>>;

function readBody(request: IncomingMessage) {
  return new Promise<string>((resolve) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
  });
}
