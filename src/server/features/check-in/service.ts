import type { CurrentUser } from '../../../shared/accounts/account.ts';
import {
  type CashPayment,
  CHECK_IN_SEARCH_LIMIT,
  CHECK_IN_SEARCH_MIN,
  type CheckInCounts,
  type CheckInEntry,
  type CheckInTap,
  type CheckInTapResult,
} from '../../../shared/check-in/check-in.ts';
import { formatHarareDateTime, harareToday } from '../../../shared/dates.ts';
import { amountDue, owes } from '../../../shared/payments/balance.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../http/problem.ts';
import { recordAudit } from '../audit-log/service.ts';
import { getCurrentEvent, getCurrentEventId } from '../events/service.ts';
import { noteInHistory } from '../participants/service.ts';
import { markPaid } from '../payments/service.ts';
import {
  countsBySize,
  type EntryRow,
  findAction,
  findEntry,
  findEntryByCode,
  insertAction,
  lockEntry,
  racesOf,
  searchEntries,
  setCheckedIn,
  setTshirtCollected,
} from './repository.ts';
import type { SearchCounter } from './search-counter.ts';

export const NO_SUCH_ENTRY = 'There is no such entry in this year’s fun run (it may have been cancelled).';

/** What the entrant owes in each currency: the race's fee, or what a part payment left. */
function duesOf(row: NonNullable<EntryRow>) {
  const owing = {
    paymentStatus: row.paymentStatus,
    payment: { amount: row.paymentAmount, currency: row.paymentCurrency },
    fees: { USD: row.feeUsd, ZWG: row.feeZwg },
  };
  return { USD: amountDue(owing, 'USD'), ZWG: amountDue(owing, 'ZWG') };
}

export function asEntry(row: NonNullable<EntryRow>): CheckInEntry {
  return {
    id: row.id,
    reference: row.reference,
    firstName: row.firstName,
    lastName: row.lastName,
    bib: row.bib,
    discipline: row.discipline,
    race: row.race,
    tshirtSize: row.tshirtSize,
    minor: row.minor,
    paymentStatus: row.paymentStatus,
    fees: owes(row.paymentStatus) ? duesOf(row) : { USD: row.feeUsd, ZWG: row.feeZwg },
    checkedIn:
      row.checkedInAt && row.checkedInBy ? { at: row.checkedInAt.toISOString(), by: row.checkedInBy } : null,
    tshirtCollected:
      row.tshirtCollectedAt && row.tshirtCollectedBy
        ? { at: row.tshirtCollectedAt.toISOString(), by: row.tshirtCollectedBy }
        : null,
  };
}

async function entryOf({ database: { db } }: AppContext, id: string) {
  const row = await findEntry(db, await getCurrentEventId(db), id);
  if (!row) throw notFound(NO_SUCH_ENTRY);
  return asEntry(row);
}

/** The entry a scanned QR code names, in this year's fun run. */
export async function entryByCode({ database: { db } }: AppContext, code: string) {
  const row = await findEntryByCode(db, await getCurrentEventId(db), code);
  if (!row)
    throw notFound('This QR code is not an entry of this year’s fun run (it may have been cancelled).');
  return asEntry(row);
}

/**
 * Entries for the check-in table by bib, check-in code, or (from CHECK_IN_SEARCH_MIN characters) part of a name
 * or reference. The search that makes a volunteer's `counter` reach its bulk count is recorded in the audit trail.
 */
export async function searchForCheckIn(
  { database: { db } }: AppContext,
  text: string,
  actor: CurrentUser,
  counter: SearchCounter,
) {
  const rows = await searchEntries(db, await getCurrentEventId(db), text, {
    limit: CHECK_IN_SEARCH_LIMIT,
    partial: text.length >= CHECK_IN_SEARCH_MIN,
  });
  const bulk = counter.count(actor.id, rows.length);
  if (bulk) {
    await recordAudit(db, actor, {
      action: 'check-in.bulk-search',
      rowCount: bulk.shown,
      details: { searches: bulk.searches, since: bulk.since.toISOString() },
    });
  }
  return { entries: rows.map(asEntry) };
}

const MINUTE = 60_000;
/**
 * When a tap may say it was made: a phone's clock may be this far from the server's (a tap a little ahead counts
 * as made now); one that reaches the server more than `lateAfter` after it was made is kept, and marked late in
 * the entry's history and the audit trail.
 */
export const TAP_TIMES = { clockSkew: 5 * MINUTE, lateAfter: 24 * 60 * MINUTE };

/** When the tap was made, or a refusal: dated ahead of the server's clock, or before the entry was registered. */
function tappedAt(at: string, registeredAt: Date, now: Date) {
  const time = Date.parse(at);
  if (time > now.getTime() + TAP_TIMES.clockSkew) {
    throw badRequest('This tap is dated later than now: check the date and time on the phone.');
  }
  // The entry was registered after its edition opened, so this also refuses a tap from before that.
  if (time < registeredAt.getTime() - TAP_TIMES.clockSkew) {
    throw badRequest(
      'This tap is dated before the entry was registered: check the date and time on the phone.',
    );
  }
  return new Date(Math.min(time, now.getTime()));
}

const TAP_WORDS = {
  'check-in': 'Checked in',
  'undo-check-in': 'Check-in undone',
  'tshirt-collected': 'T-shirt collected',
  'undo-tshirt-collected': 'T-shirt collection undone',
} as const;

