import type { CurrentUser } from '../../../shared/accounts/account.ts';
import {
  type CashPayment,
  CHECK_IN_SEARCH_LIMIT,
  type CheckInCounts,
  type CheckInEntry,
  type CheckInTap,
  type CheckInTapResult,
} from '../../../shared/check-in/check-in.ts';
import { harareToday } from '../../../shared/dates.ts';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../http/problem.ts';
import { getCurrentEvent, getCurrentEventId } from '../events/service.ts';
import { markPaid } from '../participants/service.ts';
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

const NO_SUCH_ENTRY = 'There is no such entry in this year’s fun run (it may have been cancelled).';

function asEntry(row: NonNullable<EntryRow>): CheckInEntry {
  return {
    id: row.id,
    reference: row.reference,
    firstName: row.firstName,
    lastName: row.lastName,
    bib: row.bib,
    discipline: row.discipline,
    race: row.race,
    tshirtSize: row.tshirtSize,
    paymentStatus: row.paymentStatus,
    fees: { USD: row.feeUsd, ZWG: row.feeZwg },
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

export async function searchForCheckIn({ database: { db } }: AppContext, text: string) {
  const rows = await searchEntries(db, await getCurrentEventId(db), text, CHECK_IN_SEARCH_LIMIT);
  return { entries: rows.map(asEntry) };
}

/** A tap dated later than the server's clock (a phone set wrong) counts as made now. */
const tappedAt = (at: string, now = new Date()) => new Date(Math.min(Date.parse(at), now.getTime()));

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
    const done = { at: tappedAt(tap.at), by: actor.name };
    let result: 'done' | 'already';
    switch (tap.action) {
      case 'check-in':
        result = row.checkedInAt ? 'already' : 'done';
        if (result === 'done') await setCheckedIn(tx, row.id, done);
        break;
      case 'undo-check-in':
        result = row.checkedInAt ? 'done' : 'already';
        if (result === 'done') await setCheckedIn(tx, row.id, null);
        break;
      case 'tshirt-collected':
        result = row.tshirtCollectedAt ? 'already' : 'done';
        if (result === 'done') await setTshirtCollected(tx, row.id, done);
        break;
      case 'undo-tshirt-collected':
        result = row.tshirtCollectedAt ? 'done' : 'already';
        if (result === 'done') await setTshirtCollected(tx, row.id, null);
        break;
    }
    await insertAction(tx, {
      idempotencyKey: tap.idempotencyKey,
      registrationId: row.id,
      action: tap.action,
      outcome: result,
      actorId: actor.id,
      actorName: actor.name,
      at: done.at,
    });
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
