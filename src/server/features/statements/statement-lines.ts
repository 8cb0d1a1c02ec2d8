import { createHash } from 'node:crypto';
import type { Currency } from '../../../shared/participants/participants.ts';
import { normalisePhone } from '../../../shared/phone.ts';
import {
  ACCOUNT_CURRENCY,
  STATEMENT_LIMITS,
  type StatementAccount,
  type StatementMapping,
} from '../../../shared/statements/statements.ts';
import { badRequest } from '../../http/problem.ts';
import type { CsvTable } from './csv.ts';

/** A row of the statement as a line: its date (ISO, when readable), narrative, amount and currency. */
export interface ParsedLine {
  lineKey: string;
  postedOn: string | null;
  narrative: string;
  amount: string;
  currency: Currency;
  /** The sender's number (E.164), when the statement has a sender column and the cell holds a number. */
  payerPhone: string | null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const iso = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  const valid =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return valid ? date.toISOString().slice(0, 10) : null;
};
const fullYear = (year: string) => (year.length === 2 ? 2000 + Number(year) : Number(year));

/**
 * A statement's date: 2025-03-14, 14/03/2025, 14-03-25, 14 Mar 2025, 14-MAR-2025 (with a time after it or
 * not). Numeric dates are read day first, as Zimbabwean banks write them.
 */
export function parseStatementDate(text: string): string | null {
  const value = text.trim();
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(value);
  if (match) return iso(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})(?!\d)/.exec(value);
  if (match) return iso(fullYear(match[3] ?? ''), Number(match[2]), Number(match[1]));
  match = /^(\d{1,2})[-/. ]([A-Za-z]{3})[A-Za-z]*[-/. ,]+(\d{4}|\d{2})(?!\d)/.exec(value);
  const month = MONTHS.indexOf((match?.[2] ?? '').toLowerCase());
  if (match && month >= 0) return iso(fullYear(match[3] ?? ''), month + 1, Number(match[1]));
  return null;
}

/**
 * An amount as banks write it: "1,234.50", "USD 20.00", "(5.00)" or "-5.00" (money out), "20.00 CR". Answers
 * cents, or null when the cell holds no amount.
 */
export function parseAmountCents(text: string): number | null {
  let value = text.trim().replace(/\s/g, '');
  const negative = /^\(.*\)$/.test(value) || /^-/.test(value) || /DR$/i.test(value);
  value = value.replace(/^\(|\)$/g, '').replace(/(CR|DR)$/i, '');
  value = value
    .replace(/^-/, '')
    .replace(/^[A-Za-z$]+/, '')
    .replace(/[A-Za-z$]+$/, '');
  if (!/^\d{1,3}(,\d{3})*(\.\d{1,2})?$|^\d+(\.\d{1,2})?$/.test(value)) return null;
  const [whole = '0', fraction = ''] = value.replace(/,/g, '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
}

export const centsToAmount = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** ZiG is what most people call the ZWG (Zimbabwe Gold). */
function parseCurrency(text: string): Currency | null {
  const value = text.trim().toUpperCase();
  if (value === 'USD' || value === 'US$' || value === '$') return 'USD';
  if (value === 'ZWG' || value === 'ZIG') return 'ZWG';
  return null;
}

/**
 * Reads a statement's rows under a mapping, one at a time: each row's line, with its key (a digest of the
 * account, date, narrative, amount, currency and how many identical lines came before it in the file, so the
 * same statement imported again gives the same keys and two identical payments on one day stay two lines),
 * or null for a row without an amount or in another currency. Refuses a mapping the file does not fit.
 */
export function statementLineReader(table: CsvTable, mapping: StatementMapping, account: StatementAccount) {
  const at = (name: string | undefined) => {
    if (name === undefined || name === '') return -1;
    const index = table.columns.indexOf(name);
    if (index < 0) throw badRequest(`This file has no column "${name}". Choose its columns again.`);
    return index;
  };
  const [dateAt, narrativeAt, amountAt] = [at(mapping.date), at(mapping.narrative), at(mapping.amount)];
  const currencyAt = mapping.fixedCurrency ? -1 : at(mapping.currency);
  const [payerAt, payerNameAt] = [at(mapping.payer), at(mapping.payerName)];
  const fixed = mapping.fixedCurrency ?? ACCOUNT_CURRENCY[account];
  if (currencyAt < 0 && !fixed) {
    throw badRequest('Choose the currency column, or say which currency the whole statement is in.');
  }
  if (table.rows.length > STATEMENT_LIMITS.lines) {
    throw badRequest(`This statement has more than ${STATEMENT_LIMITS.lines} lines: import it in parts.`);
  }
  const seen = new Map<string, number>();
  return (row: string[]): ParsedLine | null => {
    const cents = parseAmountCents(row[amountAt] ?? '');
    const currency = currencyAt >= 0 ? parseCurrency(row[currencyAt] ?? '') : fixed;
    if (cents === null || currency === null) return null;
    const payerName = payerNameAt >= 0 ? (row[payerNameAt] ?? '').trim() : '';
    const narrative = [
      row[narrativeAt] ?? '',
      payerName && payerName !== row[narrativeAt] ? `from ${payerName}` : '',
    ]
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    const line = {
      postedOn: parseStatementDate(row[dateAt] ?? ''),
      narrative,
      amount: centsToAmount(cents),
      currency,
    };
    const identity = JSON.stringify([account, row[dateAt] ?? '', line.narrative, line.amount, currency]);
    const before = seen.get(identity) ?? 0;
    seen.set(identity, before + 1);
    const lineKey = createHash('sha256').update(`${identity}#${before}`).digest('base64url');
    const payerPhone = payerAt >= 0 ? normalisePhone(row[payerAt] ?? '') : null;
    return { lineKey, ...line, payerPhone };
  };
}

/** Every line of a statement under a mapping, and how many rows were left out (see statementLineReader). */
export function statementLines(table: CsvTable, mapping: StatementMapping, account: StatementAccount) {
  const read = statementLineReader(table, mapping, account);
  const lines = table.rows.map(read).filter((line) => line !== null);
  return { lines, skippedRows: table.rows.length - lines.length };
}
