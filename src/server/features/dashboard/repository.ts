import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { registrations } from '../../db/schema/index.ts';
import { activeInEvent } from '../registrations/queries.ts';

export async function funRunTotals(db: Database, eventId: string) {
  const harareDay = sql<string>`to_char(${registrations.createdAt} at time zone 'Africa/Harare', 'YYYY-MM-DD')`;
  const [byDiscipline, byPayment, money, perDay, tshirts, [zwgInUsd]] = await Promise.all([
    db
      .select({ discipline: registrations.discipline, count: count() })
      .from(registrations)
      .where(activeInEvent(eventId))
      .groupBy(registrations.discipline),
    db
      .select({ status: registrations.paymentStatus, count: count() })
      .from(registrations)
      .where(activeInEvent(eventId))
      .groupBy(registrations.paymentStatus),
    db
      .select({
        currency: registrations.paymentCurrency,
        total: sql<string>`coalesce(sum(${registrations.paymentAmount}), 0)::text`,
      })
      .from(registrations)
      // Money received: part payments too, and an entry's cancelled since (what went back is counted apart).
      .where(
        and(eq(registrations.eventId, eventId), inArray(registrations.paymentStatus, ['paid', 'part_paid'])),
      )
      .groupBy(registrations.paymentCurrency),
    db
      .select({ day: harareDay, count: count() })
      .from(registrations)
      .where(activeInEvent(eventId))
      .groupBy(harareDay)
      .orderBy(asc(harareDay)),
    db
      .select({ discipline: registrations.discipline, size: registrations.tshirtSize, count: count() })
      .from(registrations)
      .where(activeInEvent(eventId))
      .groupBy(registrations.discipline, registrations.tshirtSize),
    // The ZWG received in USD at each entry's quoted rate (issue 42 §1); entries without a quote are counted apart.
    db
      .select({
        usd: sql<string>`coalesce(sum(${registrations.paymentAmount} / ${registrations.quoteRate}), 0)::numeric(12, 2)::text`,
        unquoted: sql<number>`(count(*) filter (where ${registrations.quoteRate} is null))::integer`,
      })
      .from(registrations)
      .where(
        and(
          activeInEvent(eventId),
          inArray(registrations.paymentStatus, ['paid', 'part_paid']),
          eq(registrations.paymentCurrency, 'ZWG'),
        ),
      ),
  ]);
  return { byDiscipline, byPayment, money, perDay, tshirts, zwgInUsd };
}
