import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CurrentUser } from '../../../shared/accounts/account.ts';
import type { Currency } from '../../../shared/participants/participants.ts';
import { owes } from '../../../shared/payments/balance.ts';
import type {
  StatementAccount,
  StatementEntry,
  StatementImportResult,
  StatementImportSummary,
  StatementLinesPage,
  StatementLinesQuery,
  StatementMapping,
  StatementOutcome,
  StatementPreview,
  StatementReview,
} from '../../../shared/statements/statements.ts';
import { STATEMENT_LIMITS } from '../../../shared/statements/statements.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/problem.ts';
import { getCurrentEvent, getCurrentEventId } from '../events/service.ts';
import { giftsDueOf } from '../gifts/service.ts';
import { readCsv } from './csv.ts';
import { feeIn, matchByPayer, matchLine } from './matching.ts';
import { type NamedReferences, namedReferences } from './references.ts';
import {
  abandonedImports,
  deleteImport,
  deleteSomeLines,
  entriesWithIds,
  entriesWithMobiles,
  entriesWithReferences,
  findImport,
  findMapping,
  finishImport,
  groupEntries,
  insertImport,
  insertNewLines,
  linesPage,
  type NewStatementLine,
  openMatched,
  outcomeCounts,
  recentImports,
  type StatementEntryRow,
  type StatementLineRow,
  saveMapping,
  teamEntries,
} from './repository.ts';
import { type ParsedLine, statementLineReader } from './statement-lines.ts';

/** Headings each field is guessed from, the likeliest first (a statement's credits are what pays entries). */
const GUESSES: [keyof StatementMapping, RegExp[]][] = [
  ['date', [/date|posted/i]],
  ['narrative', [/narrative|description|details|particulars|memo/i, /reference/i, /transaction id|receipt/i]],
  ['amount', [/credit|money in|paid in/i, /amount/i]],
  ['currency', [/currency|ccy|curr/i]],
  // EcoCash and OneMoney merchant exports: Sender MSISDN, Sender Name.
  ['payer', [/msisdn|sender.*(number|mobile|phone)|payer.*(number|mobile|phone)/i]],
  ['payerName', [/(sender|payer|customer).*name/i]],
];

/** The mapping offered for a file: the last one used for the account when the file has its columns. */
function offeredMapping(columns: string[], last: Record<string, string> | undefined) {
  const fits = (name: string | undefined) => name === undefined || columns.includes(name);
  if (
    last?.date &&
    last.narrative &&
    last.amount &&
    [last.date, last.narrative, last.amount, last.currency].every(fits)
  ) {
    const { date, narrative, amount, currency, fixedCurrency, payer, payerName } = last;
    const mapping: StatementMapping = { date, narrative, amount };
    if (currency) mapping.currency = currency;
    if (payer && fits(payer)) mapping.payer = payer;
    if (payerName && fits(payerName)) mapping.payerName = payerName;
    if (fixedCurrency === 'USD' || fixedCurrency === 'ZWG') mapping.fixedCurrency = fixedCurrency;
    return { mapping, remembered: true };
  }
  const guess: Partial<Record<keyof StatementMapping, string>> = {};
  for (const [field, patterns] of GUESSES) {
    for (const pattern of patterns) {
      guess[field] ??= columns.find((name) => pattern.test(name) && !Object.values(guess).includes(name));
    }
  }
  const { date, narrative, amount, currency, payer, payerName } = guess;
  return {
    mapping:
      date && narrative && amount
        ? {
            date,
            narrative,
            amount,
            ...(currency ? { currency } : {}),
            ...(payer ? { payer } : {}),
            ...(payerName ? { payerName } : {}),
          }
        : null,
    remembered: false,
  };
}

/** A file's headings, first rows and the mapping to offer for it. */
export async function previewStatement(
  { database }: AppContext,
  account: StatementAccount,
  body: Buffer,
): Promise<StatementPreview> {
  const table = await readCsv(body);
  const offered = offeredMapping(table.columns, await findMapping(database.db, account));
  return { columns: table.columns, rows: table.rows.slice(0, 5), rowCount: table.rows.length, ...offered };
}

const namesNothing = (refs: NamedReferences) =>
  refs.entries.length + refs.teams.length + refs.groups.length === 0;

/**
 * The entries each line's references name, looked up in a few queries for these lines; a line naming no
 * reference, by its payer's number.
 */
