import { and, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog, user } from '../../db/schema/index.ts';
import { escapeLike } from '../../db/search-terms.ts';

export type AuditValues = Omit<typeof auditLog.$inferInsert, 'id' | 'at'>;

export async function insertAudit(db: Database, values: AuditValues) {
  await db.insert(auditLog).values(values);
}

export interface AuditFilter {
  /** An action or the start of one. */
  action?: string;
  who?: string;
  /** Instants: from included, until excluded. */
  from?: Date;
  until?: Date;
}

export async function listAudit(db: Database, filter: AuditFilter, page: number, pageSize: number) {
  const conditions: (SQL | undefined)[] = [
    filter.action ? ilike(auditLog.action, `${escapeLike(filter.action)}%`) : undefined,
    filter.who
      ? or(
          ilike(auditLog.actorName, `%${escapeLike(filter.who)}%`),
          ilike(user.email, `%${escapeLike(filter.who)}%`),
        )
      : undefined,
    filter.from ? gte(auditLog.at, filter.from) : undefined,
    filter.until ? lt(auditLog.at, filter.until) : undefined,
  ];
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        actorName: auditLog.actorName,
        actorId: auditLog.actorId,
        actorRole: user.role,
        actorEmail: user.email,
        action: auditLog.action,
        subject: auditLog.subject,
        filters: auditLog.filters,
        rowCount: auditLog.rowCount,
      })
      .from(auditLog)
      .leftJoin(user, eq(user.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(auditLog).leftJoin(user, eq(user.id, auditLog.actorId)).where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

/**
 * Deletes the rows recorded before `before` and more than two years ago by the database's own clock (its
 * trigger refuses any younger row, which would fail the whole statement); how many went.
 */
export async function deleteAuditBefore(db: Database, before: Date) {
  const deleted = await db
    .delete(auditLog)
    .where(and(lt(auditLog.at, before), sql`${auditLog.at} < now() - interval '2 years'`))
    .returning({ id: auditLog.id });
  return deleted.length;
}
