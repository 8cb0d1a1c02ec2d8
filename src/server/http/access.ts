import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type CurrentUser, ROLES, type Role } from '../../shared/accounts/account.ts';
import { SERVER_RENDERED_PAGES } from '../../shared/server-rendered-pages.ts';
import type { Auth } from '../auth/auth.ts';
import { forbidden, unauthorized } from './problem.ts';

export { ROLES, type Role };
/**
 * Who may call a route: anyone; the holder of a private link (no account: the token in its path proves it,
 * and its answers are personal); or signed-in accounts with one of these roles.
 */
export type Access = 'public' | 'link' | readonly Role[];

/** Whether a route is called without an account. */
export const withoutAccount = (access: Access): access is 'public' | 'link' =>
  access === 'public' || access === 'link';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every API route with its declared access: the authorisation test walks it. */
    apiRoutes: { method: string; url: string; access: Access }[];
  }
  interface FastifyRequest {
    /** The signed-in account on a route that requires one. */
    user?: CurrentUser;
  }
}

// Routes outside the API (static files, health, docs) are public by nature; inside it each must say who may
// call it, and so must the pages the server renders (and the forms they post).
const serverRendered = new Set(Object.keys(SERVER_RENDERED_PAGES).map((page) => page.toLowerCase()));
const needsDeclaration = (url: string) =>
  (url.startsWith('/api/') && !url.startsWith('/api/docs')) || serverRendered.has(url.toLowerCase());

/** Refuses to start a server with an API route that does not declare its access. */
export function requireAccessDeclarations(app: FastifyInstance) {
  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (route) => {
    if (!needsDeclaration(route.url)) return;
    const access = route.config?.access;
    if (access === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} must declare config.access`);
    }
    for (const method of [route.method].flat()) app.apiRoutes.push({ method, url: route.url, access });
  });
}

/** The account behind the request's session cookie, or null. */
export async function currentUser(auth: Auth, request: FastifyRequest): Promise<CurrentUser | null> {
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session || session.user.banned) return null;
  const { id, name, email, role } = session.user;
  return {
    id,
    name,
    email,
    role: (ROLES as readonly string[]).includes(role ?? '') ? (role as Role) : 'participant',
  };
}

/**
 * Checks each route's declared access before anything else runs (no body is read for a refused
 * request): 401 without a session, 403 with the wrong role.
 */
export function enforceAccess(app: FastifyInstance, auth: Auth) {
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined || withoutAccount(access)) return;
    const user = await currentUser(auth, request);
    if (!user) throw unauthorized();
    if (!access.includes(user.role)) throw forbidden("You don't have access to this page.");
    request.user = user;
  });
}

/**
 * Personal data stays out of browser and proxy caches: every answer of a route that needs an account or a
 * private link (refusals included) and every answer that sets or clears a cookie says `Cache-Control: no-store`.
 * A public route whose answer depends on the caller (the session) says so itself.
 */
export function noStoreForPersonalAnswers(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const access = request.routeOptions.config?.access;
    if ((access !== undefined && access !== 'public') || reply.hasHeader('set-cookie')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

/**
 * A state-changing request that carries cookies must come from our own pages: the browser's
 * Origin header says where the request was made, and a cross-site form or script cannot fake it.
 * Our origins are the site's addresses (links.ts): PUBLIC_URL's, or those the server listens on.
 */
export function requireSameOrigin(app: FastifyInstance, ownOrigins: readonly string[]) {
  const own = new Set(ownOrigins);
  app.addHook('onRequest', async (request) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    if (!request.headers.cookie) return;
    if (!own.has(request.headers.origin ?? '')) {
      throw forbidden(
        `This request must come from the Celebration site itself: open ${ownOrigins[0]} and try again.`,
      );
    }
  });
}

/** The signed-in account on a route whose access names roles (enforceAccess has checked it). */
export function signedInUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
