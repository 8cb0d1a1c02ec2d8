import { chromium, request } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './scripts/lib/chromium.ts';
const base = 'http://127.0.0.1:3401';
const api = await request.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } });
await api.post('/api/account/sign-in', { data: { email: 'admin@example.org', password: 'a long password' } });
const ids: string[] = [];
for (const [f, l] of [] as string[][]) {
  const r = await api.post('/api/men/quick', { data: { firstName: f, lastName: l, email: `${f.toLowerCase()}@example.org`, mobile: '0771234567' } });
  console.log('man', r.status());
}
const men = (await (await api.get('/api/men')).json());
const rows = Array.isArray(men) ? men : men.rows ?? men.items;
ids.push(...rows.map((m: { id: string }) => m.id));
const fr = await api.post('/api/facilitators', { data: { firstName: 'Rufaro', lastName: 'Dube', email: 'rufaro@example.org', mobile: '0771234567', maritalStatus: 'Married', church: 'Harare Central', age: '45', address: '1 Main St' } });
console.log('fac', fr.status());
const facs = await (await api.get('/api/facilitators')).json();
const frows = Array.isArray(facs) ? facs : facs.rows ?? facs.items;
await api.post(`/api/facilitators/${frows[0].id}/approve`);
const g = await api.post('/api/programme/groups', { data: { name: 'Eagles', facilitatorId: frows[0].id, memberIds: ids } });
console.log('group', g.status(), await g.text());
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${base}/About`);
  await page.getByLabel('Email').fill('admin@example.org');
  await page.getByLabel('Password').fill('a long password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/WelcomeAdmin/);
  await page.goto(`${base}/Managean`);
  await page.getByRole('button', { name: /Mark all present/ }).waitFor();
  await page.screenshot({ path: `/tmp/shot1/managean-${width}.png`, fullPage: true });
  await page.getByRole('button', { name: /Mark all present/ }).click();
  await page.getByRole('button', { name: 'Undo' }).waitFor();
  await page.screenshot({ path: `/tmp/shot1/managean-marked-${width}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.getByText('Put back as it was.').waitFor();
  await page.close();
}
await browser.close();
