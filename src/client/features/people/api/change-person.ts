import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ManEndInput,
  Person,
  PersonEdit,
  PersonKind,
  PersonList,
  PersonListRow,
} from '../../../../shared/people/people.ts';
import { apiFetch } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getPeopleQueryOptions, getPersonQueryOptions } from './list-people.ts';

const recordPath = (kind: PersonKind, id: string) => `/api/${kind}/${encodeURIComponent(id)}`;

/** After a change: show it at once on every cached page, then check with the server. */
function useRefreshRegister(kind: PersonKind) {
  const queryClient = useQueryClient();
  return (change: { updated?: Person; deletedId?: string }) => {
    const { queryKey } = getPeopleQueryOptions(kind);
    const { updated } = change;
    if (updated) queryClient.setQueryData(getPersonQueryOptions(kind, updated.id).queryKey, updated);
    queryClient.setQueriesData<PersonList>({ queryKey }, (list) => {
      if (!list) return list;
      // A list row is the record without its address, as the server lists it.
      const listed = updated && (({ address: _, ...row }: Person): PersonListRow => row)(updated);
      const rows = list.rows
        .filter((row) => row.id !== change.deletedId)
        .map((row) => (listed && row.id === listed.id ? listed : row));
      return { ...list, rows, total: list.total - (list.rows.length - rows.length) };
    });
    // The admin dashboard's programme totals (['dashboard', 'programme']) count these registers too.
    void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    return queryClient.invalidateQueries({ queryKey });
  };
}

/** Saves one person's own details (PUT /api/men/:id or /api/facilitators/:id). */
export function useEditPerson(kind: PersonKind) {
  const refresh = useRefreshRegister(kind);
  return useMutation({
    mutationFn: ({ id, edit }: { id: string; edit: PersonEdit }) =>
      apiFetch<Person>(recordPath(kind, id), { method: 'PUT', body: JSON.stringify(edit) }),
    onSuccess: (updated) => refresh({ updated }),
  });
}

export function useDeletePerson(kind: PersonKind) {
  const refresh = useRefreshRegister(kind);
  return useMutation({
    mutationFn: (person: PersonListRow) => apiFetch<void>(recordPath(kind, person.id), { method: 'DELETE' }),
    onSuccess: (_nothing, person) => refresh({ deletedId: person.id }),
  });
}

/** Approves or declines a facilitator applicant; answers with his record (hasAccount tells how he gets access). */
export function useDecideApplication() {
  const refresh = useRefreshRegister('facilitators');
  return useMutation({
    mutationFn: ({ person, decision }: { person: PersonListRow; decision: 'approve' | 'decline' }) =>
      apiFetch<Person>(`${recordPath('facilitators', person.id)}/${decision}`, { method: 'POST' }),
    onSuccess: (updated) => refresh({ updated }),
  });
}

/** "Mark as left", "Mark as graduated" or "Back in the programme" (endedAs null). */
export function useSetManEnded() {
  const refresh = useRefreshRegister('men');
  return useMutation({
    mutationFn: ({ id, endedAs }: { id: string } & ManEndInput) =>
      apiFetch<Person>(`${recordPath('men', id)}/ended`, {
        method: 'PUT',
        body: JSON.stringify({ endedAs }),
      }),
    onSuccess: (updated) => refresh({ updated }),
  });
}
