import type { DataTag, QueryClient, QueryKey } from '@tanstack/react-query';

/** What a change shown at once needs to be put back: the query and its data before. */
export interface Shown<Data> {
  queryKey: DataTag<QueryKey, Data, Error>;
  before: Data | undefined;
}

/**
 * Shows a change in a query's data at once, before the server answers (onMutate); `putBack` restores
 * the data if the server refuses it (onError).
 */
export async function showAtOnce<Data>(
  queryClient: QueryClient,
  queryKey: DataTag<QueryKey, Data, Error>,
  change: (data: Data | undefined) => Data | undefined,
): Promise<Shown<Data>> {
  await queryClient.cancelQueries({ queryKey });
  const before = queryClient.getQueryData(queryKey);
  queryClient.setQueryData(queryKey, change);
  return { queryKey, before };
}

export function putBack<Data>(queryClient: QueryClient, shown: Shown<Data> | undefined) {
  if (shown?.before) queryClient.setQueryData(shown.queryKey, shown.before);
}
