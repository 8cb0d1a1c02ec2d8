import type { Auth, AuthDependencies } from './auth.ts';

/**
 * better-auth, made on the first request that needs it (a sign-in, a session check, an email link):
 * its modules are the largest the server has (about 0.2 s and 20–30 MB at start, issue 15), and a
 * server that only takes registrations never needs them. Every use of `Auth` in the app is
 * asynchronous (`api.*`, `handler`, `$context`), so each one waits for the real instance here.
 */
export function lazyAuth(dependencies: AuthDependencies): Auth {
  let loading: Promise<Auth> | undefined;
  const load = () => {
    loading ??= import('./auth.ts').then(({ createAuth }) => createAuth(dependencies));
    return loading;
  };
  type Method = (...args: unknown[]) => Promise<unknown>;
  const api = new Proxy(
    {},
    {
      get:
        (_, name) =>
        async (...args: unknown[]) =>
          ((await load()).api as unknown as Record<string | symbol, Method>)[name]?.(...args),
    },
  );
  const lazy = {
    api,
    handler: async (request: Request) => (await load()).handler(request),
    get $context() {
      return load().then((auth) => auth.$context);
    },
  };
  return lazy as unknown as Auth;
}
