import { randomInt, randomUUID } from 'node:crypto';
import { fiveKmEntry } from '../../tests/support/entries.ts';

/**
 * Registration clients that behave like the app's form: each entry has its own Idempotency-Key, and
 * a request without an answer (connection lost, 5xx) is sent again with the same key until it gets one.
 */
export class LoadClients {
  readonly acknowledged = new Set<string>();
  /** Answers other than 201, 200 (a replay) and 503, by status. */
  readonly unexpected = new Map<number, number>();
  private readonly pending = new Set<string>();
  private creating = false;
  private workers: Promise<void>[] = [];
  private deadline = Number.POSITIVE_INFINITY;

  constructor(
    private readonly baseUrl: string,
    private readonly concurrency: number,
    /** Behind a proxy: each entry comes from an address of its own (X-Forwarded-For), as phones do. */
    private readonly ownAddresses = false,
  ) {}

  static body(tag: string) {
    return fiveKmEntry({ firstName: 'Load', lastName: `Client ${tag}`, email: `load.${tag}@example.com` });
  }

  start() {
    this.creating = true;
    this.workers = Array.from({ length: this.concurrency }, () => this.work());
  }

  /** Stops starting new entries and waits (at most `ms`) for those in flight to get an answer. */
  async finish(ms: number) {
    this.creating = false;
    this.deadline = Date.now() + ms;
    await Promise.all(this.workers);
  }

  unanswered() {
    return this.pending.size;
  }

  private async work() {
    while (this.creating) {
      const key = randomUUID();
      this.pending.add(key);
      const body = JSON.stringify(LoadClients.body(key.replaceAll('-', '').slice(0, 12)));
      const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
      while (Date.now() < this.deadline) {
        const status = await this.send(key, body, address);
        if (status === 201 || status === 200) {
          this.acknowledged.add(key);
          this.pending.delete(key);
          break;
        }
        if (status !== 0 && status !== 503)
          this.unexpected.set(status, (this.unexpected.get(status) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  private async send(key: string, body: string, address: string): Promise<number> {
    try {
      const response = await fetch(`${this.baseUrl}/api/registrations`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': key,
          ...(this.ownAddresses ? { 'x-forwarded-for': address } : {}),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return 0;
    }
  }
}
