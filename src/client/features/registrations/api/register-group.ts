import type { GroupReceipt, GroupRegistrationData } from '../../../../shared/registrations/group.ts';
import { apiFetch } from '../../../lib/api.ts';

/** Everyone on a group form, registered together or not at all, under one group reference. */
export function postGroupRegistration(data: GroupRegistrationData, idempotencyKey: string) {
  return apiFetch<GroupReceipt>('/api/registrations/group', {
    method: 'POST',
    body: JSON.stringify(data),
    headers: { 'idempotency-key': idempotencyKey },
  });
}
