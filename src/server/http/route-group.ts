import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from './access.ts';
import { PRIVATE_LINK_LIMIT } from './limits.ts';

type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete'] as const;
type RouteMethods = Pick<Api, (typeof METHODS)[number]>;

/** A private link's token, as its route receives it (any shape: the service answers a wrong one 404). */
export const TokenParams = z.object({ token: z.string() });

/**
 * The token of a route with access 'link' (TokenParams, unless the route declares params of its own); with a
 * shape, a token of any other shape is '' (simply not a link: the service answers it as an unknown one, 404).
 */
export function linkToken(request: FastifyRequest, shape?: RegExp) {
  const { token } = request.params as { token: string };
  return !shape || shape.test(token) ? token : '';
}

interface Options {
  config?: { access?: Access };
  schema?: object;
}

/**
 * Routes declared through the group share who may call them and their tags (fastify/demo's autohooks): a
 * route says only what differs. A route with access 'link' (a private link's: no account, the token in the
 * path) gets TokenParams and PRIVATE_LINK_LIMIT unless it says otherwise; access.ts answers it no-store, and
 * private-paths.ts logs its token as [token].
 */
export function routeGroup(app: FastifyInstance, shared: { access: Access; tags: string[] }): RouteMethods {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const withShared = (options: Options) => {
    const link = (options.config?.access ?? shared.access) === 'link';
    return {
      ...options,
      config: {
        access: shared.access,
        ...(link ? { rateLimit: PRIVATE_LINK_LIMIT } : {}),
        ...options.config,
      },
      schema: { tags: shared.tags, ...(link ? { params: TokenParams } : {}), ...options.schema },
    };
  };
  const group: Record<string, unknown> = {};
  for (const method of METHODS) {
    group[method] = (url: string, options: Options, handler?: unknown) =>
      // biome-ignore lint/suspicious/noExplicitAny: the group hands Fastify's own overloads through unchanged.
      (api[method] as any)(url, withShared(options), ...(handler ? [handler] : []));
  }
  return group as unknown as RouteMethods;
}
