import type { RegistrationAnswer, RegistrationData } from '../../../../shared/registrations/registration.ts';
import type { WaitlistReceipt } from '../../../../shared/waitlist/waitlist.ts';
import { apiFetch } from '../../../lib/api.ts';

/**
 * A new entry's receipt, or the entry the person already had (same name and email); for a full race, a place
 * on its waitlist (or an entry, when it has room again).
 */
export function postRegistration(data: RegistrationData, idempotencyKey: string, waitlist?: boolean) {
  return apiFetch<RegistrationAnswer | WaitlistReceipt>(`/api/${waitlist ? 'waitlist' : 'registrations'}`, {
    method: 'POST',
    body: JSON.stringify(data),
    headers: { 'idempotency-key': idempotencyKey },
  });
}

export type SubmitRegistration = (
  data: RegistrationData,
  idempotencyKey: string,
  waitlist?: boolean,
) => Promise<RegistrationAnswer | WaitlistReceipt>;
