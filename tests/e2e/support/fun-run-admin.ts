import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { runnerEntry } from '../../support/entries.ts';
import { type AdminRace, raceAsSent } from '../../support/races.ts';
import { type Account, signInByCookie } from './accounts.ts';
import { query, uniqueName } from './database.ts';
import { originOf } from './progress.ts';
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

/**
 * A mother (Rudo, 38) and her son (Tinashe, 12, sharing her contact) filled in on the group form, both in
 * `raceType`, her agreement for him given: the form is left ready to send.
 */
export async function fillMotherAndSon(page: Page, lastName: string, raceType: string) {
  await page.goto('/Register');
  await fillRegistration(page, entrant('Rudo', lastName, { age: '38', raceType, tshirtSize: 'Large' }));
  await page.getByRole('button', { name: 'Add another person' }).click();
  const son = page.getByRole('group', { name: 'Person 2' });
  await son.getByLabel('First name').fill('Tinashe');
  await son.getByLabel('Last name').fill(lastName);
  await son.getByLabel('Age').fill('12');
  await son.getByLabel('Race type').selectOption(raceType);
  await son.getByLabel('T-shirt size').selectOption('Small');
  await son.getByLabel('Next of kin mobile').fill('0712345678');
  await son.getByLabel(/I am the parent or guardian/).check();
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

/**
 * Signs the admin in on /EventSettings and adds a runner race there, not saved yet; answers the Races
 * section, its runner races and the new race's fields.
 */
export async function addingRunnerRace(page: Page, admin: Account) {
  await signInAsAdmin(page, admin, '/EventSettings');
  const races = page.getByRole('region', { name: 'Races' });
  const runnerRaces = races.getByRole('group', { name: 'Runner races' });
  await runnerRaces.getByRole('button', { name: 'Add a runner race' }).click();
  const added = runnerRaces.getByRole('group', { name: 'New race, 0 entries' });
  return { races, runnerRaces, added };
}

/** A runner race of the current event with these fees, as an admin sets them on /EventSettings; answers its label. */
export async function raceWithFees(name: string, feeUsd: string, feeZwg: string | null = null) {
  const label = uniqueName(name).slice(0, 20);
  await query(
    `insert into race_options (event_id, discipline, label, sort_order, fee_usd, fee_zwg)
      select id, 'run', $1, 91, $2, $3 from events where is_current`,
    [label, feeUsd, feeZwg],
  );
  return label;
}

/**
 * Registers a runner through the public API, as the form does (a 10 km runnerEntry for this person, at
 * firstname.lastname@example.com unless overrides say); answers the reference, private link and address.
 */
export async function registeredByApi(
  page: Page,
  testInfo: TestInfo,
  firstName: string,
  lastName: string,
  overrides: Record<string, unknown> = {},
) {
  const data = runnerEntry('', {
    firstName,
    lastName,
    email: `${firstName}.${lastName}@example.com`.toLowerCase(),
    ...overrides,
  });
  const response = await page.request.post('/api/registrations', {
    data,
    headers: { origin: originOf(testInfo) },
  });
  expect(response.status()).toBe(201);
  const receipt = await response.json();
  return {
    reference: receipt.reference as string,
    myLink: receipt.myLink as string,
    email: data.email as string,
  };
}

/**
 * Registers runners of this surname in this race through the public API, one a first name, in that order;
 * answers their references in the same order.
 */
export async function runnersRegistered<const Names extends readonly string[]>(
  page: Page,
  testInfo: TestInfo,
  race: string,
  surname: string,
  firstNames: Names,
) {
  const references: string[] = [];
  for (const firstName of firstNames) {
    references.push(
      (await registeredByApi(page, testInfo, firstName, surname, { raceType: race })).reference,
    );
  }
  return references as { [K in keyof Names]: string };
}

/** The event's races as they are, with this runner race added or its capacity changed (as an admin). */
export async function saveRunnerRace(page: Page, testInfo: TestInfo, label: string, capacity: number) {
  const settings = await (await page.request.get('/api/admin/event')).json();
  const races: Record<string, unknown>[] = settings.races.map((race: AdminRace) =>
    raceAsSent(race, race.label === label ? { capacity } : {}),
  );
  if (!races.some((race) => race.label === label)) {
    races.push({ discipline: 'run', label, capacity, feeUsd: '10.00', feeZwg: null, startTime: null });
  }
  const response = await page.request.put('/api/admin/event/races', {
    data: { races },
    headers: { origin: originOf(testInfo) },
  });
  expect(response.status()).toBe(200);
}

/** Three of a signed-in company's staff (Chipo, Farai, Kuda and a new surname), entered as the team form does. */
export async function registerThreeStaff(page: Page, testInfo: TestInfo, race: string) {
  const surname = uniqueName('Staff');
  for (const firstName of ['Chipo', 'Farai', 'Kuda']) {
    const response = await page.request.post('/api/team/registrations', {
      headers: { origin: originOf(testInfo) },
      data: {
        discipline: 'run',
        firstName,
        lastName: surname,
        email: `${firstName}.${surname}@example.com`.toLowerCase(),
        mobile: '0771234567',
        age: 35,
        raceType: race,
        nextOfKinMobile: '0772000111',
        tshirtSize: 'Large',
        consent: true,
      },
    });
    expect(response.status()).toBe(201);
  }
  return surname;
}
