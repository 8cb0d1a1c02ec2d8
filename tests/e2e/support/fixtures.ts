import { test as base, expect } from '@playwright/test';
import { ROLE_HOME } from '../../../src/shared/accounts/roles.ts';
import { type Account, apiSignIn, createAdmin, PASSWORD } from './accounts.ts';
import { uniqueName } from './database.ts';

/**
 * `admin`: one admin account per worker (so per project), made and signed in once: sign-ups are
 * rate-limited per IP, and signing in through the form is accounts.spec.ts's to test.
 */
export const test = base.extend<object, { admin: Account }>({
  admin: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({
        baseURL: workerInfo.project.use.baseURL ?? 'http://127.0.0.1:3100',
      });
      const admin: Account = await createAdmin(request, {
        name: 'Rudo Admin',
        email: `${uniqueName('admin')}-${workerInfo.project.name}@example.com`.toLowerCase(),
        password: PASSWORD,
      });
      // Signed in once for the worker: each test takes these cookies instead of the sign-in form.
      const signedIn = await apiSignIn(request, admin, workerInfo);
      expect(signedIn.status()).toBe(200);
      admin.signedIn = { cookies: (await request.storageState()).cookies, home: ROLE_HOME.admin };
      await request.dispose();
      await use(admin);
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
