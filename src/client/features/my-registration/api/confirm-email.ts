import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { EmailChangeLink } from '../../../../shared/registrations/email-change.ts';
import { apiFetch } from '../../../lib/api.ts';

const path = (token: string) => `/api/email-changes/${encodeURIComponent(token)}`;

export const getEmailChangeQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['email-change', token],
    queryFn: ({ signal }) => apiFetch<EmailChangeLink>(path(token), { signal }),
    // A used or expired link stays so.
    retry: false,
  });

export const useEmailChange = (token: string) => useQuery(getEmailChangeQueryOptions(token));

export const useConfirmEmail = (token: string) =>
  useMutation({ mutationFn: () => apiFetch<EmailChangeLink>(path(token), { method: 'POST' }) });
