// The audit trail as an admin reads it (/AuditLog): who did what, when, to what, with which filters.
import * as z from 'zod/mini';
import { pageFields, pageParam, pageSizeParam } from '../paging.ts';
import { isoDate, oneLine } from '../validation.ts';

export const AuditLogQuerySchema = z.object({
  /** An action ('participants.export-csv') or the start of one ('participants.', 'registration'). */
  action: z.optional(oneLine(100)),
  /** Part of the name of whoever did it. */
  who: z.optional(oneLine(100)),
  /** Harare calendar days, both included. */
  from: z.optional(isoDate('Enter the first day as a date')),
  to: z.optional(isoDate('Enter the last day as a date')),
  page: pageParam,
  pageSize: pageSizeParam(100),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actorName: z.nullable(z.string()),
  action: z.string(),
  subject: z.nullable(z.string()),
  filters: z.nullable(z.record(z.string(), z.unknown())),
  rowCount: z.nullable(z.number()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditLogSchema = z.object({ rows: z.array(AuditEntrySchema), ...pageFields });
export type AuditLog = z.infer<typeof AuditLogSchema>;
