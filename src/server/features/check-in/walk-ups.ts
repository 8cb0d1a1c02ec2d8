import type { CurrentUser } from '../../../shared/accounts/account.ts';
import { WALK_UP_NOT_TODAY, type WalkUp, type WalkUpResult } from '../../../shared/check-in/walk-up.ts';
import type { WalkUpPrompt, WalkUpReview } from '../../../shared/check-in/walk-up-review.ts';
import { harareToday } from '../../../shared/dates.ts';
import type { PaymentAttempt } from '../../../shared/payments/online-payment.ts';
import type { AppContext } from '../../context.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { conflict, notFound, Problem } from '../../http/problem.ts';
import { recordAudit } from '../audit-log/service.ts';
import { getCurrentEvent, getCurrentEventId } from '../events/service.ts';
import { noteInHistory } from '../participants/service.ts';
import { attemptOf, entryToPay, markPaidIn, startPaymentOf } from '../payments/service.ts';
import { isRaceFull, register, requestDigest } from '../registrations/service.ts';
import {
  bibBlocksOf,
  bibsGivenBetween,
  findClashByKey,
  findEntry,
  findWalkUp,
  findWalkUpByKey,
  insertAction,
  insertClash,
  insertWalkUp,
  lockRaceRange,
  markClashDone,
  openClashes,
  overCapacityWalkUps,
  setWalkUpEntry,
} from './repository.ts';
import { asEntry, NO_SUCH_ENTRY, TAP_TIMES } from './service.ts';

export const WALK_UP_FULL =
  'This race is full: the entrant can choose another race, or join its waitlist on the public form.';
const NOT_TODAY = 'Walk-up entries are taken at the check-in table on the event day only.';
const CLOCK =
  'This walk-up is dated on another day than the event’s, or later than now: check the date and time on the phone.';

type Range = { from: number; to: number };
const inRange = (bib: number, { from, to }: Range) => bib >= from && bib <= to;

/**
 * The bib a walk-up gets: the one its phone gave offline when it lies in that phone's own block and is still
 * free; otherwise the lowest free number of the race's range outside the blocks other phones keep. None
 * when the race has no range, or no number is left.
 */
export async function walkUpBib(
  tx: Transaction,
  eventId: string,
  raceOptionId: string,
  { provisionalBib, deviceId, offline }: Pick<WalkUp, 'provisionalBib' | 'deviceId' | 'offline'>,
) {
  const race = await lockRaceRange(tx, raceOptionId);
  if (!race || race.bibFrom === null || race.bibTo === null) return null;
  const range = { from: race.bibFrom, to: race.bibTo };
  const taken = await bibsGivenBetween(tx, eventId, range.from, range.to);
  const blocks = (await bibBlocksOf(tx, eventId)).filter((block) => block.raceId === raceOptionId);
  const own = blocks.filter((block) => deviceId !== undefined && block.deviceId === deviceId);
  if (
    offline &&
    provisionalBib !== null &&
    own.some((block) => inRange(provisionalBib, block)) &&
    !taken.has(provisionalBib)
  ) {
    return provisionalBib;
  }
  const others = blocks.filter((block) => !own.includes(block));
  for (let bib = range.from; bib <= range.to; bib++) {
    if (!taken.has(bib) && !others.some((block) => inRange(bib, block))) return bib;
  }
  return null;
}

/** When the walk-up was taken: on the event's day and not ahead of now; one sent late from a phone offline too. */
function takenAt(walkUp: WalkUp, eventDate: string | null, now: Date) {
  const at = new Date(Math.min(Date.parse(walkUp.at), now.getTime()));
  const today = harareToday(now) === eventDate;
  // A phone without signal all day sends its walk-ups when it next has some, within the taps' lateness.
  const lateFromOffline = walkUp.offline && now.getTime() - at.getTime() <= TAP_TIMES.lateAfter;
  if (eventDate === null || (!today && !lateFromOffline)) throw conflict(NOT_TODAY, WALK_UP_NOT_TODAY);
  if (Date.parse(walkUp.at) > now.getTime() + TAP_TIMES.clockSkew || harareToday(at) !== eventDate) {
    throw conflict(CLOCK, WALK_UP_NOT_TODAY);
  }
  return at;
}

const DIGEST_MISMATCH = () =>
  new Problem(422, 'Unprocessable Content', 'This key was already used for a different walk-up.');

/** What the walk-up said besides the form: a different one under a used key is refused. */
const requestOf = ({ cash, at, offline, provisionalBib, deviceId }: WalkUp) => ({
  cash,
  at,
  offline,
  provisionalBib,
  deviceId: deviceId ?? null,
});

