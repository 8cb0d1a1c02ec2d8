import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CurrentUser } from '../../../shared/accounts/account.ts';
import { harareToday } from '../../../shared/dates.ts';
import type { MarkPaidResult } from '../../../shared/participants/participants.ts';
import type {
  StatementAccount,
  StatementConfirm,
  StatementConfirmResult,
} from '../../../shared/statements/statements.ts';
import type { AppContext } from '../../context.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/problem.ts';
import { ROWS_PER_TRANSACTION, TRANSACTION_BUDGET_MS } from '../../short-transactions.ts';
import { getCurrentEvent } from '../events/service.ts';
import { namedGiftReferences, payGiftNamedBy } from '../gifts/service.ts';
import {
  auditStatementPayments,
  recordStatementPayment,
  type StatementPayment,
} from '../payments/service.ts';
import {
  appliedLineIds,
  eventEntryIds,
  findImport,
  linesAfter,
  markImportConfirmed,
  markLineApplied,
  markLineAssigned,
  type StatementLineRow,
} from './repository.ts';
import { statementReview } from './service.ts';

const METHOD: Record<StatementAccount, StatementPayment['method']> = {
  usd_bank: 'usd_bank',
  zwg_bank: 'zwg_bank',
  mobile_money: 'mobile_money',
};

/** Lines read per query while planning (reading 5,000 at once holds the loop too). */
const LINES_PER_READ = 500;

/** Whether a line pays a team's entries together (rather than one of them). */
const paysTeam = (line: StatementLineRow) => line.outcome !== 'ambiguous' && line.candidates !== null;
const namedIds = (line: StatementLineRow) =>
  line.candidates ?? (line.registrationId ? [line.registrationId] : []);

/** What confirming does with one line. */
type Action =
  | { kind: 'gift'; line: StatementLineRow }
  | {
      kind: 'pay';
      line: StatementLineRow;
      payment: StatementPayment;
      /** The entries to mark the line applied to: assigned by hand, or the entry the admin chose (ambiguous). */
      hand: boolean;
      registrationId: string | null;
    };

/** Every line of an import, a few hundred per query with a turn of the loop between. */
async function allLines(db: Database, importId: string) {
  const lines: StatementLineRow[] = [];
  for (let after = 0; ; ) {
    const page = await linesAfter(db, importId, after, LINES_PER_READ);
    lines.push(...page);
    const last = page.at(-1);
    if (!last || page.length < LINES_PER_READ) return lines;
    after = last.id;
    await nextTurn();
  }
}

/**
 * The admin's choices checked and turned into what each line does, before anything changes: a choice that
 * cannot be kept refuses the whole confirmation, as it did when it was one transaction.
 */
async function plan(
  db: Database,
  event: { id: string; referencePrefix: string },
  account: StatementAccount,
  lines: StatementLineRow[],
  choices: StatementConfirm,
) {
  const skip = new Set(choices.skip);
  const chosen = new Map(choices.choose.map((choice) => [choice.line, choice.registrationId]));
  const assigned = new Map(
    (choices.assign ?? []).map((choice) => [choice.line, [...new Set(choice.registrationIds)]]),
  );
  const known = new Set(await eventEntryIds(db, event.id, [...new Set([...assigned.values()].flat())]));
  const base = (line: StatementLineRow) => ({
    method: METHOD[account],
    currency: line.currency,
    payerReference: line.narrative,
    paidOn: line.postedOn ?? harareToday(),
  });
  const actions: Action[] = [];
  for (const line of lines) {
    if (line.appliedAt) continue;
    const hand = assigned.get(line.id);
    if (hand) {
      if (!hand.every((entryId) => known.has(entryId))) {
        throw badRequest(`Line ${line.id} is assigned to an entry that is not in this event.`);
      }
      actions.push({
        kind: 'pay',
        line,
        payment: { ...base(line), ids: hand, amount: line.amount },
        hand: true,
        registrationId: null,
      });
      continue;
    }
    if (line.outcome === 'unmatched') {
      // A line that pays no entry may pay a gift to the cause by its own reference (…-D12): never a fee.
      if (!skip.has(line.id) && namedGiftReferences(line.narrative, event.referencePrefix).length === 1) {
        actions.push({ kind: 'gift', line });
      }
      continue;
    }
    const choice = chosen.get(line.id);
    const apply = line.outcome === 'matched' ? !skip.has(line.id) : choice !== undefined;
    if (!apply) continue;
    const named = namedIds(line);
    if (choice !== undefined && !named.includes(choice)) {
      throw badRequest(`Line ${line.id} does not name that entry: choose one of those it names.`);
    }
    actions.push({
      kind: 'pay',
      line,
      payment: {
        ...base(line),
        ids: paysTeam(line) ? named : [choice ?? line.registrationId ?? ''],
        amount: line.amount,
      },
      hand: false,
      registrationId: line.outcome === 'ambiguous' ? (choice ?? null) : null,
    });
  }
  return actions;
}