const DAY = 24 * 60 * MINUTE;
/** "Checked in at 21/11/26 07:12 — late: reached the server 2 days later". */
function lateTapSummary(action: CheckInTap['action'], at: Date, now: Date, result: 'done' | 'already') {
  const days = Math.floor((now.getTime() - at.getTime()) / DAY);
  const later = days === 1 ? '1 day later' : `${days} days later`;
  return `${TAP_WORDS[action]} at ${formatHarareDateTime(at)} — late: reached the server ${later}${result === 'already' ? ' (it was already done)' : ''}`;
}

/** What each tap changes: the check-in or the T-shirt, marked or undone. */
const TAPS = {
  'check-in': { mark: 'checkedInAt', set: setCheckedIn, undo: false },
  'undo-check-in': { mark: 'checkedInAt', set: setCheckedIn, undo: true },
  'tshirt-collected': { mark: 'tshirtCollectedAt', set: setTshirtCollected, undo: false },
  'undo-tshirt-collected': { mark: 'tshirtCollectedAt', set: setTshirtCollected, undo: true },
} as const;

/**
 * One tap, applied at most once: under the entry's row lock, a key already recorded is answered from the
 * entry as it is now; otherwise the tap is applied, or found already done by someone ('already'), and
 * recorded under its key either way.
 */
export async function applyTap(
  context: AppContext,
  tap: CheckInTap,
  actor: CurrentUser,
): Promise<CheckInTapResult> {
  const { db } = context.database;
  const eventId = await getCurrentEventId(db);
  const outcome = await db.transaction(async (tx) => {
    if (!(await lockEntry(tx, eventId, tap.registrationId))) throw notFound(NO_SUCH_ENTRY);
    const earlier = await findAction(tx, tap.idempotencyKey);
    if (earlier) {
      if (earlier.registrationId !== tap.registrationId || earlier.action !== tap.action) {
        throw conflict('This key was already used for another tap.');
      }
      return earlier.outcome === 'already' ? 'already' : 'done';
    }
    const row = await findEntry(tx, eventId, tap.registrationId);
    if (!row) throw notFound(NO_SUCH_ENTRY);
    const now = new Date();
    const done = { at: tappedAt(tap.at, row.registeredAt, now), by: actor.name };
    const { mark, set, undo } = TAPS[tap.action];
    // A tap that finds its mark already as it would leave it changes nothing.
    const result = Boolean(row[mark]) === undo ? 'done' : 'already';
    if (result === 'done') await set(tx, row.id, undo ? null : done);
    await insertAction(tx, {
      idempotencyKey: tap.idempotencyKey,
      registrationId: row.id,
      action: tap.action,
      outcome: result,
      actorId: actor.id,
      actorName: actor.name,
      at: done.at,
      recordedAt: now,
    });
    if (now.getTime() - done.at.getTime() > TAP_TIMES.lateAfter) {
      const summary = lateTapSummary(tap.action, done.at, now, result);
      await noteInHistory(tx, [{ registrationId: row.id, action: 'check-in', summary }], actor);
      await recordAudit(tx, actor, {
        action: 'check-in.late-tap',
        subject: `registration ${row.reference}`,
        details: {
          action: tap.action,
          outcome: result,
          at: done.at.toISOString(),
          recordedAt: now.toISOString(),
        },
      });
    }
    return result;
  });
  return { outcome, action: tap.action, entry: await entryOf(context, tap.registrationId) };
}

/**
 * The race fee paid in cash at the table, recorded as the participants list records a payment (with the
 * volunteer's name in the entry's history). A second tap on a paid entry changes nothing.
 */
export async function takeCashPayment(context: AppContext, payment: CashPayment, actor: CurrentUser) {
  const result = await markPaid(
    context,
    { ids: [payment.registrationId], method: 'cash', currency: payment.currency, paidOn: harareToday() },
    actor,
  );
  const skipped = result.skipped[0];
  if (skipped?.reason === 'not_found' || skipped?.reason === 'cancelled') throw notFound(NO_SUCH_ENTRY);
  if (skipped?.reason === 'no_fee') throw conflict(`This race has no fee in ${payment.currency}.`);
  if (skipped?.reason === 'other_currency') {
    throw conflict('This entry is part paid in the other currency: take the rest in that one.');
  }
  if (skipped?.reason === 'waived') throw conflict('This entry’s fee was waived: there is nothing to pay.');
  return entryOf(context, payment.registrationId);
}

/** Per race: active entries, checked in, and T-shirts not collected per size (in the event's size order). */
export async function checkInCounts({ database: { db } }: AppContext): Promise<CheckInCounts> {
  const event = await getCurrentEvent(db);
  const [races, rows] = await Promise.all([racesOf(db, event.id), countsBySize(db, event.id)]);
  return {
    races: races.map((race) => {
      const ofRace = rows.filter((row) => row.raceId === race.id);
      const order = event.tshirtSizes[race.discipline];
      const rank = (size: string) => (order.includes(size) ? order.indexOf(size) : order.length);
      return {
        id: race.id,
        discipline: race.discipline,
        race: race.label,
        registered: ofRace.reduce((sum, row) => sum + Number(row.registered), 0),
        checkedIn: ofRace.reduce((sum, row) => sum + Number(row.checkedIn), 0),
        tshirtsLeft: ofRace
          .map((row) => ({ size: row.size, count: Number(row.tshirtsLeft) }))
          .sort((a, b) => rank(a.size) - rank(b.size) || a.size.localeCompare(b.size)),
      };
    }),
  };
}
