import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export type AuditValues = Omit<typeof auditLog.$inferInsert, 'id' | 'at'>;

export async function insertAudit(db: Database, values: AuditValues) {
  await db.insert(auditLog).values(values);
}
