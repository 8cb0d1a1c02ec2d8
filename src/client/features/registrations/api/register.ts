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
