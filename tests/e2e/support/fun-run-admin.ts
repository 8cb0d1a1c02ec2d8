import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { type Account, signInInBrowser } from './accounts.ts';
import { type Entrant, expectThankYou, fillRegistration } from './registration-form.ts';

/** An admin made the way the README says: `npm run admin:create`, against the browser tests' database. */
export function createAdminFromCommandLine(account: Account) {
  const output = execFileSync(
    'npx',
    [
      'tsx',
      'scripts/create-admin.ts',
      '--email',
      account.email,
      '--password',
      account.password,
      '--name',
      account.name,
    ],
    {
      encoding: 'utf8',
      env: {
        ...process.env,
        DATABASE_URL: process.env.E2E_DATABASE_URL,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'celebration-admin-')),
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  expect(output).toContain(`Created admin ${account.email}`);
  return account;
}

/** Registers through the public runner or cyclist form, as a visitor; returns the reference. */
export async function registerInBrowser(page: Page, discipline: 'run' | 'cycle', entrant: Entrant) {
  await page.goto(discipline === 'run' ? '/Register' : '/RegisterCyclist');
  await fillRegistration(page, entrant);
  await page.getByRole('button', { name: 'Register' }).click();
  return expectThankYou(page);
}

export const entrant = (
  firstName: string,
  lastName: string,
  overrides: Partial<Entrant> & Pick<Entrant, 'raceType' | 'tshirtSize'>,
): Entrant => ({
  firstName,
  lastName,
  email: `${firstName}.${lastName}@example.com`.toLowerCase(),
  mobile: '0771234567',
  age: '31',
  nextOfKinMobile: '0712345678',
  ...overrides,
});

/** Signs in on /About and waits for the dashboard, so the session cookie is there before the next page. */
export async function signInAsAdmin(page: Page, admin: Pick<Account, 'email' | 'password'>) {
  await page.goto('/About');
  await signInInBrowser(page, admin);
  await expect(page).toHaveURL(/\/WelcomeAdmin$/);
}
