import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../app.ts';

interface Limit {
  max: number;
  /** Milliseconds. */
  window: number;
}

const MINUTE = 60_000;

/** Sign-in, sign-up, resend and reset: per IP (a shared church Wi-Fi gets some room) and per email. */
export const AUTH_LIMITS = {
  signIn: { ip: { max: 60, window: MINUTE }, email: { max: 10, window: MINUTE } },
  signUp: { ip: { max: 30, window: 10 * MINUTE }, email: { max: 3, window: 10 * MINUTE } },
  emailLink: { ip: { max: 30, window: 10 * MINUTE }, email: { max: 3, window: 10 * MINUTE } },
} satisfies Record<string, { ip: Limit; email: Limit }>;

/** Route options limiting calls per IP and, once the body is read, per email address in it. */
export function limitPerIpAndEmail(
  app: FastifyInstance,
  context: AppContext,
  limits: { ip: Limit; email: Limit },
) {
  if (context.env.RATE_LIMITS === 'off') return { rateLimit: undefined, preHandler: [] };
  const perEmail = app.rateLimit({
    max: limits.email.max,
    timeWindow: limits.email.window,
    keyGenerator: (request: FastifyRequest) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return `${request.routeOptions.url}:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
    },
  }) as preHandlerAsyncHookHandler;
  return { rateLimit: { max: limits.ip.max, timeWindow: limits.ip.window }, preHandler: [perEmail] };
}
