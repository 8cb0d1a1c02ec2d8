import type { FastifyInstance } from 'fastify';

export const ROLES = ['participant', 'facilitator', 'company', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** Who may call a route: anyone, or signed-in accounts with one of these roles. */
export type Access = 'public' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

// Routes outside the API (static files, health, docs) are public by nature; inside it each must say who may call it.
const needsDeclaration = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/** Refuses to start a server with an API route that does not declare its access. */
export function requireAccessDeclarations(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (needsDeclaration(route.url) && route.config?.access === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} must declare config.access`);
    }
  });
}