/**
 * One transaction of a confirmation: the batch's lines not applied meanwhile, in order, until the transaction
 * has run TRANSACTION_BUDGET_MS (one line at least; a line costs ~2–15 ms, more on a busy machine); null when
 * the import was confirmed meanwhile. Answers how many lines it took, and the references it paid.
 */
async function applyBatch(
  context: AppContext,
  tx: Transaction,
  {
    event,
    found,
    batch,
    markedIds,
  }: {
    event: { id: string };
    found: { id: string; account: StatementAccount };
    batch: Action[];
    markedIds: Set<string>;
  },
  admin: CurrentUser,
) {
  const started = performance.now();
  // Locked: a second confirmation of the same import waits for this batch, then sees its lines applied.
  const open = await findImport(tx, event.id, found.id, true);
  if (!open || open.confirmedAt) return null;
  const applied = await appliedLineIds(
    tx,
    batch.map((action) => action.line.id),
  );
  const result: MarkPaidResult = { marked: [], skipped: [] };
  const gifts: string[] = [];
  let taken = 0;
  for (const action of batch) {
    if (taken > 0 && performance.now() - started > TRANSACTION_BUDGET_MS) break;
    taken += 1;
    const { line } = action;
    if (applied.has(line.id)) continue;
    if (action.kind === 'gift') {
      const gift = await payGiftNamedBy(
        tx,
        context.links,
        {
          narrative: line.narrative,
          amount: line.amount,
          currency: line.currency,
          paidOn: line.postedOn ?? harareToday(),
        },
        METHOD[found.account],
      );
      if (gift) {
        await markLineApplied(tx, line.id, null);
        gifts.push(gift);
      }
      continue;
    }
    const paid = await recordStatementPayment(context, tx, event.id, action.payment, admin);
    result.marked.push(...paid.marked);
    result.skipped.push(...paid.skipped);
    for (const entry of paid.marked) markedIds.add(entry.id);
    if (!action.payment.ids.some((entryId) => markedIds.has(entryId))) continue;
    if (action.hand) await markLineAssigned(tx, line.id, action.payment.ids);
    else await markLineApplied(tx, line.id, action.registrationId);
  }
  await auditStatementPayments(tx, admin, result);
  return { taken, marked: result.marked.map((entry) => entry.reference), gifts };
}

/**
 * Confirms an import with the admin's choices: every matched line not unticked and every ambiguous or
 * amount-differs line given an entry pays the entries it names (by the account's method, with the line's
 * amount, narrative and date, by the one rule: whole dues in the order named, the rest a part payment on the
 * next, more than due flagged), and is marked applied; an unmatched line naming one gift to the cause pays it.
 * An entry paid meanwhile is left as it is. An import already confirmed changes nothing.
 *
 * The choices are checked first; then the lines are applied a few at a time, each few in one short
 * transaction that pays them and marks them applied together, and one last short transaction marks the import
 * confirmed. A line is applied once: a confirmation cut short (a server stopped) leaves lines applied or not,
 * never half, and confirming again applies the rest. Two admins confirming at once take turns per batch.
 */
export async function confirmStatement(
  context: AppContext,
  id: string,
  choices: StatementConfirm,
  admin: CurrentUser,
): Promise<StatementConfirmResult> {
  const { db } = context.database;
  const event = await getCurrentEvent(db);
  const found = await findImport(db, event.id, id);
  if (!found) throw notFound('There is no such statement.');
  const marked: string[] = [];
  const gifts: string[] = [];
  if (!found.confirmedAt) {
    const actions = await plan(db, event, found.account, await allLines(db, id), choices);
    // As one transaction did: a line is applied when an entry it names was marked by this confirmation.
    const markedIds = new Set<string>();
    let stillOpen = true;
    for (let at = 0; stillOpen && at < actions.length; ) {
      // Requests that came meanwhile reach the database before the next batch.
      await nextTurn();
      const batch = actions.slice(at, at + ROWS_PER_TRANSACTION);
      const done = await db.transaction((tx) =>
        applyBatch(context, tx, { event, found, batch, markedIds }, admin),
      );
      if (!done) stillOpen = false;
      else {
        at += done.taken;
        marked.push(...done.marked);
        gifts.push(...done.gifts);
      }
    }
    if (stillOpen) {
      await db.transaction(async (tx) => {
        const open = await findImport(tx, event.id, id, true);
        if (open && !open.confirmedAt) await markImportConfirmed(tx, id);
      });
    }
  }
  // The receipts of the entries marked paid are in the outbox now.
  if (marked.length + gifts.length > 0) context.mailer.kick();
  return { review: await statementReview(context, id), marked: [...marked, ...gifts] };
}
