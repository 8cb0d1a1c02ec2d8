import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  fieldOf,
  hashIsValid,
  type PaynowFields,
  parseForm,
  signedForm,
} from '../features/payments/paynow/paynow-client.ts';

/**
 * A Paynow stand-in on loopback: the same paths, wire format and hash rules, and Paynow's test-mode
 * numbers (docs/paynow.md, "Test mode") — 0771111111 paid after 5 s, 0772222222 paid after 30 s,
 * 0773333333 failed after 30 s, 0774444444 refused at once for insufficient balance — plus 0775555555,
 * cancelled after 5 s (ours: the payer cancelling at the prompt). Delays are multiplied by `timeScale`.
 * InnBucks (`innbucks`) and PayGo (`paygo`, or `omari` as one copy of Paynow's site names it) take the same
 * numbers and answer with an authorization code and its expiry (PayGo also a QR code's URL, which no one
 * should load: `qrLoads` counts who does), as docs/paynow.md's express checkout says.
 */
export interface FakePaynowOptions {
  integrationId: string;
  integrationKey: string;
  port?: number;
  /** 1 = Paynow's own delays; 0.01 turns 5 s into 50 ms. */
  timeScale?: number;
}

export interface FakeTransaction {
  guid: string;
  paynowReference: string;
  merchantTrace: string;
  reference: string;
  amount: string;
  resultUrl: string;
  returnUrl: string;
  method: string;
  phone: string;
  status: string;
  /** InnBucks and PayGo: the code the payer approves in the wallet's app. */
  authorizationCode: string | null;
}

/** Switches a test turns on to see that our side copes. */
export interface FakePaynowSwitches {
  /** Status updates posted to the result URL are signed with another key. */
  wrongHash: boolean;
  /** Answers to our status checks (polls) are signed with another key. */
  wrongPollHash: boolean;
  /** Each status update is posted twice. */
  duplicate: boolean;
  /** After the final update, the earlier "Sent" update arrives late. */
  outOfOrder: boolean;
  /** The amount Paynow reports as paid, when it differs from the one asked. */
  paidAmount: string | null;
  /** Status updates are not posted at all (our server must poll). */
  silent: boolean;
  /** A payment is started but its answer never arrives (the connection drops): found again by merchant trace. */
  loseAnswers: boolean;
}

const TEST_NUMBERS: Record<string, { status: string; after: number } | { error: string }> = {
  '0771111111': { status: 'Paid', after: 5000 },
  '0772222222': { status: 'Paid', after: 30_000 },
  '0773333333': { status: 'Failed', after: 30_000 },
  '0774444444': { error: 'Insufficient balance' },
  '0775555555': { status: 'Cancelled', after: 5000 },
};

/** The wallets whose express checkout answers with an authorization code to approve in the app. */
const CODE_METHODS = ['innbucks', 'paygo', 'omari'];
const MOBILE_METHODS = ['ecocash', 'onemoney', ...CODE_METHODS];

/** Paynow's format for a code's expiry, d-MMM-yyyy HH:mm (Harare time, UTC+2). */
function expiryText(at: Date) {
  const harare = new Date(at.getTime() + 2 * 3_600_000);
  const month = harare.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  const time = harare.toISOString().slice(11, 16);
  return `${harare.getUTCDate()}-${month}-${harare.getUTCFullYear()} ${time}`;
}

const localNumber = (phone: string) => phone.replace(/^\+263/, '0').replace(/\D/g, '');

/** Every switch off: the fake behaves as Paynow does. */
const SWITCHES_OFF: FakePaynowSwitches = {
  wrongHash: false,
  wrongPollHash: false,
  duplicate: false,
  outOfOrder: false,
  paidAmount: null,
  silent: false,
  loseAnswers: false,
};

