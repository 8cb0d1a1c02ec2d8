import type { FastifyInstance } from 'fastify';

/**
 * Route parameters that carry a secret: a private link's token (an entry, an offer, a payment, a password
 * reset) or an entrant's check-in code (what the QR carries). A new route with one is redacted as it is
 * declared; a secret under another name must be added here.
 */
export const PRIVATE_PARAMS: ReadonlySet<string> = new Set(['token', 'code']);

/**
 * Pages of the client a private link opens: served by the client's fallback, so not in the route table.
 * `/My/links` is the page asking for links, not a token.
 */
export const PRIVATE_LINK_PAGES = [
  '/My/links',
  '/My/:token',
  '/Offer/:token',
  '/ConfirmEmail/:token',
  '/Transfer/:token',
  '/PayFor/:token',
];

const REDACTED = '[token]';

const segmentsOf = (path: string) => path.split('/');
const paramsIn = (segment: string) => [...segment.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1]);
const isPrivate = (segment: string) => paramsIn(segment).some((name) => PRIVATE_PARAMS.has(name ?? ''));
const isParam = (segment: string) => segment.includes(':') || segment === '*';
const normal = (path: string) => path.toLowerCase().replace(/\/+$/, '') || '/';

/** Every route's pattern that has a private parameter, and every route without parameters. */
const patterns = new Set<string>();
const statics = new Set<string>();

/** Learns a route (or client page) pattern, so paths that match it are redacted even when no route matched them. */
export function rememberRoute(url: string) {
  if (segmentsOf(url).some(isPrivate)) patterns.add(url);
  else if (!segmentsOf(url).some(isParam)) statics.add(normal(url));
}
for (const page of PRIVATE_LINK_PAGES) rememberRoute(page);

/** Learns every route as the app declares it (Fastify's onRoute), whatever its access or method. */
export function learnPrivatePaths(app: FastifyInstance) {
  app.addHook('onRoute', (route) => rememberRoute(route.url));
}

/** The path with each segment that `pattern` puts a private parameter in replaced. */
function redactAlong(path: string, pattern: string) {
  const wanted = segmentsOf(pattern);
  return segmentsOf(path)
    .map((segment, index) => {
      const along = wanted[index];
      return along !== undefined && isPrivate(along) && segment !== '' ? REDACTED : segment;
    })
    .join('/');
}

/** Whether the path begins as the pattern does, up to its last private parameter (the router ignores case). */
function startsLike(path: string, pattern: string) {
  const have = segmentsOf(path);
  const want = segmentsOf(pattern);
  const last = want.findLastIndex(isPrivate);
  if (have.length <= last) return false;
  for (let index = 0; index <= last; index += 1) {
    const wanted = want[index] ?? '';
    const segment = have[index] ?? '';
    if (wanted === '*') return true;
    if (isParam(wanted) ? segment === '' : wanted.toLowerCase() !== segment.toLowerCase()) return false;
  }
  return true;
}

/**
 * A path (no query) with its private segments replaced by `[token]`: along the route it matched when there is
 * one; otherwise (no route, another method, the client's pages) along every pattern with a private parameter
 * that it could belong to, unless it is itself a route without parameters (`/api/my/links`).
 */
export function redactPrivateSegments(path: string, route?: string) {
  if (route && !route.includes('*')) return redactAlong(path, route);
  if (statics.has(normal(path))) return path;
  let redacted = path;
  for (const pattern of patterns) {
    if (startsLike(redacted, pattern)) redacted = redactAlong(redacted, pattern);
  }
  return redacted;
}
