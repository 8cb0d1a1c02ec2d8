import type { Locator, Page, TestInfo } from '@playwright/test';
import { query, uniqueName } from './database.ts';

/** A man or facilitator as the "Be That Man" form asks for him. */
export interface ProgrammePerson {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  maritalStatus: string;
  church: string;
  age: string;
  address: string;
}

/** A token no earlier run used: put in surnames or churches, the register's search finds a test's own rows. */
export const uniqueToken = (label: string) => uniqueName(label);

export function newPerson(
  firstName: string,
  lastName: string,
  testInfo: TestInfo,
  fields: Partial<ProgrammePerson> = {},
): ProgrammePerson {
  return {
    firstName,
    lastName,
    email: `${firstName}.${lastName}-${testInfo.project.name}@example.com`.toLowerCase(),
    mobile: '0771234567',
    maritalStatus: 'Married',
    church: 'Celebration Borrowdale',
    age: '38',
    address: '12 Samora Machel Avenue, Harare',
    ...fields,
  };
}

/** The field of that label, exactly (Name is not Surname). */
export const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

/** Fills /RegisterMan or /RegisterFacilitator by the visible labels, as a person would. */
export async function fillBeThatMan(scope: Page | Locator, person: ProgrammePerson) {
  await field(scope, 'Name').fill(person.firstName);
  await field(scope, 'Surname').fill(person.lastName);
  await field(scope, 'Email').fill(person.email);
  await field(scope, 'Mobile').fill(person.mobile);
  await field(scope, 'Marital status').selectOption(person.maritalStatus);
  await field(scope, 'Church').fill(person.church);
  await field(scope, 'Age').fill(person.age);
  await field(scope, 'Address').fill(person.address);
}

/** The body the public API takes (`POST /api/men`, `/api/facilitators`). */
export const joinBody = (person: ProgrammePerson) => ({ ...person, website: '' });

/**
 * Men straight into the register (the public join is rate-limited per address, and some tests need
 * more rows than a page holds). Their church carries the token, so the search finds exactly them.
 */
export async function insertMen(token: string, count: number) {
  await query(
    `insert into men (first_name, last_name, email, mobile, marital_status, church, age, address, status)
     select 'Row' || lpad(i::text, 2, '0'), 'Sample', lower($1) || '-' || i || '@example.com',
            '+26377200' || lpad(i::text, 4, '0'), 'Married', $1, 30 + i, i || ' Print Street, Harare', 'active'
     from generate_series(1, $2::int) as i`,
    [token, count],
  );
}

/** A facilitator applicant straight into the register. */
export async function insertApplicant(person: ProgrammePerson) {
  await query(
    `insert into facilitators (first_name, last_name, email, mobile, marital_status, church, age, address)
     values ($1, $2, $3, '+263771234567', $4, $5, $6, $7)`,
    [
      person.firstName,
      person.lastName,
      person.email,
      person.maritalStatus,
      person.church,
      Number(person.age),
      person.address,
    ],
  );
}
