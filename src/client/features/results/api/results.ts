import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminResults,
  ResultCorrection,
  ResultsCheck,
  ResultsMapping,
  ResultsPreview,
} from '../../../../shared/results/results.ts';
import { apiFetch } from '../../../lib/api.ts';

const fileForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

const query = (mapping: ResultsMapping) =>
  new URLSearchParams(
    Object.entries(mapping).filter(
      (pair): pair is [string, string] => typeof pair[1] === 'string' && pair[1] !== '',
    ),
  );

export const adminResultsQueryOptions = () =>
  queryOptions({
    queryKey: ['results', 'admin'],
    queryFn: ({ signal }) => apiFetch<AdminResults>('/api/admin/results', { signal }),
  });

export const useAdminResults = () => useQuery(adminResultsQueryOptions());

/** The file's headings, first rows and the columns guessed (nothing is stored). */
export const usePreviewResults = () =>
  useMutation({
    mutationFn: (file: File) =>
      apiFetch<ResultsPreview>('/api/admin/results/preview', { method: 'POST', body: fileForm(file) }),
  });

/** The file checked with the columns chosen: rows ready and what to fix (nothing is stored). */
export const useCheckResults = () =>
  useMutation({
    mutationFn: ({ file, mapping }: { file: File; mapping: ResultsMapping }) =>
      apiFetch<ResultsCheck>(`/api/admin/results/check?${query(mapping)}`, {
        method: 'POST',
        body: fileForm(file),
      }),
  });

function useResultsChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['results'] }),
  });
}

export const useImportResults = () =>
  useResultsChange(({ file, mapping }: { file: File; mapping: ResultsMapping }) =>
    apiFetch<{ imported: number; unchanged: number }>(`/api/admin/results?${query(mapping)}`, {
      method: 'POST',
      body: fileForm(file),
    }),
  );

export const useCorrectResult = () =>
  useResultsChange(({ id, correction }: { id: string; correction: ResultCorrection }) =>
    apiFetch<AdminResults>(`/api/admin/results/${encodeURIComponent(id)}`, {
      method: 'PUT',
      body: JSON.stringify(correction),
    }),
  );

export const usePublishResults = () =>
  useResultsChange((published: boolean) =>
    apiFetch<AdminResults>('/api/admin/results/published', {
      method: 'POST',
      body: JSON.stringify({ published }),
    }),
  );
