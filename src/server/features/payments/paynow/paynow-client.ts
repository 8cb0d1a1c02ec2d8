import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * A small typed client for Paynow's wire protocol (docs/paynow.md): form-encoded messages, each
 * signed with an uppercase hex SHA-512 of its values in message order followed by the integration key.
 * Every answer is checked before it is believed; every network error is returned, never swallowed.
 */

/** A message as sent or received: its fields in order (the order is part of the hash), keys lower-cased. */
export type PaynowFields = [key: string, value: string][];

export const PAYNOW_STATUSES = [
  'Created',
  'Sent',
  'Paid',
  'Awaiting Delivery',
  'Delivered',
  'Cancelled',
  'Failed',
  'Disputed',
  'Refunded',
] as const;
export type PaynowStatus = (typeof PAYNOW_STATUSES)[number];

/** Only these mean the money came in (and only once a poll confirmed them). */
export const PAID_STATUSES: readonly string[] = ['Paid', 'Awaiting Delivery', 'Delivered'];
/** Statuses after which nothing more will happen to the attempt. */
export const FINAL_STATUSES: readonly string[] = [
  ...PAID_STATUSES,
  'Cancelled',
  'Failed',
  'Disputed',
  'Refunded',
];

/** Uppercase hex SHA-512 of the values (trimmed, in order) followed by the integration key. */
export function paynowHash(values: readonly string[], integrationKey: string): string {
  return createHash('sha512')
    .update(values.map((value) => value.trim()).join('') + integrationKey, 'utf8')
    .digest('hex')
    .toUpperCase();
}

/** The fields with their hash appended, form-encoded. */
export function signedForm(fields: PaynowFields, integrationKey: string): string {
  const hash = paynowHash(
    fields.map(([, value]) => value),
    integrationKey,
  );
  return new URLSearchParams([...fields, ['hash', hash]]).toString();
}

/** A form-encoded message, in order, keys lower-cased (Paynow answers "Status=Ok&BrowserUrl=…"). */
export function parseForm(body: string): PaynowFields {
  return [...new URLSearchParams(body)].map(([key, value]) => [key.toLowerCase(), value]);
}

export const fieldOf = (fields: PaynowFields, key: string) => fields.find(([name]) => name === key)?.[1];

