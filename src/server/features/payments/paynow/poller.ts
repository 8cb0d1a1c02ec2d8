import type { AppContext } from '../../../context.ts';
import { claimDuePayments, POLL_TIMING, type PollTiming, pollPayment } from './service.ts';

const BATCH = 20;
/** Long enough for a round of slow polls; another server takes an attempt over only after it. */
const LEASE_SECONDS = 60;

export interface PollerTiming extends PollTiming {
  /** How often it looks for attempts due when nothing woke it. */
  idleMs: number;
}

/**
 * Follows online payments in the background, like the mail outbox: started with the server, stopped on
 * close. Attempts are claimed with a lease, so servers sharing a database never poll the same one; an
 * attempt started before a restart is picked up again from the database.
 */
export class PaynowPoller {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private kicked = false;

  constructor(
    private readonly context: AppContext,
    private readonly timing: PollerTiming = { ...POLL_TIMING, idleMs: 1000 },
  ) {}

  start() {
    this.stopped = false;
    this.schedule(0);
  }

  /** Something is due now (a status update came in): look at once rather than at the next tick. */
  kick() {
    if (this.stopped) return;
    if (this.running) this.kicked = true;
    else this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One round: polls every attempt due; how many it claimed. */
  async pollDue(): Promise<number> {
    const due = await claimDuePayments(this.context, BATCH, LEASE_SECONDS);
    await Promise.all(
      due.map((attempt) =>
        pollPayment(this.context, attempt, this.timing).catch((error: unknown) => {
          this.context.log.error({ err: error, onlinePaymentId: attempt.id }, 'Paynow poll round failed');
        }),
      ),
    );
    return due.length;
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.running) return;
      this.kicked = false;
      this.running = this.pollDue()
        .catch((error: unknown) => {
          this.context.log.error({ err: error }, 'Paynow poller failed');
          return 0;
        })
        .then((claimed) => {
          this.running = undefined;
          if (!this.stopped) this.schedule(claimed === BATCH || this.kicked ? 0 : this.timing.idleMs);
        });
    }, ms);
    this.timer.unref?.();
  }
}
