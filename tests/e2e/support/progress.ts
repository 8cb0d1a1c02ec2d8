import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';
import { type Account, newAccount, signInByCookie, verificationLink } from './accounts.ts';
import { query, uniqueName } from './database.ts';

/** The origin a cookie-carrying write must name (the server refuses cross-site writes). */
export const originOf = (testInfo: TestInfo) =>
  new URL(testInfo.project.use.baseURL ?? 'http://127.0.0.1:3100').origin;

/**
 * A client address of its own for each account these journeys create: the server takes
 * X-Forwarded-For from loopback, and sign-ups are limited per address (30 in 10 minutes for the whole
 * run). Each man signs up "from his own phone", leaving the shared allowance to the other tests.
 */
const ownAddress = () => `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

/** Signs up through the API from an address of its own and follows the emailed link (not signed in). */
export async function verifiedAccount(request: APIRequestContext, label: string, testInfo: TestInfo) {
  const token = uniqueName('T');
  const account = newAccount(label, testInfo, `${label} ${token}`);
  const response = await request.post('/api/account/sign-up', {
    data: account,
    headers: { 'x-forwarded-for': ownAddress(), origin: originOf(testInfo) },
  });
  expect(response.status()).toBe(202);
  const link = await verificationLink(account.email);
  const verified = await request.get(link, { maxRedirects: 0 });
  expect(verified.status()).toBe(302);
  return account;
}

/**
 * A participant signed in in this page: signed up and verified (which gives him his programme record)
 * and then signed in.
 */
export async function signedInParticipant(
  page: Page,
  request: APIRequestContext,
  label: string,
  testInfo: TestInfo,
) {
  // Not page.request: following the link signs that context in, and he signs in on the page himself.
  const account = await verifiedAccount(request, label, testInfo);
  await signIn(page, account);
  await expect(page).toHaveURL(/\/WelcomeMan$/);
  return account;
}

/** Signs in by cookie and opens the account's home (the sign-in form is accounts.spec.ts's to test). */
export const signIn = (page: Page, account: Account) => signInByCookie(page, account);

export async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** A verified account made a facilitator the way an admin's approval ends: role and an approved record. */
export async function facilitatorAccount(request: APIRequestContext, label: string, testInfo: TestInfo) {
  const account = await verifiedAccount(request, label, testInfo);
  await query(`update "user" set role = 'facilitator' where email = $1`, [account.email]);
  const [firstName, ...rest] = account.name.split(' ');
  const [row] = await query<{ id: string }>(
    `insert into facilitators (first_name, last_name, email, mobile, status, user_id)
     select $1, $2, email, '+263771234567', 'approved', id from "user" where email = $3
     returning id`,
    [firstName, rest.join(' '), account.email],
  );
  if (!row) throw new Error('no facilitator record');
  // His participant record (made at verification) goes: he is a facilitator, not a man in a group.
  await query(`delete from men where email = $1`, [account.email]);
  return { ...account, facilitatorId: row.id };
}

export async function manIdOf(email: string) {
  const [man] = await query<{ id: string }>(`select id from men where lower(email) = lower($1)`, [email]);
  if (!man) throw new Error(`no programme record for ${email}`);
  return man.id;
}

/** An admin's API session (its own request context: cookies, and the Origin every write needs). */
export async function adminApi(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  admin: Account,
  testInfo: TestInfo,
) {
  const origin = originOf(testInfo);
  const api = await playwright.request.newContext({
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: { origin },
  });
  const signedIn = await api.post('/api/account/sign-in', {
    data: { email: admin.email, password: admin.password },
  });
  expect(signedIn.status()).toBe(200);
  return api;
}

/** The seeded assignment, due next year so that an upload today is on time. */
export async function assignmentDueNextYear(api: APIRequestContext, title: string) {
  const list = (await (await api.get('/api/programme/assignments')).json()) as {
    id: string;
    title: string;
  }[];
  const assignment = list.find((a) => a.title === title);
  if (!assignment) throw new Error(`no assignment ${title}`);
  const dueOn = `${new Date().getFullYear() + 1}-05-03`;
  const changed = await api.put(`/api/programme/assignments/${assignment.id}`, { data: { title, dueOn } });
  expect(changed.status()).toBe(200);
  return { ...assignment, dueOn };
}

/**
 * An open session next year (the seeded ones were held in 2024), made by the admin's API; `remove` takes it
 * away again (from afterEach, whatever the journey's end) so that the others keep counting eight sessions.
 */
export async function upcomingSession(api: APIRequestContext, name: string) {
  const heldOn = `${new Date().getFullYear() + 1}-01-30`;
  const made = await api.post('/api/programme/sessions', { data: { name, heldOn, state: 'open' } });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  return {
    id,
    name,
    heldOn,
    remove: () => query('delete from workout_sessions where id = $1', [id]),
  };
}

/** A cell group of these men led by this facilitator (made by the admin's API). */
export async function cellGroup(api: APIRequestContext, facilitatorId: string, memberIds: string[]) {
  const name = `Group ${uniqueName('G')}`;
  const made = await api.post('/api/programme/groups', { data: { name, facilitatorId, memberIds } });
  expect(made.status()).toBe(201);
  return { ...((await made.json()) as { id: string }), name };
}

/** A tiny but real PDF (file-type knows it by its %PDF- signature). */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

/** A Windows program's first bytes ("MZ" header), to be renamed .pdf. */
export const EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
  Buffer.alloc(512, 0),
]);