/** Whether the message's hash is that of its other fields under the key. */
export function hashIsValid(fields: PaynowFields, integrationKey: string): boolean {
  const given = fieldOf(fields, 'hash');
  if (!given) return false;
  const expected = paynowHash(
    fields.filter(([key]) => key !== 'hash').map(([, value]) => value),
    integrationKey,
  );
  const a = Buffer.from(given.toUpperCase());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A status update, as Paynow posts it to the result URL and answers a poll or a trace. */
export interface StatusUpdate {
  reference: string;
  amount: string;
  paynowReference: string;
  pollUrl: string;
  status: string;
}

export function statusUpdateOf(fields: PaynowFields): StatusUpdate {
  return {
    reference: fieldOf(fields, 'reference') ?? '',
    amount: fieldOf(fields, 'amount') ?? '',
    paynowReference: fieldOf(fields, 'paynowreference') ?? '',
    pollUrl: fieldOf(fields, 'pollurl') ?? '',
    status: fieldOf(fields, 'status') ?? '',
  };
}

/** What went wrong talking to Paynow, besides Paynow's own "Error". */
export type PaynowTrouble =
  | { outcome: 'unreachable'; error: string }
  | { outcome: 'bad-hash'; fields: PaynowFields }
  | { outcome: 'error'; error: string };

export type InitiateResult =
  | {
      outcome: 'ok';
      pollUrl: string;
      browserUrl?: string;
      instructions?: string;
      paynowReference?: string;
      /** InnBucks and PayGo (O'mari): the code the payer approves in the wallet's app, and until when. */
      authorization?: { code: string; expires: string | null };
      fields: PaynowFields;
    }
  | PaynowTrouble;

export type StatusResult =
  | { outcome: 'ok'; update: StatusUpdate; fields: PaynowFields }
  | { outcome: 'not-found' }
  | PaynowTrouble;

export interface PaynowPayment {
  reference: string;
  amount: string;
  additionalInfo: string;
  returnUrl: string;
  resultUrl: string;
  /** Optional in Paynow's initiate message: left out when the payer has no email. */
  authEmail: string | null;
  /** ≤ 32 characters, unique per attempt: finds an attempt whose answer was lost. */
  merchantTrace: string;
}

export interface PaynowClientOptions {
  baseUrl: string;
  integrationId: string;
  integrationKey: string;
  /** Milliseconds before a request to Paynow is given up. */
  timeout?: number;
}

export class PaynowClient {
  readonly #baseUrl: string;
  readonly #id: string;
  readonly #key: string;
  readonly #timeout: number;

  constructor(options: PaynowClientOptions) {
    this.#baseUrl = options.baseUrl.replace(/\/$/, '');
    this.#id = options.integrationId;
    this.#key = options.integrationKey;
    this.#timeout = options.timeout ?? 30_000;
  }

  /** Web checkout: the payer is sent to `browserUrl`. */
  initiate(payment: PaynowPayment): Promise<InitiateResult> {
    return this.#initiate('/interface/initiatetransaction', this.#paymentFields(payment));
  }

  /**
   * Express checkout: EcoCash and OneMoney prompt the payer's phone for the wallet's PIN; InnBucks and PayGo
   * (O'mari, whose method name varies: see OnlinePaymentSettings) answer with a code to approve in the app.
   */
  initiateMobile(payment: PaynowPayment, phone: string, method: string): Promise<InitiateResult> {
    const fields = this.#paymentFields(payment);
    fields.splice(fields.length - 1, 0, ['phone', phone], ['method', method]);
    return this.#initiate('/interface/remotetransaction', fields);
  }

  /** The transaction's status now (an empty POST to its poll URL). */
  async poll(pollUrl: string): Promise<StatusResult> {
    return this.#status(await this.#post(pollUrl, ''));
  }

  /** The status of the transaction started with this merchant trace, when its answer was lost. */
  async trace(merchantTrace: string): Promise<StatusResult> {
    const fields: PaynowFields = [
      ['id', this.#id],
      ['merchanttrace', merchantTrace],
      ['status', 'Message'],
    ];
    return this.#status(await this.#post(`${this.#baseUrl}/interface/trace`, signedForm(fields, this.#key)));
  }

  /** Whether a message (a status update posted to us) was signed with our key. */
  verify(fields: PaynowFields): boolean {
    return hashIsValid(fields, this.#key);
  }

  #paymentFields(payment: PaynowPayment): PaynowFields {
    return [
      ['id', this.#id],
      ['reference', payment.reference],
      ['amount', payment.amount],
      ['additionalinfo', payment.additionalInfo],
      ['returnurl', payment.returnUrl],
      ['resulturl', payment.resultUrl],
      ...(payment.authEmail === null ? [] : [['authemail', payment.authEmail] satisfies [string, string]]),
      ['merchanttrace', payment.merchantTrace],
      ['status', 'Message'],
    ];
  }

  async #initiate(path: string, fields: PaynowFields): Promise<InitiateResult> {
    const answer = await this.#post(`${this.#baseUrl}${path}`, signedForm(fields, this.#key));
    if ('outcome' in answer) return answer;
    const status = fieldOf(answer.fields, 'status')?.toLowerCase();
    if (status === 'error')
      return { outcome: 'error', error: fieldOf(answer.fields, 'error') ?? 'Paynow refused it' };
    if (!this.verify(answer.fields)) return { outcome: 'bad-hash', fields: answer.fields };
    const pollUrl = fieldOf(answer.fields, 'pollurl');
    if (status !== 'ok' || !pollUrl)
      return { outcome: 'error', error: `Unexpected answer from Paynow (${status})` };
    // PayGo's `authorizationqr` is a URL of Paynow's: never loaded nor passed on (we draw the code ourselves).
    const code = fieldOf(answer.fields, 'authorizationcode')?.trim();
    return {
      outcome: 'ok',
      pollUrl,
      browserUrl: fieldOf(answer.fields, 'browserurl'),
      instructions: fieldOf(answer.fields, 'instructions'),
      paynowReference: fieldOf(answer.fields, 'paynowreference'),
      ...(code
        ? { authorization: { code, expires: fieldOf(answer.fields, 'authorizationexpires')?.trim() || null } }
        : {}),
      fields: answer.fields,
    };
  }

  #status(answer: { fields: PaynowFields } | PaynowTrouble): StatusResult {
    if ('outcome' in answer) return answer;
    const status = fieldOf(answer.fields, 'status') ?? '';
    if (status.toLowerCase() === 'notfound') return { outcome: 'not-found' };
    if (status.toLowerCase() === 'error')
      return { outcome: 'error', error: fieldOf(answer.fields, 'error') ?? '' };
    if (!this.verify(answer.fields)) return { outcome: 'bad-hash', fields: answer.fields };
    return { outcome: 'ok', update: statusUpdateOf(answer.fields), fields: answer.fields };
  }

  async #post(url: string, body: string): Promise<{ fields: PaynowFields } | PaynowTrouble> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(this.#timeout),
      });
      const text = await response.text();
      if (!response.ok) return { outcome: 'unreachable', error: `Paynow answered HTTP ${response.status}` };
      return { fields: parseForm(text) };
    } catch (error) {
      return { outcome: 'unreachable', error: error instanceof Error ? error.message : String(error) };
    }
  }
}
