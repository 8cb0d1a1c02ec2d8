import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { SmsProvider } from './provider.ts';
import {
  claimDueSms,
  markSmsAccepted,
  markSmsDelivery,
  markSmsFailed,
  purgeOldSms,
  smsAccountOf,
} from './repository.ts';
import { decryptSmsPassword } from './sms-password.ts';
import { TXT_HOSTS, txtCoZw } from './txt-co-zw.ts';

const POLL_MS = 5000;
const BATCH = 50;
const LEASE_SECONDS = 120;
const GIVE_UP_MS = 24 * 60 * 60_000;
const PURGE_EVERY_MS = 60 * 60_000;
/** Failures in a row with the same reason before the admins are told. */
export const FAILURE_STREAK = 3;

/** Again after 30 s, 1 min, 2 min … at most 30 minutes (for 24 hours). */
export const smsRetryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** attempts, 1800);
/** Delivery is asked about after a minute, then less often as the message ages, at most hourly. */
const checkDelaySeconds = (ageMs: number) => Math.round(Math.min(Math.max(ageMs / 4000, 60), 3600));
/** When an accepted text's delivery is first asked about. */
export const FIRST_CHECK_SECONDS = checkDelaySeconds(0);

export type SentSms = Awaited<ReturnType<typeof claimDueSms>>[number];

export interface SmsHooks {
  /** The gateway accepted a text (a waitlist offer's time counts from now). */
  accepted?: (sms: SentSms) => Promise<void>;
  /** FAILURE_STREAK texts in a row failed for the same reason. */
  failing?: (reason: string) => Promise<void>;
}

/**
 * Delivers the SMS outbox through the event's gateway account, and follows each accepted text's delivery until
 * it is final or 24 hours old. A listening server runs it every few seconds; API tests call deliverDue().
 */
export class SmsSender {
  private timer?: NodeJS.Timeout;
  private purgeTimer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = true;
  private streak = { reason: '', count: 0 };

  constructor(
    private readonly env: Env,
    private readonly secret: string,
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Who reacts to what the gateway answered: connected in src/server/subscribers.ts. */
  readonly hooks: SmsHooks = {};

  /** The gateway of an event's account, none while its SMS are off or its password cannot be read. */
  providerFor(eventId: string): Promise<SmsProvider | undefined> {
    return this.accountProvider(eventId, { whileOff: false });
  }

  /**
   * The gateway of an event's saved account even while its SMS are off, for the admin's test message; none
   * until a username and password are saved (or when the password cannot be read).
   */
  testProviderFor(eventId: string): Promise<SmsProvider | undefined> {
    return this.accountProvider(eventId, { whileOff: true });
  }

  private async accountProvider(eventId: string, { whileOff }: { whileOff: boolean }) {
    const account = await smsAccountOf(this.db, eventId);
    const settings = account?.settings;
    if (!settings || !(settings.enabled || whileOff) || !settings.username || !account?.passwordEncrypted) {
      return undefined;
    }
    const password = decryptSmsPassword(this.secret, eventId, account.passwordEncrypted);
    if (password === null) return undefined;
    return txtCoZw({
      baseUrl: this.env.SMS_URL ?? TXT_HOSTS[settings.account],
      username: settings.username,
      password,
      senderNumber: settings.senderNumber,
    });
  }

  start() {
    this.stopped = false;
    this.schedule(0);
    this.purgeTimer = setInterval(
      () =>
        void purgeOldSms(this.db).catch((error) => this.log.warn({ err: error }, 'purging old SMS failed')),
      PURGE_EVERY_MS,
    );
    this.purgeTimer.unref();
  }

  kick() {
    if (!this.stopped && !this.running) this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.purgeTimer);
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      let claimed = 0;
      this.running = this.deliverDue()
        .then((round) => {
          claimed = round.claimed;
        })
        .catch((error) => this.log.warn({ err: error }, 'SMS round failed'))
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.schedule(claimed === BATCH ? 0 : POLL_MS);
        });
    }, ms);
    this.timer.unref();
  }

  /** One round: sends what is due and asks about accepted texts' delivery. */
  async deliverDue(): Promise<{ claimed: number }> {
    const due = await claimDueSms(this.db, BATCH, LEASE_SECONDS);
    const providers = new Map<string, Promise<SmsProvider | undefined>>();
    for (const sms of due) {
      if (!providers.has(sms.eventId)) providers.set(sms.eventId, this.providerFor(sms.eventId));
      const provider = await providers.get(sms.eventId);
      if (sms.status === 'queued') await this.send(sms, provider);
      else await this.followDelivery(sms, provider);
    }
    return { claimed: due.length };
  }

  private async send(sms: SentSms, provider: SmsProvider | undefined) {
    if (!provider || sms.body === null) {
      await markSmsFailed(this.db, sms.id, 'Text messages are off for this event', null);
      return;
    }
    const result = await provider.send({ to: sms.to, body: sms.body });
    if (result.ok) {
      this.streak = { reason: '', count: 0 };
      await markSmsAccepted(this.db, sms.id, result.gatewayId, FIRST_CHECK_SECONDS);
      await this.hooks.accepted?.(sms);
      return;
    }
    const tooOld = Date.now() - sms.createdAt.getTime() > GIVE_UP_MS;
    // Never the number or the text: the reason is the gateway's answer.
    this.log.warn({ smsId: sms.id, kind: sms.kind, reason: result.reason }, 'SMS not accepted');
    await markSmsFailed(this.db, sms.id, result.reason, tooOld ? null : smsRetryDelaySeconds(sms.attempts));
    await this.countFailure(result.reason);
  }

  private async countFailure(reason: string) {
    this.streak =
      reason === this.streak.reason ? { reason, count: this.streak.count + 1 } : { reason, count: 1 };
    if (this.streak.count === FAILURE_STREAK) await this.hooks.failing?.(reason);
  }

  private async followDelivery(sms: SentSms, provider: SmsProvider | undefined) {
    const age = Date.now() - (sms.sentAt ?? sms.createdAt).getTime();
    const report = provider && sms.gatewayId ? await provider.check(sms.gatewayId) : undefined;
    const later = age > GIVE_UP_MS ? null : checkDelaySeconds(age);
    if (!report?.ok) {
      await markSmsDelivery(this.db, sms.id, {
        status: 'accepted',
        detail: sms.deliveryDetail ?? '',
        checkInSeconds: later,
      });
      return;
    }
    await markSmsDelivery(this.db, sms.id, {
      status: report.state === 'pending' ? 'accepted' : report.state,
      detail: report.detail,
      checkInSeconds: report.state === 'pending' ? later : null,
    });
  }
}
