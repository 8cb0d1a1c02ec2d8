import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditLog } from '../../../../shared/audit-log/audit-log.ts';
import { apiFetch } from '../../../lib/api.ts';

export interface AuditLogFilters {
  action: string;
  who: string;
  from: string;
  to: string;
}

export const AUDIT_PAGE_SIZE = 50;

function getAuditLog(filters: AuditLogFilters, page: number, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(AUDIT_PAGE_SIZE) });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return apiFetch<AuditLog>(`/api/audit-log?${params}`, { signal });
}

export const getAuditLogQueryOptions = (filters?: AuditLogFilters, page = 1) =>
  queryOptions({
    queryKey: filters ? ['audit-log', filters, page] : ['audit-log'],
    queryFn: ({ signal }) => getAuditLog(filters ?? { action: '', who: '', from: '', to: '' }, page, signal),
  });

export const useAuditLog = (filters: AuditLogFilters, page: number) =>
  useQuery({ ...getAuditLogQueryOptions(filters, page), placeholderData: keepPreviousData });
