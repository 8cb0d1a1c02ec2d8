import { stringify } from 'csv-stringify/sync';

/** An entry the statement pays: its reference (CFR25-0042) and its fee in the statement's currency. */
export interface FixtureEntry {
  reference: string;
  fee: string;
}

/** What a generated statement holds, for the test to check against. */
export interface BankStatement {
  csv: string;
  /** References paid exactly, each by one line. */
  paying: string[];
  /** Pairs of references named together by one line. */
  ambiguous: [string, string][];
  /** References paid with another amount than the fee. */
  wrongAmount: string[];
}

/** A small deterministic generator, so a failing run can be read again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** The ways people write CFR25-0042 in a transfer's narrative. */
function loosely(reference: string, variant: number) {
  const [prefix = '', number = ''] = reference.split('-');
  const bare = String(Number(number));
  const letters = prefix.replace(/\d+$/, '');
  const digits = prefix.slice(letters.length);
  return [
    reference,
    reference.toLowerCase(),
    `${prefix} ${bare}`,
    `${prefix}${number}`,
    `${letters} ${digits} ${number}`,
    `${prefix.toLowerCase()}.${number}`,
    `${prefix}-${bare}`,
    `${prefix} - ${number}`,
  ][variant % 8] as string;
}

const NAMES = ['T MOYO', 'R CHIWESHE', 'N SIBANDA', 'F MUTASA', 'P NCUBE', 'G MAPFUMO', 'S DUBE', 'K BANDA'];

const money = (cents: number) => (cents / 100).toFixed(2);
const cents = (amount: string) => Math.round(Number(amount) * 100);

/**
 * A realistic 200-line bank statement CSV (account details above the table, a running balance, dates day
 * first, commas inside quoted narratives): 60 lines paying an entry's fee with its reference written in
 * various ways, 5 naming two entries at once, 5 paying another amount than the fee, and 130 unrelated lines
 * (salaries, airtime, bank fees, tithes, a phone number and last year's prefix after "CFR"). Needs 75
 * entries: the first 60 pay, the next 5 pay the wrong amount, the last 10 are named in pairs.
 */
export function bankStatementCsv(entries: FixtureEntry[], seed = 7): BankStatement {
  if (entries.length < 75) throw new Error('bankStatementCsv needs 75 entries');
  const next = random(seed);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T;
  const paying = entries.slice(0, 60);
  const wrong = entries.slice(60, 65);
  const pairs = [0, 1, 2, 3, 4].map(
    (i) => [entries[65 + 2 * i], entries[66 + 2 * i]] as [FixtureEntry, FixtureEntry],
  );

  const lines: [string, number][] = [];
  paying.forEach((entry, i) => {
    const ref = loosely(entry.reference, i);
    const text = pick([
      `FT FROM ${pick(NAMES)} REF ${ref}`,
      `${ref} FUN RUN ${pick(NAMES)}`,
      `RTGS/${pick(NAMES)}, ${ref}, CELEBRATION RUN`,
      `ZIPIT ${pick(NAMES)} ${ref}`,
    ]);
    lines.push([text, cents(entry.fee)]);
  });
  wrong.forEach((entry, i) => {
    lines.push([`FT FROM ${pick(NAMES)} REF ${loosely(entry.reference, i + 2)}`, cents(entry.fee) - 500]);
  });
  for (const [a, b] of pairs) {
    lines.push([`FT ${pick(NAMES)} FOR ${a.reference} AND ${b.reference}`, cents(a.fee) + cents(b.fee)]);
  }
  const unrelated: (() => [string, number])[] = [
    () => [`SALARY PAYMENT ${pick(NAMES)}`, -Math.round(30000 + next() * 50000)],
    () => [`AIRTIME 077${Math.floor(1000000 + next() * 8999999)}`, -Math.round(100 + next() * 2000)],
    () => ['BANK CHARGES, SERVICE FEE', -Math.round(100 + next() * 900)],
    () => ['IMTT 2%', -Math.round(10 + next() * 400)],
    () => [`TITHE ${pick(NAMES)}`, Math.round(1000 + next() * 20000)],
    () => [`OFFERING SUNDAY ${Math.floor(1 + next() * 28)}/11`, Math.round(2000 + next() * 150000)],
    () => [`CFR25 077${Math.floor(1000000 + next() * 8999999)} ${pick(NAMES)}`, 2000],
    () => [`CFR24-00${Math.floor(10 + next() * 89)} LAST YEAR`, 2000],
    () => [`POS PURCHASE OK ZIMBABWE ${Math.floor(next() * 9999)}`, -Math.round(500 + next() * 9000)],
    () => [`INWARD TRANSFER ${pick(NAMES)} HALL HIRE`, Math.round(5000 + next() * 20000)],
  ];
  while (lines.length < 200) lines.push((pick(unrelated) as () => [string, number])());

  // Shuffled, so paying lines are spread between the others as on a real statement.
  for (let i = lines.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [lines[i], lines[j]] = [lines[j] as [string, number], lines[i] as [string, number]];
  }
  let balance = 1_250_000;
  const rows = lines.map(([narrative, amount], i) => {
    balance += amount;
    const day = 1 + Math.floor((i * 28) / lines.length);
    const date = `${String(day).padStart(2, '0')}/11/2026`;
    return [date, date, narrative, money(amount), money(balance)];
  });
  const csv =
    stringify([
      ['Account Name', 'CELEBRATION CHURCH'],
      ['Account Number', '1234567890123'],
      ['Statement Period', '01/11/2026 - 30/11/2026'],
    ]) +
    stringify([['Transaction Date', 'Value Date', 'Narrative', 'Amount', 'Balance'], ...rows], {
      record_delimiter: 'windows',
    });
  return {
    csv,
    paying: paying.map((entry) => entry.reference),
    ambiguous: pairs.map(([a, b]) => [a.reference, b.reference]),
    wrongAmount: wrong.map((entry) => entry.reference),
  };
}