async function matchAll(db: Database, eventId: string, prefix: string, lines: ParsedLine[]) {
  const named = lines.map((line) => namedReferences(line.narrative, prefix));
  const phones = lines.flatMap((line, index) =>
    line.payerPhone && namesNothing(named[index] ?? { entries: [], teams: [], groups: [] })
      ? [line.payerPhone]
      : [],
  );
  const [entries, teams, groups, byMobile] = await Promise.all([
    entriesWithReferences(db, eventId, [...new Set(named.flatMap((refs) => refs.entries))]),
    teamEntries(db, eventId, [...new Set(named.flatMap((refs) => refs.teams))]),
    groupEntries(db, eventId, [...new Set(named.flatMap((refs) => refs.groups))]),
    entriesWithMobiles(db, eventId, [...new Set(phones)]),
  ]);
  const giftsDue = await giftsDueOf(db, [
    ...new Set([...entries, ...teams, ...groups, ...byMobile].map((entry) => entry.id)),
  ]);
  const withGift = <Entry extends { id: string }>(entry: Entry) => ({
    ...entry,
    gift: giftsDue.get(entry.id),
  });
  const byReference = new Map(entries.map((entry) => [entry.reference, withGift(entry)]));
  return lines.map((line, index): NewStatementLine => {
    const refs = named[index] ?? { entries: [], teams: [], groups: [] };
    if (line.payerPhone && namesNothing(refs)) {
      return {
        ...line,
        ...matchByPayer(line, byMobile.filter((entry) => entry.mobile === line.payerPhone).map(withGift)),
      };
    }
    // A group form's reference pays its members together, as a team's does.
    const match = matchLine(line, {
      entries: refs.entries.flatMap((reference) => byReference.get(reference) ?? []),
      teams: [
        ...refs.teams.map((code) => teams.filter((entry) => entry.teamCode === code).map(withGift)),
        ...refs.groups.map((code) => groups.filter((entry) => entry.groupCode === code).map(withGift)),
      ],
    });
    return { ...line, ...match };
  });
}

/**
 * Lines stored per transaction while importing: ~20–60 ms each on the embedded database (PGlite runs one
 * transaction at a time), so a visitor's request waits for one of them at most, never for the whole import.
 */
const LINES_PER_TRANSACTION = 100;
/** An import still staging after this long was left by a server that stopped meanwhile. */
const ABANDONED_AFTER_MS = 10 * 60 * 1000;

/** Deletes an import and its lines, a few hundred lines per transaction. */
async function dropImport(db: Database, id: string) {
  while ((await deleteSomeLines(db, id, 500)) > 0) await nextTurn();
  await deleteImport(db, id);
}

/**
 * Imports a statement: its lines not imported before (by their key) are stored with what they match, the
 * mapping is kept for the account's next statement, and the summary of the new lines' review is the answer. A
 * file whose lines were all imported before stores nothing. The lines are read, matched and stored a hundred
 * at a time, each hundred in its own short transaction, under an import that stays hidden (`staging`) until
 * one short last transaction shows it; a failure deletes what was stored.
 */
export async function importStatement(
  context: AppContext,
  upload: { account: StatementAccount; mapping: StatementMapping; fileName: string; body: Buffer },
  admin: CurrentUser,
): Promise<StatementImportResult> {
  const { db } = context.database;
  const table = await readCsv(upload.body);
  const read = statementLineReader(table, upload.mapping, upload.account);
  const event = await getCurrentEvent(db);
  for (const id of await abandonedImports(db, event.id, new Date(Date.now() - ABANDONED_AFTER_MS))) {
    await dropImport(db, id);
  }
  let importId: string | undefined;
  let lines = 0;
  let stored = 0;
  try {
    for (let at = 0; at < table.rows.length; at += LINES_PER_TRANSACTION) {
      // Requests that came meanwhile reach the database before the next hundred lines.
      await nextTurn();
      const parsed = table.rows.slice(at, at + LINES_PER_TRANSACTION).flatMap((row) => read(row) ?? []);
      if (parsed.length === 0) continue;
      lines += parsed.length;
      const matched = await matchAll(db, event.id, event.referencePrefix, parsed);
      importId ??= await insertImport(db, {
        eventId: event.id,
        account: upload.account,
        fileName: upload.fileName,
        uploadedBy: admin.id,
        uploadedByName: admin.name,
        staging: true,
      });
      const id = importId;
      stored += await db.transaction((tx) => insertNewLines(tx, id, event.id, matched));
    }
    if (lines === 0) throw badRequest('No line of this file has an amount in the chosen column.');
    const id = importId as string;
    await db.transaction(async (tx) => {
      await saveMapping(tx, upload.account, upload.mapping);
      await (stored > 0 ? finishImport(tx, id) : deleteImport(tx, id));
    });
  } catch (error) {
    if (importId) await dropImport(db, importId);
    throw error;
  }
  const review = stored > 0 && importId ? await statementReview(context, importId) : null;
  return { review, alreadyImported: lines - stored, skippedRows: table.rows.length - lines };
}