/**
 * A walk-up at the check-in table (issue 37), registered by the public form's rules and finished in the same
 * transaction: its bib, checked in by the volunteer, the cash taken (with its receipt), a note in its history
 * and the audit trail. The same key answers the same result again (`created` false). A person already
 * registered in the discipline is kept apart as a clash for an admin, never merged.
 */
export async function takeWalkUp(
  context: AppContext,
  walkUp: WalkUp,
  actor: CurrentUser,
): Promise<{ result: WalkUpResult; created: boolean }> {
  const { db } = context.database;
  const event = await getCurrentEvent(db);
  const extra = requestOf(walkUp);
  const digest = requestDigest(walkUp.entrant, undefined, extra);
  // A walk-up sent again (its answer lost) is answered as the first time, whatever the day.
  const clash = await findClashByKey(db, walkUp.idempotencyKey);
  if (clash) {
    if (clash.requestDigest !== digest) throw DIGEST_MISMATCH();
    return { result: clashResult(clash.clashingReference), created: false };
  }
  const earlier = await findWalkUpByKey(db, walkUp.idempotencyKey);
  if (earlier) {
    if (earlier.requestDigest !== digest) throw DIGEST_MISMATCH();
    return { result: await registeredResult(db, event.id, earlier), created: false };
  }
  const now = new Date();
  const at = takenAt(walkUp, event.eventDate, now);
  const { receipt, created, alreadyRegistered } = await register(context, walkUp.entrant, {
    idempotencyKey: walkUp.idempotencyKey,
    atTable: {
      request: extra,
      overCapacity: walkUp.offline ? 'allow' : 'refuse',
      complete: (tx, entry) => finishWalkUp(context, tx, { event, walkUp, actor, at, now, entry }),
    },
  }).catch((error: unknown) => {
    throw isRaceFull(error) ? conflict(WALK_UP_FULL, 'RACE_FULL') : error;
  });
  if (alreadyRegistered) return keepClash(context, walkUp, actor, at, receipt.reference, event.id);
  const found = await findWalkUpByKey(db, walkUp.idempotencyKey);
  if (!found) throw conflict('This key was already used for an entry that is not a walk-up.');
  return { result: await registeredResult(db, event.id, found), created };
}

async function registeredResult(
  db: Database,
  eventId: string,
  walkUp: { registrationId: string; overCapacity: boolean },
): Promise<WalkUpResult> {
  const row = await findEntry(db, eventId, walkUp.registrationId);
  if (!row) throw notFound(NO_SUCH_ENTRY);
  return { outcome: 'registered', entry: asEntry(row), overCapacity: walkUp.overCapacity, clashWith: null };
}

const clashResult = (reference: string): WalkUpResult => ({
  outcome: 'clash',
  entry: null,
  overCapacity: false,
  clashWith: reference,
});

/** Inside the registering transaction: the bib, the check-in, the walk-up's record, cash, history and audit. */
async function finishWalkUp(
  context: AppContext,
  tx: Transaction,
  {
    event,
    walkUp,
    actor,
    at,
    now,
    entry,
  }: {
    event: { id: string };
    walkUp: WalkUp;
    actor: CurrentUser;
    at: Date;
    now: Date;
    entry: { id: string; reference: string; raceOptionId: string; overCapacity: boolean };
  },
) {
  const bib = await walkUpBib(tx, event.id, entry.raceOptionId, walkUp);
  await setWalkUpEntry(tx, entry.id, { bib, checkedIn: { at, by: actor.name } });
  await insertAction(tx, {
    idempotencyKey: `walk-up-${walkUp.idempotencyKey}`,
    registrationId: entry.id,
    action: 'check-in',
    outcome: 'done',
    actorId: actor.id,
    actorName: actor.name,
    at,
    recordedAt: now,
  });
  await insertWalkUp(tx, {
    registrationId: entry.id,
    eventId: event.id,
    deviceId: walkUp.deviceId ?? null,
    takenById: actor.id,
    takenByName: actor.name,
    takenAt: at,
    offline: walkUp.offline,
    overCapacity: entry.overCapacity,
  });
  const notes = [
    `Walk-up at the check-in table by ${actor.name}`,
    bib === null ? 'No bib given (the race has none free)' : `Bib ${bib} given`,
    'Checked in',
    ...(entry.overCapacity ? ['Registered over the race’s capacity (sent from a phone without signal)'] : []),
  ];
  await noteInHistory(
    tx,
    notes.map((summary) => ({ registrationId: entry.id, action: 'check-in' as const, summary })),
    actor,
  );
  await recordAudit(tx, actor, {
    action: 'check-in.walk-up',
    subject: `registration ${entry.reference}`,
    details: {
      bib,
      offline: walkUp.offline,
      overCapacity: entry.overCapacity,
      cash: walkUp.cash,
      at: at.toISOString(),
      ...(walkUp.provisionalBib !== null ? { provisionalBib: walkUp.provisionalBib } : {}),
    },
  });
  if (walkUp.cash) {
    const paid = await markPaidIn(
      context,
      tx,
      event.id,
      { ids: [entry.id], method: 'cash', currency: walkUp.cash, paidOn: harareToday(now) },
      actor,
    );
    if (paid.skipped[0]?.reason === 'no_fee') {
      throw conflict(`This race has no fee in ${walkUp.cash}: choose the other currency, or "Not paid yet".`);
    }
  }
}

