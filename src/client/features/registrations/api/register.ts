import type { RegistrationAnswer, RegistrationData } from '../../../../shared/registrations/registration.ts';
import { apiFetch } from '../../../lib/api.ts';

/** A new entry's receipt, or the entry the person already had (same name and email). */
export function postRegistration(data: RegistrationData, idempotencyKey: string) {
  return apiFetch<RegistrationAnswer>('/api/registrations', {
    method: 'POST',
    body: JSON.stringify(data),
    headers: { 'idempotency-key': idempotencyKey },
  });
}

export type SubmitRegistration = (
  data: RegistrationData,
  idempotencyKey: string,
) => Promise<RegistrationAnswer>;
