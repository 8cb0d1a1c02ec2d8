import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ParticipantFilter } from '../../../../shared/participants/participants.ts';
import type { PaymentRemindersPreview, PaymentRemindersSent } from '../../../../shared/payments/reminders.ts';
import { apiFetch } from '../../../lib/api.ts';
import { participantParams } from './list-participants.ts';

const remindersUrl = (filter: ParticipantFilter) => {
  const params = participantParams(filter).toString();
  return `/api/participants/payment-reminders${params ? `?${params}` : ''}`;
};

/** How many of the filtered list's unpaid entries a reminder would go to now; without a filter, every count's key. */
export const getPaymentRemindersQueryOptions = (filter?: ParticipantFilter) =>
  queryOptions({
    queryKey: filter ? ['participants', 'payment-reminders', filter] : ['participants', 'payment-reminders'],
    queryFn: ({ signal }) => apiFetch<PaymentRemindersPreview>(remindersUrl(filter ?? {}), { signal }),
  });

/** The count, asked afresh each time the confirmation opens. */
export const usePaymentRemindersPreview = (filter: ParticipantFilter, enabled: boolean) =>
  useQuery({ ...getPaymentRemindersQueryOptions(filter), enabled, staleTime: 0, gcTime: 0 });

/** Sends the reminders to the filtered list; the counts are asked again after. */
export function useSendPaymentReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filter: ParticipantFilter) =>
      apiFetch<PaymentRemindersSent>(remindersUrl(filter), { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getPaymentRemindersQueryOptions().queryKey }),
  });
}
