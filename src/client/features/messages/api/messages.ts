import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageDraft, MessagePreview, SentMessage } from '../../../../shared/messages/message.ts';
import { apiFetch, apiSend } from '../../../lib/api.ts';

export interface MessageList {
  messages: SentMessage[];
  teams: { id: string; name: string }[];
}

/** A message still on its way: kept for its time, or mails and texts not yet through. */
export const isWaiting = (message: SentMessage) =>
  message.state === 'scheduled' ||
  message.mail.waiting > 0 ||
  message.sms.waiting > 0 ||
  message.sms.accepted > 0;

const REFRESH_MS = 10_000;

export const getMessagesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin-messages'],
    queryFn: ({ signal }) => apiFetch<MessageList>('/api/admin/messages', { signal }),
    // Delivery states change by themselves while anything waits; a hidden tab is not refreshed.
    refetchInterval: (query) => (query.state.data?.messages.some(isWaiting) ? REFRESH_MS : false),
  });

/** The newest messages of the current edition with their delivery, and its teams. */
export const useMessages = () => useQuery(getMessagesQueryOptions());

/** Who a draft would reach, and its first message filled in; nothing is sent. */
export const usePreviewMessage = () =>
  useMutation({
    mutationFn: (draft: MessageDraft) =>
      apiSend<MessagePreview>('/api/admin/messages/preview', 'POST', draft),
  });

function useListed() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: getMessagesQueryOptions().queryKey });
}

/** Sends the draft now, or keeps it for its time. */
export function useSendMessage() {
  const listed = useListed();
  return useMutation({
    mutationFn: (draft: MessageDraft) => apiSend<SentMessage>('/api/admin/messages', 'POST', draft),
    onSuccess: listed,
  });
}

export function useCancelMessage() {
  const listed = useListed();
  return useMutation({
    mutationFn: (id: string) =>
      apiSend<SentMessage>(`/api/admin/messages/${encodeURIComponent(id)}/cancel`, 'POST', {}),
    onSuccess: listed,
  });
}
