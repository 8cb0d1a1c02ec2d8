import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import { htmlWithQrCodes, qrAttachments } from './qr-images.ts';
import { claimDueMail, markMailFailed, markMailSent, purgeOldMail } from './repository.ts';

const POLL_MS = 2000;
const BATCH = 100;
const LEASE_SECONDS = 120;
const PURGE_EVERY_MS = 60 * 60_000;

/** Retry after 5 s, 10 s, 20 s … at most 10 minutes. */
export const retryDelaySeconds = (attempts: number) => Math.min(5 * 2 ** attempts, 600);

/**
 * Delivers the mail outbox: over SMTP when SMTP_URL is set, otherwise to the dev outbox
 * (the message is logged with its links, and stays readable in the mail_outbox table).
 */
export class Mailer {
  private transporter?: Promise<Transporter>;
  private timer?: NodeJS.Timeout;
  private purgeTimer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;
  private kickedWhileRunning = false;

  constructor(
    private readonly env: Env,
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  get transportName(): 'smtp' | 'dev-outbox' {
    return this.env.SMTP_URL ? 'smtp' : 'dev-outbox';
  }

  /** The SMTP transport, none without SMTP_URL. nodemailer (0.4 MB of code) loads with the first mail. */
  private transport(): Promise<Transporter> | undefined {
    const url = this.env.SMTP_URL;
    if (!url) return undefined;
    this.transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      // Options such as ?ignoreTLS=true ride on the URL itself (nodemailer parses them).
      nodemailer.createTransport({
        url,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    );
    return this.transporter;
  }

  start() {
    this.stopped = false;
    this.schedule(0);
    this.purgeTimer = setInterval(() => void this.purgeOld(), PURGE_EVERY_MS);
    this.purgeTimer.unref();
  }

  /** Old bodies and records go (see MAIL_RETENTION): hourly while the server listens. */
  async purgeOld() {
    try {
      const purged = await purgeOldMail(this.db);
      if (purged.emptied + purged.deleted > 0) this.log.info(purged, 'old mail purged');
    } catch (error) {
      this.log.warn({ err: error }, 'purging old mail failed');
    }
  }

  /** Asks for a delivery round soon (after new mail was committed). */
  kick() {
    if (!this.stopped && this.timer) this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.purgeTimer);
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    await this.transporter?.then(
      (transporter) => transporter.close(),
      () => {},
    );
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.running) {
        this.kickedWhileRunning = true;
        return;
      }
      let claimed = 0;
      this.running = this.deliverDue()
        .then((round) => {
          claimed = round.claimed;
        })
        .catch((error) => this.log.warn({ err: error }, 'mail delivery round failed'))
        .finally(() => {
          this.running = undefined;
          // More may be waiting (a full batch, or mail queued during the round): go on at once.
          const more = claimed === BATCH || this.kickedWhileRunning;
          this.kickedWhileRunning = false;
          if (!this.stopped) this.schedule(more ? 0 : POLL_MS);
        });
    }, ms);
    this.timer.unref();
  }

  /** One delivery round: how many messages it claimed and how many it sent. */
  async deliverDue(): Promise<{ claimed: number; sent: number }> {
    const due = await claimDueMail(this.db, BATCH, LEASE_SECONDS);
    const transporter = due.length > 0 ? await this.transport() : undefined;
    const sent: number[] = [];
    for (const mail of due) {
      try {
        if (transporter) {
          const codes = mail.attachments ?? [];
          await transporter.sendMail({
            from: this.env.MAIL_FROM,
            to: mail.to,
            subject: mail.subject,
            text: mail.text ?? '',
            html: mail.html ?? (codes.length > 0 ? htmlWithQrCodes(mail.text ?? '', codes) : undefined),
            attachments: await qrAttachments(codes),
          });
        } else {
          this.log.info(
            { mailId: mail.id, subject: mail.subject, links: extractLinks(mail.text ?? '') },
            'dev outbox: mail not sent (no SMTP_URL)',
          );
        }
        // A real send is recorded at once, so a crash later in the round never sends it twice.
        if (transporter) await markMailSent(this.db, [mail.id], this.transportName);
        sent.push(mail.id);
      } catch (error) {
        const delay = retryDelaySeconds(mail.attempts);
        this.log.warn(
          { mailId: mail.id, retryInSeconds: delay, reason: (error as Error).message },
          'mail delivery failed',
        );
        await markMailFailed(this.db, mail.id, (error as Error).message, delay);
      }
    }
    if (!transporter) await markMailSent(this.db, sent, this.transportName);
    return { claimed: due.length, sent: sent.length };
  }
}

function extractLinks(text: string) {
  return text.match(/https?:\/\/\S+/g) ?? [];
}
