import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePaynow, startFakePaynow } from '../../../fakes/paynow.ts';
import {
  hashIsValid,
  PaynowClient,
  type PaynowPayment,
  parseForm,
  paynowHash,
  signedForm,
} from './paynow-client.ts';

const DOC_KEY = '3e9fed89-60e1-4ce5-ab6e-6b1eb2d4f977';

describe('the Paynow hash', () => {
  it('reproduces the example of Paynow’s documentation (values trimmed; docs/paynow.md)', () => {
    const values = [
      '1201',
      'TEST REF',
      '99.99',
      'A test ticket transaction',
      ' http://www.google.com/search?q=returnurl',
      'http://www.google.com/search?q=resulturl',
      'Message',
    ];
    expect(paynowHash(values, DOC_KEY)).toBe(
      '2A033FC38798D913D42ECB786B9B19645ADEDBDE788862032F1BD82CF3B92DEF84F316385D5B40DBB35F1A4FD7D5BFE73835174136463CDD48C9366B0749C689',
    );
  });

  it('signs a form that checks out, and refuses one changed after signing or signed with another key', () => {
    const form = signedForm(
      [
        ['reference', 'CR26-0001'],
        ['amount', '10.00'],
        ['status', 'Paid'],
      ],
      DOC_KEY,
    );
    expect(hashIsValid(parseForm(form), DOC_KEY)).toBe(true);
    expect(hashIsValid(parseForm(form.replace('10.00', '1.00')), DOC_KEY)).toBe(false);
    expect(hashIsValid(parseForm(form), 'another key')).toBe(false);
    expect(hashIsValid(parseForm('reference=CR26-0001&status=Paid'), DOC_KEY)).toBe(false);
  });

  it('reads keys whatever their case, values URL-decoded, in message order', () => {
    const fields = parseForm(
      'Status=Ok&BrowserUrl=http%3a%2f%2fwww.paynow.co.zw%3a7106%2fPayment%2fConfirmPayment%2f1169&PollUrl=x&Hash=AB',
    );
    expect(fields).toEqual([
      ['status', 'Ok'],
      ['browserurl', 'http://www.paynow.co.zw:7106/Payment/ConfirmPayment/1169'],
      ['pollurl', 'x'],
      ['hash', 'AB'],
    ]);
  });
});

describe('the Paynow client against the fake Paynow', () => {
  let fake: FakePaynow;
  let client: PaynowClient;
  const payment = (merchantTrace: string): PaynowPayment => ({
    reference: merchantTrace,
    amount: '10.00',
    additionalInfo: 'Fun run entry',
    returnUrl: 'http://127.0.0.1:1/return',
    resultUrl: 'http://127.0.0.1:1/result',
    authEmail: 'payer@example.org',
    merchantTrace,
  });

  beforeAll(async () => {
    // Paynow answers Paid 5 s after a checkout starts: scaled to 500 ms, so a busy machine still sees Sent first.
    fake = await startFakePaynow({ integrationId: '1201', integrationKey: DOC_KEY, timeScale: 0.1 });
    client = new PaynowClient({ baseUrl: fake.url, integrationId: '1201', integrationKey: DOC_KEY });
  });
  afterAll(() => fake.close());

  it('starts an express checkout and polls it to Paid', async () => {
    const started = await client.initiateMobile(payment('T-1'), '0771111111', 'ecocash');
    expect(started).toMatchObject({ outcome: 'ok', instructions: expect.stringContaining('PIN') });
    if (started.outcome !== 'ok') return;
    expect(await client.poll(started.pollUrl)).toMatchObject({ outcome: 'ok', update: { status: 'Sent' } });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await client.poll(started.pollUrl)).toMatchObject({
      outcome: 'ok',
      update: { status: 'Paid', amount: '10.00', reference: 'T-1' },
    });
    expect(await client.trace('T-1')).toMatchObject({ outcome: 'ok', update: { status: 'Paid' } });
    expect(await client.trace('T-unknown')).toEqual({ outcome: 'not-found' });
  });

  it("returns Paynow's error (no hash) for insufficient balance", async () => {
    expect(await client.initiateMobile(payment('T-2'), '0774444444', 'ecocash')).toEqual({
      outcome: 'error',
      error: 'Insufficient balance',
    });
  });

  it('starts a web checkout with a browser URL', async () => {
    const started = await client.initiate(payment('T-3'));
    expect(started).toMatchObject({ outcome: 'ok', browserUrl: expect.stringContaining(fake.url) });
  });

  it('does not believe an answer signed with another key', async () => {
    const other = new PaynowClient({ baseUrl: fake.url, integrationId: '1201', integrationKey: DOC_KEY });
    const started = await other.initiateMobile(payment('T-4'), '0771111111', 'ecocash');
    if (started.outcome !== 'ok') throw new Error('not started');
    const wrong = new PaynowClient({
      baseUrl: fake.url,
      integrationId: '1201',
      integrationKey: 'not the key',
    });
    expect(await wrong.poll(started.pollUrl)).toMatchObject({ outcome: 'bad-hash' });
  });

  it('surfaces a network error', async () => {
    const nowhere = new PaynowClient({
      baseUrl: 'http://127.0.0.1:9',
      integrationId: '1',
      integrationKey: 'k',
    });
    expect(await nowhere.initiate(payment('T-5'))).toMatchObject({ outcome: 'unreachable' });
  });
});
