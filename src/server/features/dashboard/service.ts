import type { FunRunDashboard } from '../../../shared/dashboard/dashboard.ts';
import type { PrivacyNotices } from '../../../shared/privacy/retention.ts';
import type { AppContext } from '../../context.ts';
import { smsCountOfEdition, smsFailing } from '../../sms/repository.ts';
import { FAILURE_STREAK } from '../../sms/sender.ts';
import { checkInCounts } from '../check-in/service.ts';
import { pendingRequestCount } from '../erasure/service.ts';
import { type EventRow, getCurrentEvent, racesWithPlaces, textsOn } from '../events/service.ts';
import { refundTotals } from '../payments/service.ts';
import { nextAnonymisation } from '../retention/service.ts';
import { funRunTotals } from './repository.ts';

/** The admin dashboard's figures for the current event. */
export async function funRunDashboard(context: AppContext): Promise<FunRunDashboard> {
  const { db } = context.database;
  const event = await getCurrentEvent(db);
  const [totals, races, checkIn, texts, moneyOut] = await Promise.all([
    funRunTotals(db, event.id),
    racesWithPlaces(db, event.id),
    checkInCounts(context),
    textFigures(context, event),
    refundTotals(context, event.id),
  ]);
  const byDiscipline = tally(totals.byDiscipline.map((row) => [row.discipline, row.count]));
  const byPayment = tally(totals.byPayment.map((row) => [row.status, row.count]));
  const sizeOrder = (discipline: 'run' | 'cycle', size: string) => {
    const index = event.tshirtSizes[discipline].indexOf(size);
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  return {
    entrants: { run: byDiscipline('run'), cycle: byDiscipline('cycle') },
    // A part-paid entry still owes: it counts as unpaid here (the list's filter shows them apart).
    payments: {
      paid: byPayment('paid'),
      unpaid: byPayment('unpaid') + byPayment('part_paid'),
      waived: byPayment('waived'),
    },
    money: {
      usd: Number(totals.money.find((row) => row.currency === 'USD')?.total ?? 0).toFixed(2),
      zwg: Number(totals.money.find((row) => row.currency === 'ZWG')?.total ?? 0).toFixed(2),
      zwgInUsd: { usd: totals.zwgInUsd?.usd ?? '0.00', unquoted: Number(totals.zwgInUsd?.unquoted ?? 0) },
    },
    moneyOut,
    perDay: totals.perDay.map((row) => ({ day: row.day, count: Number(row.count) })),
    perRace: races.map(({ race, taken, held }) => ({
      discipline: race.discipline,
      race: race.label,
      count: taken,
      capacity: race.capacity,
      waiting: held,
    })),
    tshirts: totals.tshirts
      .map((row) => ({ ...row, count: Number(row.count) }))
      .sort(
        (a, b) =>
          a.discipline.localeCompare(b.discipline) ||
          sizeOrder(a.discipline, a.size) - sizeOrder(b.discipline, b.size),
      ),
    checkIn,
    texts,
  };
}

/** What the edition's texts cost so far, against the cap; none while they are off. */
async function textFigures({ database }: AppContext, event: EventRow) {
  if (!textsOn(event) || !event.sms) return null;
  const [sent, failing] = await Promise.all([
    smsCountOfEdition(database.db, event.id),
    smsFailing(database.db, event.id, FAILURE_STREAK),
  ]);
  return { sent, cap: event.sms.capPerEdition, failing };
}

/** Looks up a grouped count by its key; a missing group counts 0 (pg returns counts as strings). */
function tally(pairs: [string, number | string][]) {
  const counts = new Map(pairs);
  return (key: string) => Number(counts.get(key) ?? 0);
}

/** What the admin must know about personal data: requests to decide, and entries soon anonymised. */
export async function privacyNotices(context: AppContext, now = new Date()): Promise<PrivacyNotices> {
  const [anonymiseSoon, erasureRequestsWaiting] = await Promise.all([
    nextAnonymisation(context, now),
    pendingRequestCount(context),
  ]);
  return { anonymiseSoon, erasureRequestsWaiting };
}
