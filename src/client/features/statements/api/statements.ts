import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ParticipantList } from '../../../../shared/participants/participants.ts';
import type {
  StatementAccount,
  StatementConfirm,
  StatementConfirmResult,
  StatementImportResult,
  StatementImportSummary,
  StatementLinesPage,
  StatementMapping,
  StatementOutcome,
  StatementPreview,
  StatementReview,
} from '../../../../shared/statements/statements.ts';
import { apiFetch } from '../../../lib/api.ts';

const fileForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

const query = (values: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(values).filter((pair): pair is [string, string] => Boolean(pair[1])));

/** The file's columns and first rows, with the mapping to offer (nothing is stored). */
export const usePreviewStatement = () =>
  useMutation({
    mutationFn: ({ account, file }: { account: StatementAccount; file: File }) =>
      apiFetch<StatementPreview>(`/api/statements/preview?${query({ account })}`, {
        method: 'POST',
        body: fileForm(file),
      }),
  });

export const getStatementImportsQueryOptions = () =>
  queryOptions({
    queryKey: ['statements'],
    queryFn: ({ signal }) => apiFetch<StatementImportSummary[]>('/api/statements', { signal }),
  });

export const useStatementImports = () => useQuery(getStatementImportsQueryOptions());

export const getStatementReviewQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['statements', id],
    queryFn: ({ signal }) =>
      apiFetch<StatementReview>(`/api/statements/${encodeURIComponent(id)}`, { signal }),
  });

export const useStatementReview = (id: string) => useQuery(getStatementReviewQueryOptions(id));

/** A page of an import's lines of one outcome; the key starts with the review's, so they go stale with it. */
export const getStatementLinesQueryOptions = (id: string, outcome: StatementOutcome, page: number) =>
  queryOptions({
    queryKey: [...getStatementReviewQueryOptions(id).queryKey, 'lines', { outcome, page }],
    queryFn: ({ signal }) =>
      apiFetch<StatementLinesPage>(
        `/api/statements/${encodeURIComponent(id)}/lines?${new URLSearchParams({ outcome, page: String(page) })}`,
        { signal },
      ),
  });

export const useStatementLines = (id: string, outcome: StatementOutcome, page: number, enabled = true) =>
  useQuery({
    ...getStatementLinesQueryOptions(id, outcome, page),
    enabled,
    placeholderData: keepPreviousData,
  });

export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      account,
      mapping,
      file,
    }: {
      account: StatementAccount;
      mapping: StatementMapping;
      file: File;
    }) =>
      apiFetch<StatementImportResult>(`/api/statements?${query({ account, ...mapping })}`, {
        method: 'POST',
        body: fileForm(file),
      }),
    onSuccess: ({ review }) => {
      if (review) queryClient.setQueryData(getStatementReviewQueryOptions(review.id).queryKey, review);
      void queryClient.invalidateQueries({
        queryKey: getStatementImportsQueryOptions().queryKey,
        exact: true,
      });
    },
  });
}

/** Confirming marks entries paid: every list and figure of payments is out of date. */
export function useConfirmStatement(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choices: StatementConfirm) =>
      apiFetch<StatementConfirmResult>(`/api/statements/${encodeURIComponent(id)}/confirm`, {
        method: 'POST',
        body: JSON.stringify(choices),
      }),
    onSuccess: ({ review }) => {
      const reviewKey = getStatementReviewQueryOptions(id).queryKey;
      queryClient.setQueryData(reviewKey, review);
      // Every list and figure of payments, the list of statements (this one is now confirmed) and its lines.
      void queryClient.invalidateQueries({
        predicate: (query) =>
          query.queryKey.length !== reviewKey.length ||
          query.queryKey.some((part, at) => part !== reviewKey[at]),
      });
    },
  });
}

/** Entries found by name or reference, for assigning a line by hand (the participants list's own search). */
export const useEntrySearch = (q: string) =>
  useQuery({
    queryKey: ['statements', 'entry-search', q],
    queryFn: ({ signal }) =>
      apiFetch<ParticipantList>(`/api/participants?${new URLSearchParams({ q, pageSize: '25' })}`, {
        signal,
      }),
    enabled: q.trim().length >= 2,
  });
