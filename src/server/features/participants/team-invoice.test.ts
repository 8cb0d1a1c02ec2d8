import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import {
  changeRaces,
  injectAs,
  paidByHand,
  type SignedIn,
  setUpTestApp,
  signedInAs,
  testDatabaseKind,
} from '../../../../tests/support/test-app.ts';
import { formatShortDate, harareToday } from '../../../shared/dates.ts';
import { NOTHING_TO_INVOICE } from './team-invoice-pdf.ts';

const { app, asAdmin, visitor } = setUpTestApp();

let serial = 0;
const staff = (raceType = '10km', firstName = 'Staff') => {
  serial += 1;
  return {
    discipline: 'run',
    firstName,
    lastName: `Member${serial}`,
    email: `invoice.staff.${serial}.${Date.now()}@example.com`,
    mobile: '0771234567',
    age: 30,
    raceType,
    nextOfKinMobile: '0772345678',
    tshirtSize: 'Large',
    consent: true,
  };
};

async function teamOf(company: SignedIn) {
  return (await injectAs(app, company).get('/api/team/registrations')).json() as {
    entries: { id: string; reference: string; lastName: string }[];
    reference: string;
  };
}

/** The invoice's text as pdftotext lays it out, words joined by single spaces. */
async function invoiceOf(company: SignedIn) {
  const response = await injectAs(app, company).get('/api/team/invoice.pdf');
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return pdfText(response.rawPayload).replace(/[ \t]+/g, ' ');
}

describe(`a company team's invoice (PDF) (${testDatabaseKind})`, () => {
  it('names the company, the team reference and the date; each entry, the total, paid, due and how to pay', async () => {
    await changeRaces(asAdmin, (race) =>
      race.label === '10km' ? { feeUsd: '15.00', feeZwg: '400.00' } : { feeUsd: '10.00', feeZwg: '270.00' },
    );
    const company = await signedInAs(app, 'company');
    const asCompany = injectAs(app, company);
    for (const body of [staff('10km', 'Rudo'), staff('5km', 'Tafadzwa'), staff('10km', 'Nyasha')]) {
      expect((await asCompany.post('/api/team/registrations', body)).statusCode).toBe(201);
    }
    const team = await teamOf(company);
    await paidByHand(asAdmin, team.entries[0]?.id, { method: 'cash', amount: '15.00', paidOn: '2026-11-20' });

    const text = await invoiceOf(company);
    const { user } = (await asCompany.get('/api/account/session')).json();
    expect(text).toContain(`To: ${user.name} · Team reference ${team.reference} · 3 entries`);
    expect(text).toContain(`Date: ${formatShortDate(harareToday())}`);
    for (const entry of team.entries) expect(text).toContain(entry.reference);
    expect(text).toMatch(/1 Rudo Member\d+ CFR25-\d+ Runner, 10km US\$15\.00 or ZWG 400\.00 Paid/);
    expect(text).toMatch(/2 Tafadzwa Member\d+ CFR25-\d+ Runner, 5km US\$10\.00 or ZWG 270\.00 Unpaid/);
    expect(text).toContain('Total fees: US$40.00 or ZWG 1,070.00');
    expect(text).toContain('Already paid: US$15.00');
    expect(text).toContain('Due now: US$25.00 or ZWG 670.00');
    expect(text).toContain(`Use the team reference ${team.reference} as the payment reference.`);
    // The event's payment settings, as the landing's payment panel shows them, the due amount in the code.
    const { payment } = (await visitor.get('/api/event')).json();
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(`account ${payment.usd.accountNumber}, ${payment.bankName}`);
    expect(flat).toContain(`account ${payment.zwg.accountNumber}`);
    expect(flat).toContain(payment.mobileMoney.codePattern.replace('{amount}', '25.00'));
  });

  it('runs onto further pages for a team of 40, each entry once, the header on every page', async () => {
    await changeRaces(asAdmin, () => ({ feeUsd: '15.00', feeZwg: '400.00' }));
    const company = await signedInAs(app, 'company');
    const asCompany = injectAs(app, company);
    for (let i = 0; i < 40; i += 1) {
      expect((await asCompany.post('/api/team/registrations', staff())).statusCode).toBe(201);
    }
    const text = await invoiceOf(company);
    const pages = text.split('\f').filter((page) => page.trim() !== '');
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toContain('Page');
    expect(pages.filter((page) => page.includes('# Name Reference Race Fee Payment'))).toHaveLength(
      pages.filter((page) => /CFR25-\d+ Runner/.test(page)).length,
    );
    for (const entry of (await teamOf(company)).entries) {
      expect(text.split(entry.reference).length - 1, entry.reference).toBe(1);
    }
    expect(text).toContain('40 entries');
    expect(text).toContain('Due now: US$600.00 or ZWG 16,000.00');
  });

  it('is the company’s own: another team gets its own, a team without entries is told so, others are refused', async () => {
    const company = await signedInAs(app, 'company');
    const other = await signedInAs(app, 'company');
    const entry = staff('10km', 'Chiedza');
    expect((await injectAs(app, company).post('/api/team/registrations', entry)).statusCode).toBe(201);
    await injectAs(app, other).post('/api/team/registrations', staff('10km', 'Kudakwashe'));
    const otherText = await invoiceOf(other);
    expect(otherText).toContain('Kudakwashe');
    expect(otherText).not.toContain('Chiedza');

    const empty = await injectAs(app, await signedInAs(app, 'company')).get('/api/team/invoice.pdf');
    expect(empty.statusCode).toBe(409);
    expect(empty.json().detail).toBe(NOTHING_TO_INVOICE);

    expect((await visitor.get('/api/team/invoice.pdf')).statusCode).toBe(401);
    for (const role of ['admin', 'volunteer', 'participant', 'facilitator'] as const) {
      const response = await injectAs(app, await signedInAs(app, role)).get('/api/team/invoice.pdf');
      expect(response.statusCode, role).toBe(403);
    }
  });
});
