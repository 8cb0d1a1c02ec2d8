import type { DatabaseHandle } from '../db/client.ts';
import { SIGN_IN_THROTTLE } from './limits.ts';
import { clientKey, emailKey, seconds, type WrongPasswords } from './sign-in-throttle.ts';

/** How often failures already forgotten are deleted. */
const SWEEP_EVERY_MS = 10 * 60_000;

// Times are given from this process's clock ($2 is now, in ms) rather than read from PostgreSQL's, as in
// SignInThrottle: the rules are the same on one server and on many.
const expired = 'f.forget_at <= to_timestamp($2::float8 / 1000.0)';
const counted = `case when ${expired} then 1 else f.count + 1 end`;

const READ = {
  name: 'sign_in_failures_read',
  text: `select key, count, (extract(epoch from forget_at) * 1000)::float8 as "forgetAt",
      (extract(epoch from wait_until) * 1000)::float8 as "waitUntil"
    from sign_in_failures where key = any($1::text[]) and forget_at > to_timestamp($2::float8 / 1000.0)`,
};
const CLIENT_FAILED = {
  name: 'sign_in_failures_client',
  text: `insert into sign_in_failures as f (key, count, forget_at) values ($1, 1, to_timestamp($3::float8 / 1000.0))
    on conflict (key) do update set count = ${counted}, forget_at = excluded.forget_at`,
};
// $4 free failures, $5 the first wait, $6 the longest wait (ms): each failure beyond the free ones doubles it.
const EMAIL_FAILED = {
  name: 'sign_in_failures_email',
  text: `insert into sign_in_failures as f (key, count, forget_at, wait_until)
    values ($1, 1, to_timestamp($3::float8 / 1000.0),
      case when 1 > $4::int then to_timestamp(($2::float8 + least($6::float8, $5::float8)) / 1000.0) end)
    on conflict (key) do update set
      count = ${counted},
      forget_at = excluded.forget_at,
      wait_until = case
        when ${counted} > $4::int
          then to_timestamp(($2::float8 + least($6::float8, $5::float8 * power(2, ${counted} - $4::int - 1))) / 1000.0)
        when ${expired} then null
        else f.wait_until end`,
};
const SUCCEEDED = { name: 'sign_in_failures_clear', text: 'delete from sign_in_failures where key = $1' };
const SWEEP = {
  name: 'sign_in_failures_sweep',
  text: 'delete from sign_in_failures where forget_at <= to_timestamp($1::float8 / 1000.0)',
};

interface Row {
  key: string;
  count: number;
  forgetAt: number;
  waitUntil: number | null;
}

/** SignInThrottle's rules, its failures kept in PostgreSQL so that every server counts them together. */
export class SharedSignInThrottle implements WrongPasswords {
  private lastSweep = 0;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'run'>,
    private readonly limits = SIGN_IN_THROTTLE,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async retryAfter(email: string, address: string): Promise<number> {
    const now = this.now();
    const byClient = clientKey(email, address);
    const rows = await this.database.run<Row>(READ, [[byClient, emailKey(email)], now]);
    const client = rows.find((row) => row.key === byClient);
    if (!client) return 0;
    if (client.count >= this.limits.perClient.max) return seconds(client.forgetAt - now);
    const account = rows.find((row) => row.key !== byClient);
    return account?.waitUntil && account.waitUntil > now ? seconds(account.waitUntil - now) : 0;
  }

  async failed(email: string, address: string) {
    const now = this.now();
    const { perClient, perEmail } = this.limits;
    await this.database.run(CLIENT_FAILED, [clientKey(email, address), now, now + perClient.window]);
    await this.database.run(EMAIL_FAILED, [
      emailKey(email),
      now,
      now + perEmail.window,
      perEmail.freeFailures,
      perEmail.firstWait,
      perEmail.maxWait,
    ]);
    if (now - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = now;
      await this.database.run(SWEEP, [now]);
    }
  }

  async succeeded(email: string, address: string) {
    await this.database.run(SUCCEEDED, [clientKey(email, address)]);
  }
}
