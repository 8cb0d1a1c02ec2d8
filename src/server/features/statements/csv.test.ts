import { describe, expect, it } from 'vitest';
import { readCsv } from './csv.ts';
import { parseAmountCents, parseStatementDate, statementLines } from './statement-lines.ts';

const csv = (text: string) => readCsv(Buffer.from(text, 'utf8'));

describe('reading a statement CSV', () => {
  it('reads quoted fields with commas, quotes and line breaks, CRLF and a BOM', async () => {
    const table = await csv(
      '\ufeffDate,Description,Amount\r\n' +
        '14/03/2025,"MOYO, T ""CFR25-0042""",20.00\r\n' +
        '15/03/2025,"two\r\nlines",5\r\n',
    );
    expect(table.columns).toEqual(['Date', 'Description', 'Amount']);
    expect(table.rows).toEqual([
      ['14/03/2025', 'MOYO, T "CFR25-0042"', '20.00'],
      ['15/03/2025', 'two\r\nlines', '5'],
    ]);
  });

  it('skips the account details above the table and reads semicolons', async () => {
    const table = await csv(
      'Account;1234567\nPeriod;March\n\nDate;Narrative;Credit;Currency\n1 Mar 2025;CFR25 42;1.234,00;USD\n',
    );
    expect(table.columns).toEqual(['Date', 'Narrative', 'Credit', 'Currency']);
    expect(table.rows).toHaveLength(1);
  });

  it('reads a Windows-1252 file and names blank or repeated headings', async () => {
    const table = await readCsv(Buffer.from('Date,Caf\xe9,,Amount,Amount\n1,2,3,4,5\n', 'latin1'));
    expect(table.columns).toEqual(['Date', 'Café', 'Column 3', 'Amount', 'Amount (2)']);
  });

  it('refuses what is not a table', async () => {
    await expect(csv('just one column\nand another line\n')).rejects.toThrow(/no table/);
    await expect(csv('a,b\n"unclosed,1\n')).rejects.toThrow(/could not be read/);
  });
});

describe('statement amounts, dates and lines', () => {
  it('reads amounts as banks write them, in cents', () => {
    expect(parseAmountCents('1,234.50')).toBe(123450);
    expect(parseAmountCents('USD 20')).toBe(2000);
    expect(parseAmountCents('(5.00)')).toBe(-500);
    expect(parseAmountCents('-5.5')).toBe(-550);
    expect(parseAmountCents('20.00 CR')).toBe(2000);
    expect(parseAmountCents('')).toBeNull();
    expect(parseAmountCents('Total')).toBeNull();
  });

  it('reads dates day first and as words', () => {
    expect(parseStatementDate('2025-03-14')).toBe('2025-03-14');
    expect(parseStatementDate('14/03/2025 10:22')).toBe('2025-03-14');
    expect(parseStatementDate('14-03-25')).toBe('2025-03-14');
    expect(parseStatementDate('14 Mar 2025')).toBe('2025-03-14');
    expect(parseStatementDate('14-MAR-2025')).toBe('2025-03-14');
    expect(parseStatementDate('31/02/2025')).toBeNull();
    expect(parseStatementDate('soon')).toBeNull();
  });

  it('gives identical lines of a file distinct keys, the same ones each time, and skips rows without an amount', async () => {
    const text = 'Date,Narrative,Amount\n1/3/2025,CFR25-1,20\n1/3/2025,CFR25-1,20\n,Closing balance,\n';
    const mapping = { date: 'Date', narrative: 'Narrative', amount: 'Amount' };
    const first = statementLines(await csv(text), mapping, 'usd_bank');
    expect(first.skippedRows).toBe(1);
    expect(first.lines.map((line) => [line.postedOn, line.amount, line.currency])).toEqual([
      ['2025-03-01', '20.00', 'USD'],
      ['2025-03-01', '20.00', 'USD'],
    ]);
    const [a, b] = first.lines.map((line) => line.lineKey);
    expect(a).not.toBe(b);
    expect(statementLines(await csv(text), mapping, 'usd_bank').lines.map((line) => line.lineKey)).toEqual([
      a,
      b,
    ]);
    expect(statementLines(await csv(text), mapping, 'zwg_bank').lines[0]?.lineKey).not.toBe(a);
  });

  it('needs a currency for a mobile-money statement, from a column or for the whole file', async () => {
    const table = await csv('Date,Narrative,Amount,Ccy\n1/3/2025,x,20,ZiG\n');
    const mapping = { date: 'Date', narrative: 'Narrative', amount: 'Amount' };
    expect(() => statementLines(table, mapping, 'mobile_money')).toThrow(/currency/);
    expect(statementLines(table, { ...mapping, currency: 'Ccy' }, 'mobile_money').lines[0]?.currency).toBe(
      'ZWG',
    );
    expect(
      statementLines(table, { ...mapping, fixedCurrency: 'USD' }, 'mobile_money').lines[0]?.currency,
    ).toBe('USD');
    expect(() => statementLines(table, { ...mapping, amount: 'Nope' }, 'usd_bank')).toThrow(/no column/);
  });
});
