import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PLAIN_TEXT_ONLY } from '../../shared/validation.ts';
import { badRequest } from './problem.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a NUL character (U+0000) in the route's query, params or body gets: refused (400, the default), or
     * stripped, for a caller that must always be answered as it expects (Paynow's result URL).
     */
    nulBytes?: 'refuse' | 'strip';
  }
}

const NUL = '\u0000';

/**
 * Where the first NUL is in a parsed input (a string, an array, a plain object or a form's URLSearchParams,
 * keys included), as a dotted path; undefined when there is none. Walked with a stack, not recursion: a body
 * may nest thousands deep.
 */
export function nulPathIn(input: unknown): string | undefined {
  const stack: [value: unknown, path: string][] = [[input, '']];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [value, path] = next;
    const at = (key: string) => (path ? `${path}.${key}` : key);
    if (typeof value === 'string') {
      if (value.includes(NUL)) return path;
    } else if (value instanceof URLSearchParams) {
      for (const [key, text] of value) if (key.includes(NUL) || text.includes(NUL)) return at(key);
    } else if (value && typeof value === 'object') {
      const entries = Object.entries(value);
      const badKey = entries.find(([key]) => key.includes(NUL));
      if (badKey) return at(badKey[0]);
      // Last in, first out: pushed in reverse, the first field is looked at first.
      for (const [key, item] of entries.reverse()) stack.push([item, at(key)]);
    }
  }
  return undefined;
}

/** The input with every NUL removed (strings, arrays and plain objects, keys included). */
export function withoutNul<T>(input: T): T {
  if (typeof input === 'string') return input.replaceAll(NUL, '') as T;
  if (Array.isArray(input)) return input.map(withoutNul) as T;
  if (input && typeof input === 'object' && !(input instanceof URLSearchParams)) {
    return Object.fromEntries(
      Object.entries(input).map(([key, value]) => [key.replaceAll(NUL, ''), withoutNul(value)]),
    ) as T;
  }
  return input;
}

/** Refuses text that holds a NUL: PostgreSQL cannot store it, and no form, file or link of ours needs it. */
export function refuseNul(text: string, path: string, detail: string) {
  if (text.includes(NUL)) throw badRequest(detail, [{ path, message: PLAIN_TEXT_ONLY }]);
}

const nulRefused = (path: string, where: string) =>
  badRequest(`Please check the ${where} and try again.`, [{ path, message: PLAIN_TEXT_ONLY }]);

const PARTS = [
  ['query', 'query'],
  ['params', 'params'],
  ['body', 'body'],
] as const satisfies [keyof FastifyRequest, string][];

/**
 * The one place NUL is refused in every text input of every route, after parsing and before validation
 * (uploaded files are read later: their text goes through refuseNul). Nothing is logged: a 400 carries no body.
 */
export function refuseNulBytes(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const strip = request.routeOptions.config?.nulBytes === 'strip';
    for (const [part, where] of PARTS) {
      const path = nulPathIn(request[part]);
      if (path === undefined) continue;
      if (!strip) throw nulRefused(path, where);
      (request as unknown as Record<string, unknown>)[part] = withoutNul(request[part]);
    }
  });
}