export async function startFakePaynow(options: FakePaynowOptions) {
  const scale = options.timeScale ?? 1;
  const transactions = new Map<string, FakeTransaction>();
  const switches: FakePaynowSwitches = { ...SWITCHES_OFF };
  /** Every status update posted to a result URL, with our server's answer. */
  const posted: { fields: PaynowFields; answer: number }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let counter = 1000;
  let baseUrl = '';
  /** Requests for a PayGo QR code's URL: our server and pages must never make one. */
  let qrLoads = 0;

  const updateFields = (t: FakeTransaction, status = t.status): PaynowFields => [
    ['reference', t.reference],
    ['amount', PAID.includes(status) && switches.paidAmount ? switches.paidAmount : t.amount],
    ['paynowreference', t.paynowReference],
    ['pollurl', `${baseUrl}/interface/checkpayment/?guid=${t.guid}`],
    ['status', status],
  ];

  async function postUpdate(t: FakeTransaction, status: string) {
    if (switches.silent) return;
    const key = switches.wrongHash ? `${options.integrationKey}-forged` : options.integrationKey;
    const body = signedForm(updateFields(t, status), key);
    try {
      const response = await fetch(t.resultUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      await response.arrayBuffer();
      posted.push({ fields: parseForm(body), answer: response.status });
    } catch {
      posted.push({ fields: parseForm(body), answer: 0 });
    }
  }

  function later(ms: number, run: () => Promise<void> | void) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      const running = Promise.resolve(run()).finally(() => inFlight.delete(running));
      inFlight.add(running);
    }, ms * scale);
    timers.add(timer);
  }

  /** Moves a transaction to its final status and tells the merchant, as the switches say. */
  async function settle(t: FakeTransaction, status: string) {
    const before = t.status;
    t.status = status;
    await postUpdate(t, status);
    if (switches.duplicate) await postUpdate(t, status);
    if (switches.outOfOrder) await postUpdate(t, before);
  }

  function create(form: PaynowFields, method: string, phone: string): FakeTransaction {
    counter += 1;
    const t: FakeTransaction = {
      guid: randomUUID(),
      paynowReference: String(counter),
      merchantTrace: fieldOf(form, 'merchanttrace') ?? '',
      reference: fieldOf(form, 'reference') ?? '',
      amount: fieldOf(form, 'amount') ?? '',
      resultUrl: fieldOf(form, 'resulturl') ?? '',
      returnUrl: fieldOf(form, 'returnurl') ?? '',
      method,
      phone,
      status: 'Created',
      authorizationCode: null,
    };
    transactions.set(t.guid, t);
    return t;
  }

  function checkRequest(form: PaynowFields): string | null {
    if (fieldOf(form, 'id') !== options.integrationId) return 'Invalid Id.';
    if (!hashIsValid(form, options.integrationKey)) return 'Invalid Hash.';
    if (!/^\d+\.\d{2}$/.test(fieldOf(form, 'amount') ?? '')) return 'Invalid amount field';
    return null;
  }

  const answer = (response: ServerResponse, fields: PaynowFields, signed = true) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end(
      signed ? signedForm(fields, options.integrationKey) : new URLSearchParams(fields).toString(),
    );
  };
  const refuse = (response: ServerResponse, error: string) =>
    answer(
      response,
      [
        ['status', 'Error'],
        ['error', error],
      ],
      false,
    );

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', baseUrl);
    const path = url.pathname.toLowerCase().replace(/\/$/, '');
    let body = '';
    for await (const chunk of request) body += chunk;
    const form = parseForm(body);

    if (request.method === 'POST' && path === '/interface/initiatetransaction') {
      const problem = checkRequest(form);
      if (problem) return refuse(response, problem);
      const t = create(form, 'web', '');
      t.status = 'Sent';
      return answer(response, [
        ['status', 'Ok'],
        ['browserurl', `${baseUrl}/payment/confirmpayment/${t.guid}`],
        ['pollurl', `${baseUrl}/interface/checkpayment/?guid=${t.guid}`],
      ]);
    }

    if (request.method === 'POST' && path === '/interface/remotetransaction') {
      const problem = checkRequest(form);
      if (problem) return refuse(response, problem);
      const method = fieldOf(form, 'method') ?? '';
      if (!MOBILE_METHODS.includes(method)) return refuse(response, 'Invalid method');
      const phone = localNumber(fieldOf(form, 'phone') ?? '');
      const outcome = TEST_NUMBERS[phone];
      if (!outcome) return refuse(response, 'In test mode, only the test numbers may be used');
      if ('error' in outcome) return refuse(response, outcome.error);
      const t = create(form, method, phone);
      t.status = 'Sent';
      later(outcome.after, () => settle(t, outcome.status));
      if (switches.loseAnswers) return response.destroy();
      if (CODE_METHODS.includes(method)) {
        t.authorizationCode = String(10_000_000 + counter * 7919).slice(-8);
        return answer(response, [
          ['status', 'Ok'],
          ['paynowreference', t.paynowReference],
          ['pollurl', `${baseUrl}/interface/checkpayment/?guid=${t.guid}`],
          ['authorizationcode', t.authorizationCode],
          ...(method === 'innbucks'
            ? []
            : [['authorizationqr', `${baseUrl}/qr/${t.guid}.png`] satisfies [string, string]]),
          ['authorizationexpires', expiryText(new Date(Date.now() + 15 * 60_000))],
        ]);
      }
      return answer(response, [
        ['status', 'Ok'],
        ['instructions', `Dial *151*2*4# and enter your PIN to pay ${t.amount}`],
        ['paynowreference', t.paynowReference],
        ['pollurl', `${baseUrl}/interface/checkpayment/?guid=${t.guid}`],
      ]);
    }

    if (request.method === 'POST' && path === '/interface/checkpayment') {
      const t = transactions.get(url.searchParams.get('guid') ?? '');
      if (!t) return refuse(response, 'Transaction not found');
      if (!switches.wrongPollHash) return answer(response, updateFields(t));
      response.writeHead(200, { 'content-type': 'text/plain' });
      return response.end(signedForm(updateFields(t), `${options.integrationKey}-forged`));
    }

    if (request.method === 'POST' && path === '/interface/trace') {
      if (!hashIsValid(form, options.integrationKey)) return refuse(response, 'Invalid Hash.');
      const trace = fieldOf(form, 'merchanttrace');
      const t = [...transactions.values()].find((one) => one.merchantTrace === trace);
      if (!t) return answer(response, [['status', 'NotFound']], false);
      return answer(response, updateFields(t));
    }

    // The payer's page of a web checkout: one button pays, another cancels; then back to the merchant.
    const page = /^\/payment\/confirmpayment\/([\w-]+)$/.exec(path);
    const t = page ? transactions.get(page[1] ?? '') : undefined;
    if (t && request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(
        `<!doctype html><html lang="en"><title>Fake Paynow</title><main><h1>Fake Paynow</h1><p>Pay ${t.amount} (${t.reference})</p><form method="post"><button name="choice" value="Paid">Pay</button> <button name="choice" value="Cancelled">Cancel</button></form></main></html>`,
      );
    }
    if (t && request.method === 'POST') {
      await settle(t, fieldOf(form, 'choice') === 'Paid' ? 'Paid' : 'Cancelled');
      response.writeHead(303, { location: t.returnUrl });
      return response.end();
    }

    if (path.startsWith('/qr/')) {
      qrLoads += 1;
      response.writeHead(404, { 'content-type': 'text/plain' });
      return response.end('Not found');
    }

    if (request.method === 'GET' && path === '/ready') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      return response.end('ready');
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('Not found');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    switches,
    transactions,
    posted,
    /** How many times a PayGo QR code's URL was loaded (it must stay 0). */
    get qrLoads() {
      return qrLoads;
    },
    /** Moves a web checkout on as if the payer had paid or cancelled on Paynow's page. */
    settle: (guid: string, status: string) => {
      const t = transactions.get(guid);
      if (!t) throw new Error(`no transaction ${guid}`);
      return settle(t, status);
    },
    /**
     * Switches off, nothing posted, and the updates still to come of earlier transactions dropped; one
     * already on its way is waited for, so that it cannot land in the next test.
     */
    async reset() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
      Object.assign(switches, SWITCHES_OFF);
      posted.length = 0;
      qrLoads = 0;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const PAID = ['Paid', 'Awaiting Delivery', 'Delivered'];

export type FakePaynow = Awaited<ReturnType<typeof startFakePaynow>>;
