import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api.ts';

/** "about 45 seconds", "about 2 minutes". */
function waitFor(seconds: number) {
  if (seconds < 90) return `about ${seconds} second${seconds === 1 ? '' : 's'}`;
  return `about ${Math.round(seconds / 60)} minutes`;
}

/** The sentence to show for a failed call; a 429 also says how long to wait, unless the sentence does. */
export function errorText(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (error.status === 429 && error.retryAfterSeconds && !/\d/.test(error.message)) {
    return `${error.message} You can try again in ${waitFor(error.retryAfterSeconds)}.`;
  }
  return error.message;
}

/** A failure announced to screen readers as soon as it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-900">
      {children}
    </div>
  );
}

/** Good news, announced politely. */
export function FormSuccess({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-950">
      {children}
    </div>
  );
}
