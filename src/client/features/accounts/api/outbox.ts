import { useQuery } from '@tanstack/react-query';
import type { OutboxMail } from '../../../../shared/accounts/account.ts';
import { apiFetch } from '../../../lib/api.ts';

export const useOutbox = () =>
  useQuery({
    queryKey: ['mail-outbox'],
    queryFn: ({ signal }) => apiFetch<{ mails: OutboxMail[] }>('/api/mail-outbox', { signal }),
  });
