import type { Database } from '../../db/client.ts';
import { type AuditValues, insertAudit } from './repository.ts';

/** Who did it: a signed-in account, or null for the server itself (a scheduled job). */
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
