import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ParticipantEditData } from '../../../../shared/participants/participants.ts';
import type { MobileCode } from '../../../../shared/registrations/mobile-change.ts';
import type {
  MyEntry,
  MyGiftInput,
  MyLinksBySmsRequest,
  MyLinksRequest,
} from '../../../../shared/registrations/my-registration.ts';
import { apiFetch } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const path = (token: string) => `/api/my/${encodeURIComponent(token)}`;

export const getMyEntryQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.myEntry(token),
    queryFn: ({ signal }) => apiFetch<MyEntry>(path(token), { signal }),
    // A wrong or expired link stays wrong: asking again only costs data.
    retry: false,
  });

export const useMyEntry = (token: string) => useQuery(getMyEntryQueryOptions(token));

/** After a change the entry is the server's answer, and the races' places are read again. */
function useMyChange<Body>(token: string, send: (body: Body) => Promise<MyEntry>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (entry) => queryClient.setQueryData(getMyEntryQueryOptions(token).queryKey, entry),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.event }),
  });
}

export const useChangeMyEntry = (token: string) =>
  useMyChange(token, (body: ParticipantEditData) =>
    apiFetch<MyEntry>(path(token), { method: 'PUT', body: JSON.stringify(body) }),
  );

export const useCancelMyEntry = (token: string) =>
  useMyChange(token, (_: null) => apiFetch<MyEntry>(`${path(token)}/cancel`, { method: 'POST' }));

export const useResendMyConfirmation = (token: string) =>
  useMutation({
    mutationFn: () => apiFetch<{ message: string }>(`${path(token)}/confirmation`, { method: 'POST' }),
  });

export const useMailMyLinks = () =>
  useMutation({
    mutationFn: (body: MyLinksRequest) =>
      apiFetch<{ message: string }>('/api/my/links', { method: 'POST', body: JSON.stringify(body) }),
  });

/** Stops reminders by SMS (true), or has them sent again (false). */
export const useSetMySmsReminders = (token: string) =>
  useMyChange(token, (stop: boolean) =>
    apiFetch<MyEntry>(`${path(token)}/sms-reminders/${stop ? 'stop' : 'resume'}`, { method: 'POST' }),
  );

export const useTextMyLinks = () =>
  useMutation({
    mutationFn: (body: MyLinksBySmsRequest) =>
      apiFetch<{ message: string }>('/api/my/links-by-sms', { method: 'POST', body: JSON.stringify(body) }),
  });

/** The code texted to the new mobile: the entry's mobile changes now. */
export const useConfirmMyMobile = (token: string) =>
  useMyChange(token, (body: MobileCode) =>
    apiFetch<MyEntry>(`${path(token)}/mobile-change`, { method: 'POST', body: JSON.stringify(body) }),
  );

/** "Add a gift to <cause>" (or change it); its removal. The online payment's offer then asks the new total. */
function useMyGiftChange<Body>(token: string, send: (body: Body) => Promise<MyEntry>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (entry) => queryClient.setQueryData(getMyEntryQueryOptions(token).queryKey, entry),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['pay-online', token] }),
  });
}

export const useAddMyGift = (token: string) =>
  useMyGiftChange(token, (body: MyGiftInput) =>
    apiFetch<MyEntry>(`${path(token)}/gift`, { method: 'PUT', body: JSON.stringify(body) }),
  );

export const useRemoveMyGift = (token: string) =>
  useMyGiftChange(token, (_: null) => apiFetch<MyEntry>(`${path(token)}/gift`, { method: 'DELETE' }));