async function keepClash(
  { database: { db }, currentEvent }: AppContext,
  walkUp: WalkUp,
  actor: CurrentUser,
  at: Date,
  clashWith: string,
  eventId: string,
) {
  const { entrant } = walkUp;
  const created = await insertClash(db, {
    eventId,
    idempotencyKey: walkUp.idempotencyKey,
    requestDigest: requestDigest(entrant, undefined, requestOf(walkUp)),
    firstName: entrant.firstName,
    lastName: entrant.lastName,
    raceOptionId: (await currentEvent.get())?.race(entrant.discipline, entrant.raceType)?.id ?? null,
    clashingReference: clashWith,
    submitted: walkUp,
    takenById: actor.id,
    takenByName: actor.name,
    takenAt: at,
  });
  if (created) {
    await recordAudit(db, actor, {
      action: 'check-in.walk-up-clash',
      subject: `registration ${clashWith}`,
      details: { offline: walkUp.offline, at: at.toISOString() },
    });
  }
  return { result: clashResult(clashWith), created };
}

/** An entry registered as a walk-up today, for the table's mobile-money prompt; the same 404 for any other. */
async function walkUpToday({ database: { db } }: AppContext, id: string) {
  const walkUp = /^[0-9a-f-]{36}$/i.test(id) ? await findWalkUp(db, id) : undefined;
  const eventId = await getCurrentEventId(db);
  if (!walkUp || walkUp.eventId !== eventId || harareToday(walkUp.takenAt) !== harareToday()) {
    throw notFound('There is no walk-up entry of today with this id.');
  }
  return walkUp;
}

/**
 * The table's mobile-money prompt (issue 37): Paynow prompts the entrant's own phone for the entry's fee, as the
 * entrant's own "Pay now" would; when it confirms, the entry is paid and the receipt goes by the usual path.
 */
export async function promptWalkUpPayment(
  context: AppContext,
  id: string,
  prompt: WalkUpPrompt,
): Promise<PaymentAttempt> {
  const walkUp = await walkUpToday(context, id);
  const entry = await entryToPay(context, walkUp.registrationId, walkUp.eventId, false);
  return startPaymentOf(context, entry, { method: prompt.method, phone: prompt.phone });
}

export async function walkUpPaymentAttempt(context: AppContext, id: string, attemptId: string) {
  const walkUp = await walkUpToday(context, id);
  return attemptOf(context, attemptId, (row) => row.registrationId === walkUp.registrationId);
}

/** The walk-ups for an admin to look at: clashes not done yet, and those registered over capacity. */
export async function walkUpReview({ database: { db } }: AppContext): Promise<WalkUpReview> {
  const eventId = await getCurrentEventId(db);
  const [clashes, over] = await Promise.all([openClashes(db, eventId), overCapacityWalkUps(db, eventId)]);
  return {
    clashes: clashes.map((row) => ({ ...row, takenAt: row.takenAt.toISOString() })),
    overCapacity: over.map((row) => ({ ...row, takenAt: row.takenAt.toISOString() })),
  };
}

/** An admin has looked at a clash: it leaves the list and its form's data is dropped. */
export async function clashDone({ database: { db } }: AppContext, id: string, actor: CurrentUser) {
  const eventId = await getCurrentEventId(db);
  const done = /^[0-9a-f-]{36}$/i.test(id) ? await markClashDone(db, eventId, id, actor.name) : undefined;
  if (!done) throw notFound('There is no such walk-up to look at.');
  await recordAudit(db, actor, {
    action: 'check-in.walk-up-clash-done',
    subject: `registration ${done.clashWith}`,
  });
}
