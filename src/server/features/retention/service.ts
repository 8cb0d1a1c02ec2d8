import { harareToday } from '../../../shared/dates.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { repeatWhileListening } from '../../repeat.ts';
import { inShortTransactions } from '../../short-transactions.ts';
import { auditKeptSince, purgeExpiredAudit, recordAudit } from '../audit-log/service.ts';
import { anonymiseGiftsOfEvents } from '../gifts/service.ts';
import { purgeOldNextYearSignups } from '../next-year/service.ts';
import { forgetExpiredCredits, purgeOldPaynowMessages } from '../payments/service.ts';
import {
  anonymiseEntries as anonymiseRows,
  claimJob,
  deleteErasureRequestsDecidedBefore,
  deleteMen as deleteMenRows,
  ensureJobRow,
  entriesDue,
  eventsWithKeptEntries,
  finishJob,
  lastRunOn,
  menDue,
  releaseJob,
  SETTLING_MS,
} from './repository.ts';

const JOB = 'retention';
/** Longer than a run can take: a server that died mid-run leaves the job to another after this. */
const LEASE_MS = 60 * 60_000;

export interface RetentionOutcome {
  entries: number;
  waitlist: number;
  men: number;
  files: number;
  /** Audit rows and decided erasure requests older than two years, deleted. */
  auditRows: number;
  erasureRequests: number;
  /** Paynow's messages about no attempt of ours (notices and hourly counts) past their 30 days, deleted. */
  paynowMessages: number;
  /** "Tell me about next year" addresses kept 12 months without a new edition to mail them about, deleted. */
  nextYearSignups: number;
  /** Gifts of the same events whose givers were emptied. */
  gifts: number;
}

/**
 * The daily retention run: anonymises the entries of events past their retention and deletes the men past
 * theirs, with their uploaded files, and records what it did (also when nothing was due). Runs at most once
 * per Harare day and on one server at a time (the job_runs lease); null when it was not this one's to run.
 * The entries, waitlist places and men go a few at a time, each few in a short transaction of its own (on the
 * embedded database a transaction holds the whole server), the men's files after theirs; the rest (gifts,
 * old audit rows and requests, Paynow's messages, next year's list, credits) and the record of the run in one
 * short last transaction. Each step changes rows not yet changed only, so a run cut short leaves each few done
 * or not, and the next run (the lease released, or lapsed) does the rest.
 */
export async function runRetention(context: AppContext, now = new Date()): Promise<RetentionOutcome | null> {
  const { db } = context.database;
  const today = harareToday(now);
  await ensureJobRow(db, JOB);
  if (!(await claimJob(db, JOB, today, now, new Date(now.getTime() + LEASE_MS)))) return null;
  try {
    const due = await entriesDue(db, today, now);
    const done = { entries: 0, waitlist: 0, men: 0, files: 0 };
    await inShortTransactions(due.registrationIds, async (registrationIds) => {
      const anonymised = await db.transaction((tx) =>
        anonymiseRows(tx, { registrationIds, waitlistIds: [] }, now),
      );
      done.entries += anonymised.entries;
    });
    await inShortTransactions(due.waitlistIds, async (waitlistIds) => {
      const anonymised = await db.transaction((tx) =>
        anonymiseRows(tx, { registrationIds: [], waitlistIds }, now),
      );
      done.waitlist += anonymised.waitlist;
    });
    await inShortTransactions(await menDue(db, today), async (ids) => {
      const deleted = await db.transaction((tx) => deleteMenRows(tx, ids));
      done.men += deleted.men;
      done.files += deleted.storageKeys.length;
      await removeStoredFiles(context, deleted.storageKeys);
    });
    return await db.transaction(async (tx) => {
      // Givers are treated as entrants: their gifts of the same events are emptied with the entries.
      const gifts = await anonymiseGiftsOfEvents(tx, due.eventIds, now);
      // The trail itself and the erasure requests are kept two years.
      const auditRows = await purgeExpiredAudit(tx, now);
      const erasureRequests = await deleteErasureRequestsDecidedBefore(tx, auditKeptSince(now));
      const paynowMessages = await purgeOldPaynowMessages(tx, now);
      const nextYearSignups = await purgeOldNextYearSignups(tx, now);
      // Refunds and credits stay, as payments do; an expired credit's digests of the person go.
      await forgetExpiredCredits(tx, today);
      const outcome = { ...done, auditRows, erasureRequests, paynowMessages, nextYearSignups, gifts };
      await recordAudit(tx, null, {
        action: 'retention.run',
        rowCount: outcome.entries + outcome.waitlist + outcome.men,
        details: { ...outcome },
      });
      await finishJob(tx, JOB, today, now);
      return outcome;
    });
  } catch (error) {
    await releaseJob(db, JOB);
    throw error;
  }
}

/** Checks hourly while the server listens (and a minute after start); the lease makes it once a day. */
export function startRetention(context: AppContext, onError: (error: unknown) => void) {
  return repeatWhileListening(() => runRetention(context), onError, {
    everyMs: 60 * 60_000,
    firstAfterMs: 60_000,
  });
}

/**
 * Anonymises these entries and waitlist rows (retention and erasure use this one rule); pass the
 * transaction. Returns how many of each changed and how many mails were deleted.
 */
export async function anonymiseEntries(
  tx: Database,
  ids: { registrationIds: string[]; waitlistIds: string[] },
  now = new Date(),
) {
  return anonymiseRows(tx, ids, now);
}

/** Deletes these men with their records; pass the transaction, then removeStoredFiles(keys) after commit. */
export async function deleteMen(tx: Database, ids: string[]) {
  return deleteMenRows(tx, ids);
}

/**
 * Removes files whose rows are gone. One that cannot be removed stays behind (a stray file is the lesser
 * harm than failing an erasure already committed); returns how many went.
 */
export async function removeStoredFiles(context: AppContext, keys: string[]) {
  const results = await Promise.allSettled(keys.map((key) => context.files.remove(key)));
  return results.filter((result) => result.status === 'fulfilled').length;
}

/** The next day the daily run will anonymise entries, and how many: null when none are waiting. */
export async function nextAnonymisation(context: AppContext, now = new Date()) {
  const { db } = context.database;
  const [events, ranOn] = await Promise.all([eventsWithKeptEntries(db), lastRunOn(db, JOB)]);
  const byDay = new Map<string, number>();
  for (const event of events) {
    const on = dayOfAnonymisation(event, { now, ranToday: ranOn === harareToday(now) });
    byDay.set(on, (byDay.get(on) ?? 0) + event.count);
  }
  const [on] = [...byDay.keys()].sort();
  return on ? { on, count: byDay.get(on) ?? 0 } : null;
}

/**
 * The Harare day the run will act on an event's entries: its first day after retention (overdue ones with the
 * next run), but not today when today's run is done, and not before a run that starts after the event's last
 * change has settled (a run happens early in its day, so a change settling during a day waits for the next).
 */
export function dayOfAnonymisation(
  event: { firstDay: string; changedAt: Date },
  { now, ranToday }: { now: Date; ranToday: boolean },
) {
  const today = harareToday(now);
  const settled = new Date(event.changedAt.getTime() + SETTLING_MS);
  let day = latest(event.firstDay, today);
  if (day === today && (ranToday || settled > now)) day = nextDay(today);
  if (settled <= now) return day;
  return latest(day, nextDay(harareToday(new Date(settled.getTime() - 1))));
}

const latest = (...isoDates: string[]) => isoDates.sort().at(-1) ?? '';

const nextDay = (isoDate: string) => {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};
