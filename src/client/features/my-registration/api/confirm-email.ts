import { useMutation, useQuery } from '@tanstack/react-query';
import type { EmailChangeLink } from '../../../../shared/registrations/email-change.ts';
import { apiFetch, getQueryOptions } from '../../../lib/api.ts';

const path = (token: string) => `/api/email-changes/${encodeURIComponent(token)}`;

export const getEmailChangeQueryOptions = (token: string) =>
  // A used or expired link stays so.
  getQueryOptions<EmailChangeLink>(['email-change', token], path(token), { retry: false });

export const useEmailChange = (token: string) => useQuery(getEmailChangeQueryOptions(token));

export const useConfirmEmail = (token: string) =>
  useMutation({ mutationFn: () => apiFetch<EmailChangeLink>(path(token), { method: 'POST' }) });
