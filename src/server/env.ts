import { z } from 'zod';
import { type FAKEABLE, fakedIn } from './fakes/gateways.ts';

const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

const EnvSchema = z.object({
  NODE_ENV: z.preprocess(emptyAsUnset, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(
    emptyAsUnset,
    z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(3000),
  ),
  HOST: z.preprocess(emptyAsUnset, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyAsUnset, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyAsUnset,
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  SMTP_URL: z.preprocess(
    emptyAsUnset,
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: z.preprocess(emptyAsUnset, z.string().default('Celebration <no-reply@celebration.local>')),
  PUBLIC_URL: z.preprocess(
    emptyAsUnset,
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  SESSION_SECRET: z.preprocess(
    emptyAsUnset,
    z.string().min(32, 'must be at least 32 characters long').optional(),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUnset,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  /** Paynow's address: the tests point it at their fake; `fake` starts one inside the server (fakes/gateways.ts). */
  PAYNOW_URL: z.preprocess(
    emptyAsUnset,
    z
      .union([
        z.literal('fake'),
        z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL, or fake' }),
      ])
      .default('https://www.paynow.co.zw'),
  ),
  /**
   * The SMS gateway's address: unset, the txt.co.zw host of the account chosen on /EventSettings; any
   * http(s) address (the tests' fake); `fake` starts one inside the server (fakes/gateways.ts).
   */
  SMS_URL: z.preprocess(
    emptyAsUnset,
    z
      .union([
        z.literal('fake'),
        z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL, or fake' }),
      ])
      .optional(),
  ),
  RATE_LIMITS: z.preprocess(emptyAsUnset, z.enum(['on', 'off']).default('on')),
  /**
   * How often (ms) the public pages' copy of the event is checked against the database under load (a quiet
   * server waits for a check after four times as long): 0 checks at every request, for browser tests that
   * change the database by hand between pages.
   */
  EVENT_CHECK_MS: z.preprocess(
    emptyAsUnset,
    z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(60_000).default(250),
  ),
  /** `on`: GET /api/bench/event-loop answers the event loop's delay, to loopback only (npm run bench). */
  BENCH_METRICS: z.preprocess(emptyAsUnset, z.enum(['on', 'off']).default('off')),
});

/**
 * PUBLIC_URL is the site's one address when set; without it, the site answers at every address it listens on
 * (links.ts). `fakes`: the variables set to `fake`, whose services run as stand-ins (no money moves).
 */
export type Env = z.infer<typeof EnvSchema> & { fakes: readonly (keyof typeof FAKEABLE)[] };

export class EnvError extends Error {
  constructor(readonly lines: string[]) {
    super(`Invalid environment:\n${lines.join('\n')}`);
  }
}

/** Parses the environment; throws EnvError with one readable line per bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (result.success) {
    const env = result.data;
    const fakes = fakedIn(env);
    if (fakes.length > 0 && env.PUBLIC_URL?.startsWith('https:')) {
      throw new EnvError(
        fakes.map(
          (name) =>
            `  ${name}: fake is for trying Celebration, not for a real site: it cannot run with an https PUBLIC_URL (${env.PUBLIC_URL})`,
        ),
      );
    }
    return { ...env, fakes, PUBLIC_URL: env.PUBLIC_URL?.replace(/\/$/, '') };
  }
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    const given = source[name];
    return `  ${name}: ${issue.message}${given === undefined ? '' : ` (got "${given}")`}`;
  });
  throw new EnvError(lines);
}
