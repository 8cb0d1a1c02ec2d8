import type { SmsAccount } from '../../shared/sms/sms-settings.ts';
import {
  type DeliveryResult,
  type DeliveryState,
  failureReason,
  type SendResult,
  type SmsProvider,
} from './provider.ts';

/** The account's host: www.txt.co.zw bills in ZWG, usd.txt.co.zw in USD (docs: developers.paynow.co.zw/docs/txt). */
export const TXT_HOSTS: Record<SmsAccount, string> = {
  ZWG: 'https://www.txt.co.zw',
  USD: 'https://usd.txt.co.zw',
};

export interface TxtAccount {
  /** Where to send: the account's host, or SMS_URL (a fake in tests). */
  baseUrl: string;
  username: string;
  password: string;
  /** A sending number registered with txt.co.zw; blank: its own. */
  senderNumber: string;
  timeoutMs?: number;
}

/**
 * txt.co.zw's REMOTE API with Basic authentication: form-encoded posts answered in plain text. Only a body
 * starting "SUCCESS:" is a success; a redirect (its answer to bad credentials is a 302 to /user/logon) is not
 * followed, and anything else — HTML, 3xx, 403, a timeout, "ERROR: …" — is a failure.
 */
export function txtCoZw(account: TxtAccount): SmsProvider {
  const authorization = `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`;
  const base = account.baseUrl.replace(/\/$/, '');

  async function post(
    path: string,
    form: Record<string, string>,
  ): Promise<{ ok: true; body: string } | { ok: false; reason: string }> {
    try {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
        redirect: 'manual',
        signal: AbortSignal.timeout(account.timeoutMs ?? 15_000),
      });
      const body = await response.text();
      if (response.status !== 200) {
        const where = response.headers.get('location');
        return {
          ok: false,
          reason: failureReason(`HTTP ${response.status}${where ? ` to ${where}` : ''}: ${body}`),
        };
      }
      return { ok: true, body };
    } catch (error) {
      const cause = (error as Error & { cause?: Error }).cause;
      return {
        ok: false,
        reason: failureReason(`${(error as Error).message}${cause ? `: ${cause.message}` : ''}`),
      };
    }
  }

  return {
    async send({ to, body }): Promise<SendResult> {
      const form: Record<string, string> = { Recipients: to.replace(/^\+/, ''), Body: body };
      if (account.senderNumber) form.sending_number = account.senderNumber;
      const answer = await post('/Remote/SendMessage', form);
      if (!answer.ok) return answer;
      const id = /^SUCCESS:\s*(\S+)/.exec(answer.body)?.[1];
      return id ? { ok: true, gatewayId: id } : { ok: false, reason: failureReason(answer.body) };
    },

    async check(gatewayId): Promise<DeliveryResult> {
      const answer = await post(`/Remote/CheckMessage/${encodeURIComponent(gatewayId)}`, {});
      if (!answer.ok) return answer;
      // "SUCCESS: <id>,<sender>" then one "<recipient>,<status>,<gateway id>,<description>" per recipient,
      // the lines separated by NUL characters. We send to one recipient at a time.
      const [head, line] = answer.body.split('\0');
      if (!head?.startsWith('SUCCESS:')) return { ok: false, reason: failureReason(answer.body) };
      if (!line) return { ok: true, state: 'pending', detail: 'no delivery report yet' };
      const [, status = '', , ...description] = line.split(',');
      return {
        ok: true,
        state: deliveryState(status),
        detail: failureReason(`${status}: ${description.join(',')}`),
      };
    },
  };
}

/**
 * The documentation names no statuses: a report that says delivered is final, one that says failed, rejected,
 * expired or undelivered is final too, and any other (pending, sent, submitted…) is asked about again.
 */
export function deliveryState(status: string): DeliveryState {
  const word = status.trim().toLowerCase();
  if (/undeliver|fail|reject|expire|invalid|blocked/.test(word)) return 'undelivered';
  if (/deliver/.test(word)) return 'delivered';
  return 'pending';
}
