import type { CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onSendHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import { ACTION_LIMITS, AUTH_LIMITS, type Limit } from './limits.ts';
import { Problem } from './problem.ts';
import { SharedSignInThrottle } from './shared-sign-in-throttle.ts';
import { SignInThrottle, type WrongPasswords } from './sign-in-throttle.ts';

/**
 * Route options limiting calls per IP and, once the body is read, per email address in it: every call
 * counts, so a form cannot be used to flood someone's inbox.
 */
export function limitPerIpAndEmail(
  app: FastifyInstance,
  context: AppContext,
  limits: { ip: Limit; email: Limit },
): {
  rateLimit?: { max: number; timeWindow: number };
  preHandler: preHandlerAsyncHookHandler[];
} {
  if (context.env.RATE_LIMITS === 'off') return { rateLimit: undefined, preHandler: [] };
  // A second limiter on the same route must be checked by hand: the plugin runs one handler per request.
  const countForEmail = app.createRateLimit({
    max: limits.email.max,
    timeWindow: limits.email.window,
    keyGenerator: (request: FastifyRequest) =>
      `${request.routeOptions.url}:${emailIn(request).trim().toLowerCase()}`,
  });
  const perEmail: preHandlerAsyncHookHandler = async (request) => {
    const limit = await countForEmail(request);
    if (!limit.isAllowed && limit.isExceeded) throw tooManyRequests(limit.ttlInSeconds);
  };
  return { rateLimit: { max: limits.ip.max, timeWindow: limits.ip.window }, preHandler: [perEmail] };
}

type Action = keyof typeof ACTION_LIMITS;
type Counter = ReturnType<FastifyInstance['createRateLimit']>;
/** Each app's counters, one per action, shared by every route that does it. */
const actionCounters = new WeakMap<AppContext, Map<Action, Counter>>();
const ACTION_NAMES: Record<Action, string> = {
  register: 'registrations from this connection',
  search: 'searches from this connection',
  page: 'pages opened from this connection',
  nextYear: 'addresses given from this connection',
  give: 'gifts from this connection',
};

/**
 * A hook (onRequest, or preHandler to have the body read first) counting `action` per client address
 * against ACTION_LIMITS, in one counter whichever route does it: the plugin's per-route limits would give
 * the API and the page forms one counter each. `counts` leaves out requests that do not do the action.
 */
export function limitAction(
  app: FastifyInstance,
  context: AppContext,
  action: Action,
  counts: (request: FastifyRequest) => boolean = () => true,
): preHandlerAsyncHookHandler {
  if (context.env.RATE_LIMITS === 'off') return async () => {};
  const counters = actionCounters.get(context) ?? new Map<Action, Counter>();
  actionCounters.set(context, counters);
  const { max, window } = ACTION_LIMITS[action];
  // groupId names the counter in the shared store (shared-rate-limits.ts): a limiter made here has no route.
  const options = { max, timeWindow: window, groupId: `action:${action}` } as CreateRateLimitOptions;
  const count = counters.get(action) ?? app.createRateLimit(options);
  counters.set(action, count);
  return async (request) => {
    if (!counts(request)) return;
    const limit = await count(request);
    if (!limit.isAllowed && limit.isExceeded) throw tooManyRequests(limit.ttlInSeconds, ACTION_NAMES[action]);
  };
}

/**
 * Route options for sign-in: every call counts per IP; wrong passwords (401) count per email and per
 * (email, IP) in a SignInThrottle, which refuses clients that have guessed wrong but never a clean one.
 */
export function limitSignIn(context: AppContext): {
  rateLimit?: { max: number; timeWindow: number };
  preHandler: preHandlerAsyncHookHandler[];
  onSend: onSendHookHandler[];
} {
  if (context.env.RATE_LIMITS === 'off') return { rateLimit: undefined, preHandler: [], onSend: [] };
  const throttle: WrongPasswords =
    context.database.kind === 'postgres' ? new SharedSignInThrottle(context.database) : new SignInThrottle();
  const { ip } = AUTH_LIMITS.signIn;
  return {
    rateLimit: { max: ip.max, timeWindow: ip.window },
    preHandler: [
      async (request) => {
        const wait = await throttle.retryAfter(emailIn(request), request.ip);
        if (wait > 0) throw tooManyRequests(wait);
      },
    ],
    // Before the answer leaves, so that the client's next attempt, on any server, sees this one counted.
    onSend: [
      async (request, reply, payload) => {
        if (reply.statusCode === 401) await throttle.failed(emailIn(request), request.ip);
        else if (reply.statusCode === 200) await throttle.succeeded(emailIn(request), request.ip);
        return payload;
      },
    ],
  };
}

function emailIn(request: FastifyRequest): string {
  // A page's form posted without JavaScript is read as URLSearchParams.
  if (request.body instanceof URLSearchParams) return request.body.get('email') ?? '';
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : '';
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
