import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

export type AccountKind = 'participant' | 'company';

export interface SignUpValues {
  name: string;
  email: string;
  password: string;
}

const PATHS: Record<AccountKind, string> = {
  participant: '/api/account/sign-up',
  company: '/api/account/company-sign-up',
};

export const useSignUp = (kind: AccountKind) =>
  useMutation({
    mutationFn: (values: SignUpValues) =>
      apiFetch<{ message: string }>(PATHS[kind], { method: 'POST', body: JSON.stringify(values) }),
  });
