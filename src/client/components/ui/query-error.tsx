import { ApiError } from '../../lib/api.ts';
import { errorText } from './form-alert.tsx';
import { ErrorMessage } from './status.tsx';

/** Enough of a TanStack query to say why it failed and to try again. */
interface FailedQuery {
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A failed query's message with Try again; nothing while it has not failed. With `missingIsFinal`, a 404
 * (e.g. no programme record linked to the account) offers no Try again: it would fail the same way.
 */
export function QueryError({
  query,
  missingIsFinal = false,
}: {
  query: FailedQuery;
  missingIsFinal?: boolean;
}) {
  if (!query.isError) return null;
  const missing = query.error instanceof ApiError && query.error.status === 404;
  return (
    <ErrorMessage onRetry={missingIsFinal && missing ? undefined : () => query.refetch()}>
      {errorText(query.error)}
    </ErrorMessage>
  );
}
