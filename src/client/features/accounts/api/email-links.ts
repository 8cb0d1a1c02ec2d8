import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

const post = (path: string, body: unknown) =>
  apiFetch<{ message: string }>(path, { method: 'POST', body: JSON.stringify(body) });

export const useResendVerification = () =>
  useMutation({ mutationFn: (email: string) => post('/api/account/resend-verification', { email }) });

export const useForgotPassword = () =>
  useMutation({ mutationFn: (email: string) => post('/api/account/forgot-password', { email }) });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (values: { token: string; password: string }) => post('/api/account/reset-password', values),
  });
