import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { type Account, signInByCookie } from './accounts.ts';
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

/** Signs the admin in by cookie and opens `to` (the dashboard unless told). */
export async function signInAsAdmin(page: Page, admin: Account, to = '/WelcomeAdmin') {
  await signInByCookie(page, admin, to);
  await expect(page).toHaveURL((url) => url.pathname === new URL(to, url).pathname);
}

export const originOf = (testInfo: TestInfo) =>
  new URL(testInfo.project.use.baseURL ?? 'http://127.0.0.1:3100').origin;

/** The event's races as they are, with this runner race added or its capacity changed (as an admin). */
export async function saveRunnerRace(page: Page, testInfo: TestInfo, label: string, capacity: number) {
  const settings = await (await page.request.get('/api/admin/event')).json();
  const races = settings.races.map((race: Record<string, unknown>) => ({
    id: race.id,
    discipline: race.discipline,
    label: race.label,
    capacity: race.label === label ? capacity : race.capacity,
    feeUsd: race.feeUsd,
    feeZwg: race.feeZwg,
    startTime: race.startTime,
  }));
  if (!races.some((race: { label: string }) => race.label === label)) {
    races.push({ discipline: 'run', label, capacity, feeUsd: '10.00', feeZwg: null, startTime: null });
  }
  const response = await page.request.put('/api/admin/event/races', {
    data: { races },
    headers: { origin: originOf(testInfo) },
  });
  expect(response.status()).toBe(200);
}