const toEntry = (row: StatementEntryRow, currency: Currency): StatementEntry => ({
  id: row.id,
  reference: row.reference,
  name: `${row.firstName} ${row.lastName}`,
  race: row.race,
  fee: feeIn(row, currency),
  paymentStatus: row.paymentStatus,
  cancelled: row.status === 'cancelled',
});

/** Whether a line pays a team's entries together (rather than one of them). */
const paysTeam = (line: StatementLineRow) => line.outcome !== 'ambiguous' && line.candidates !== null;
const namedIds = (line: StatementLineRow) =>
  line.candidates ?? (line.registrationId ? [line.registrationId] : []);

/** The event's 20 latest imports: those still waiting for confirmation are reached from here. */
export async function statementImports({ database }: AppContext): Promise<StatementImportSummary[]> {
  const rows = await recentImports(database.db, await getCurrentEventId(database.db), 20);
  return rows.map((row) => ({
    ...row,
    uploadedAt: row.uploadedAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  }));
}

/** An import's summary: where it came from, its lines per outcome, and what confirming marks by default. */
export async function statementReview({ database }: AppContext, id: string): Promise<StatementReview> {
  const { db } = database;
  const found = await findImport(db, await getCurrentEventId(db), id);
  if (!found) throw notFound('There is no such statement.');
  const [counts, open] = await Promise.all([outcomeCounts(db, id), openMatched(db, id)]);
  const count = (outcome: StatementOutcome) => counts.find((row) => row.outcome === outcome)?.lines ?? 0;
  return {
    id: found.id,
    account: found.account,
    fileName: found.fileName,
    uploadedAt: found.uploadedAt.toISOString(),
    uploadedBy: found.uploadedByName,
    confirmedAt: found.confirmedAt?.toISOString() ?? null,
    counts: {
      matched: count('matched'),
      ambiguous: count('ambiguous'),
      'amount-differs': count('amount-differs'),
      unmatched: count('unmatched'),
    },
    toMark: found.confirmedAt ? 0 : open.toMark,
    alreadyPaid: open.alreadyPaid,
  };
}

/** A page of an import's lines of one outcome, each with the entries it names as they are now. */
export async function statementLinesPage(
  { database }: AppContext,
  id: string,
  query: StatementLinesQuery,
): Promise<StatementLinesPage> {
  const { db } = database;
  const found = await findImport(db, await getCurrentEventId(db), id);
  if (!found) throw notFound('There is no such statement.');
  const page = query.page ?? 1;
  const pageSize = STATEMENT_LIMITS.reviewPage;
  const [lines, counts] = await Promise.all([
    linesPage(db, id, query.outcome, { offset: (page - 1) * pageSize, limit: pageSize }),
    outcomeCounts(db, id),
  ]);
  const ids = [...new Set(lines.flatMap((line) => [...namedIds(line), line.registrationId ?? []].flat()))];
  const entries = new Map((await entriesWithIds(db, ids)).map((row) => [row.id, row]));
  return {
    total: counts.find((row) => row.outcome === query.outcome)?.lines ?? 0,
    page,
    pageSize,
    lines: lines.map((line) => {
      const named = namedIds(line).flatMap((entryId) => entries.get(entryId) ?? []);
      return {
        id: line.id,
        postedOn: line.postedOn,
        narrative: line.narrative,
        amount: line.amount,
        currency: line.currency,
        outcome: line.outcome,
        entries: named.map((row) => toEntry(row, line.currency)),
        team: paysTeam(line),
        // Lines stored before the column was added found their entries by reference.
        matchedBy: line.matchedBy ?? (line.outcome === 'unmatched' ? null : 'reference'),
        alreadyPaid:
          named.length > 0 && named.every((row) => row.status !== 'active' || !owes(row.paymentStatus)),
        chosen: line.outcome === 'ambiguous' ? line.registrationId : null,
        appliedAt: line.appliedAt?.toISOString() ?? null,
      };
    }),
  };
}
