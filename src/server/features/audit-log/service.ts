import { actorAccountOf } from '../../../shared/accounts/actor.ts';
import type { AuditLog, AuditLogQuery } from '../../../shared/audit-log/audit-log.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { type AuditValues, deleteAuditBefore, insertAudit, listAudit } from './repository.ts';

/** Who did it: a signed-in account, or null for the server itself (a scheduled job, Paynow). */
export type AuditActor = { id: string; name: string } | null;

export interface AuditRecord {
  /** e.g. 'participants.export-csv', 'registration.payment', 'event-settings.update', 'erasure', 'retention.run'. */
  action: string;
  /** What it was done to, by reference or id: never a name or a contact. */
  subject?: string;
  filters?: Record<string, unknown>;
  rowCount?: number;
  details?: Record<string, unknown>;
}

/**
 * Records one line of the audit trail. Pass the transaction that makes the change, so the change and its
 * record are kept or lost together.
 */
export async function recordAudit(db: Database, actor: AuditActor, record: AuditRecord) {
  const values: AuditValues = {
    actorId: actor?.id ?? null,
    actorName: actor?.name ?? null,
    action: record.action,
    subject: record.subject ?? null,
    filters: record.filters ?? null,
    rowCount: record.rowCount ?? null,
    details: record.details ?? null,
  };
  await insertAudit(db, values);
}

/** What a search's words are recorded as: the trail says a search was made, never whom it looked for. */
export const SEARCH_WORDS_NOT_KEPT = '(search words not kept)';
/** Free text typed to find people: names, emails, numbers, which would outlive their erasure in the trail. */
const SEARCH_WORDS = new Set(['q']);

/**
 * A query's parameters as sent, without paging and sorting (they change what is seen, not what is read),
 * and without the words of a search.
 */
export function filtersAsSent(query: object) {
  const filters: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '' && !['page', 'pageSize', 'sort', 'dir'].includes(key)) {
      filters[key] = SEARCH_WORDS.has(key) ? SEARCH_WORDS_NOT_KEPT : value;
    }
  }
  return filters;
}

/**
 * A page of a list of people an admin read: recorded with its filters and the rows it showed, and
 * returned as it is, so a list route reads `return auditedList(db, user, 'waitlist.list', query, page)`.
 */
export async function auditedList<Page extends object>(
  db: Database,
  actor: AuditActor,
  action: string,
  query: object,
  page: Page,
  rows: (page: Page) => unknown[] = (read) => (read as { rows?: unknown[] }).rows ?? [],
) {
  const read = rows(page);
  const total = (page as { total?: unknown }).total;
  await recordAudit(db, actor, {
    action,
    filters: filtersAsSent(query),
    rowCount: read.length,
    details: typeof total === 'number' ? { total } : undefined,
  });
  return page;
}

/** A read of people that is not a page of a list (an export, a print, a start list, a review), with what it held. */
export const auditRead = (
  db: Database,
  actor: AuditActor,
  action: string,
  read: { filters?: object; subject?: string; rowCount?: number },
) =>
  recordAudit(db, actor, {
    action,
    subject: read.subject,
    filters: read.filters ? filtersAsSent(read.filters) : undefined,
    rowCount: read.rowCount,
  });

/** Midnight in Harare (UTC+2 all year) at the start of a calendar day. */
const harareMidnight = (isoDate: string) => new Date(`${isoDate}T00:00:00+02:00`);
const DAY_MS = 24 * 60 * 60 * 1000;

/** The audit trail, newest first: filtered by action (or its start), by who and by Harare days. */
export async function auditLogPage({ database }: AppContext, query: AuditLogQuery): Promise<AuditLog> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 50;
  const { rows, total } = await listAudit(
    database.db,
    {
      action: query.action,
      who: query.who,
      from: query.from ? harareMidnight(query.from) : undefined,
      until: query.to ? new Date(harareMidnight(query.to).getTime() + DAY_MS) : undefined,
    },
    page,
    pageSize,
  );
  return {
    rows: rows.map(({ actorId, actorRole, actorEmail, ...row }) => ({
      ...row,
      at: row.at.toISOString(),
      actorAccount: actorAccountOf(actorId, actorRole, actorEmail),
    })),
    total,
    page,
    pageSize,
  };
}

/** Two years: how long the audit trail is kept. */
export function auditKeptSince(now: Date) {
  const since = new Date(now);
  since.setUTCFullYear(since.getUTCFullYear() - 2);
  return since;
}

/** Deletes what the audit trail recorded more than two years before `now`; how many rows went. */
export const purgeExpiredAudit = (db: Database, now = new Date()) =>
  deleteAuditBefore(db, auditKeptSince(now));
