import { useMutation } from '@tanstack/react-query';
import type { RegistrationData, RegistrationReceipt } from '../../../../shared/registrations/registration.ts';
import { apiFetch } from '../../../lib/api.ts';

export function postRegistration(data: RegistrationData, idempotencyKey: string) {
  return apiFetch<RegistrationReceipt>('/api/registrations', {
    method: 'POST',
    body: JSON.stringify(data),
    headers: { 'idempotency-key': idempotencyKey },
  });
}

export type SubmitRegistration = (
  data: RegistrationData,
  idempotencyKey: string,
) => Promise<RegistrationReceipt>;

export const useRegister = (submit: SubmitRegistration = postRegistration) =>
  useMutation({
    mutationFn: ({ data, idempotencyKey }: { data: RegistrationData; idempotencyKey: string }) =>
      submit(data, idempotencyKey),
  });

const RECEIPT_KEY = 'celebration:last-registration';

/** Keeps the receipt for this tab, so /Thankyou survives a reload. */
export function rememberReceipt(receipt: RegistrationReceipt) {
  try {
    sessionStorage.setItem(RECEIPT_KEY, JSON.stringify(receipt));
  } catch {
    // Private browsing may refuse storage; the receipt still travels in the navigation state.
  }
}

export function recallReceipt(): RegistrationReceipt | undefined {
  try {
    const saved = sessionStorage.getItem(RECEIPT_KEY);
    return saved ? (JSON.parse(saved) as RegistrationReceipt) : undefined;
  } catch {
    return undefined;
  }
}
