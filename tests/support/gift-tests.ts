import { expect } from 'vitest';
import type { StatementReview } from '../../src/shared/statements/statements.ts';
import { changeRaces, type injectAs, multipartFile } from './test-app.ts';

type Client = ReturnType<typeof injectAs>;

/** Gifts open (or closed) to "Borehole", goal US$1,000, as an admin saves the cause. */
export const openGifts = (asAdmin: Client, giftsOpen = true) =>
  asAdmin.put('/api/admin/cause', { title: 'Borehole', text: '', goalUsd: '1000', giftsOpen });

/** Every race: USD 20 (ZWG 520). */
export const feesOfTwenty = (asAdmin: Client) =>
  changeRaces(asAdmin, () => ({ feeUsd: '20.00', feeZwg: '520.00' }));

/** A bank statement of one line (6 November 2026 unless `date` says), imported by the admin: its review, not yet confirmed. */
export async function importStatementLine(
  asAdmin: Client,
  narrative: string,
  amount: string,
  account: 'usd_bank' | 'zwg_bank' = 'usd_bank',
  date = '2026-11-06',
) {
  const form = multipartFile(
    'statement.csv',
    Buffer.from(
      `Transaction Date,Narrative,Amount\n${date.split('-').reverse().join('/')},"${narrative}",${amount}\n`,
    ),
    'text/csv',
  );
  const query = new URLSearchParams({
    account,
    date: 'Transaction Date',
    narrative: 'Narrative',
    amount: 'Amount',
  });
  const uploaded = await asAdmin.post(`/api/statements?${query}`, form.payload, {
    'content-type': form.contentType,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return uploaded.json().review as StatementReview;
}
