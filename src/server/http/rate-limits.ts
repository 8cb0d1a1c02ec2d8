import type {
  FastifyInstance,
  FastifyRequest,
  onResponseAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { AppContext } from '../app.ts';
import { Problem } from './problem.ts';

interface Limit {
  max: number;
  /** Milliseconds. */
  window: number;
}

const MINUTE = 60_000;

/** Sign-in, sign-up, resend and reset: per IP (a shared church Wi-Fi gets some room) and per email. */
export const AUTH_LIMITS = {
  signIn: { ip: { max: 60, window: MINUTE }, email: { max: 10, window: MINUTE } },
  signUp: { ip: { max: 100, window: 10 * MINUTE }, email: { max: 3, window: 10 * MINUTE } },
  emailLink: { ip: { max: 30, window: 10 * MINUTE }, email: { max: 3, window: 10 * MINUTE } },
} satisfies Record<string, { ip: Limit; email: Limit }>;

/**
 * Route options limiting calls per IP and, once the body is read, per email address in it. With
 * `failuresOnly`, only refused attempts (401) count against the address, so guessing a password is
 * stopped while its owner signing in again and again is not.
 */
export function limitPerIpAndEmail(
  app: FastifyInstance,
  context: AppContext,
  limits: { ip: Limit; email: Limit },
  { failuresOnly = false } = {},
): {
  rateLimit?: { max: number; timeWindow: number };
  preHandler: preHandlerAsyncHookHandler[];
  onResponse: onResponseAsyncHookHandler[];
} {
  if (context.env.RATE_LIMITS === 'off') return { rateLimit: undefined, preHandler: [], onResponse: [] };
  // A second limiter on the same route must be checked by hand: the plugin runs one handler per request.
  const countForEmail = app.createRateLimit({
    max: limits.email.max,
    timeWindow: limits.email.window,
    keyGenerator: (request: FastifyRequest) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return `${request.routeOptions.url}:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
    },
  });
  const perEmail: preHandlerAsyncHookHandler = async (request) => {
    const limit = await countForEmail(request, { increment: !failuresOnly });
    if (limit.isAllowed) return;
    const spent = failuresOnly ? limit.remaining === 0 && limit.ttl > 0 : limit.isExceeded;
    if (spent) throw tooManyRequests(limit.ttlInSeconds);
  };
  const countFailure: onResponseAsyncHookHandler = async (request, reply) => {
    if (reply.statusCode === 401) await countForEmail(request);
  };
  return {
    rateLimit: { max: limits.ip.max, timeWindow: limits.ip.window },
    preHandler: [perEmail],
    onResponse: failuresOnly ? [countFailure] : [],
  };
}

/** A 429 with Retry-After; `what` names what was done too often ("attempts", "uploads"). */
export function tooManyRequests(retryAfterSeconds: number, what = 'attempts') {
  const wait =
    retryAfterSeconds > 90 ? `${Math.ceil(retryAfterSeconds / 60)} minutes` : `${retryAfterSeconds} seconds`;
  return new Problem(
    429,
    'Too Many Requests',
    `Too many ${what}. Please wait ${wait} and try again.`,
    undefined,
    {
      'retry-after': String(retryAfterSeconds),
    },
  );
}
