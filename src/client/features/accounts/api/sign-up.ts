import { useMutation } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { SignUpSchema } from '../../../../shared/accounts/account.ts';
import { apiFetch } from '../../../lib/api.ts';

export type AccountKind = 'participant' | 'company';

export type SignUpValues = z.output<typeof SignUpSchema>;

const PATHS: Record<AccountKind, string> = {
  participant: '/api/account/sign-up',
  company: '/api/account/company-sign-up',
};

export const useSignUp = (kind: AccountKind) =>
  useMutation({
    mutationFn: (values: SignUpValues) =>
      apiFetch<{ message: string }>(PATHS[kind], { method: 'POST', body: JSON.stringify(values) }),
  });
