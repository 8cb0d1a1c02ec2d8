import { test as base } from '@playwright/test';
import { type Account, createAdmin, PASSWORD } from './accounts.ts';
import { uniqueName } from './database.ts';

/** `admin`: one admin account per worker (so per project), made once: sign-ups are rate-limited per IP. */
export const test = base.extend<object, { admin: Account }>({
  admin: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({
        baseURL: workerInfo.project.use.baseURL ?? 'http://127.0.0.1:3100',
      });
      const admin = await createAdmin(request, {
        name: 'Rudo Admin',
        email: `${uniqueName('admin')}-${workerInfo.project.name}@example.com`.toLowerCase(),
        password: PASSWORD,
      });
      await request.dispose();
      await use(admin);
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
