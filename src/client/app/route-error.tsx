import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { buttonClass } from '../components/ui/button.tsx';
import { ErrorBoundary } from '../components/ui/error-boundary.tsx';
import { ErrorScreen } from './error-screen.tsx';

// Browsers word a failed dynamic import differently; all mean the chunk could not be loaded.
const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown) {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}

export function PageLoading() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center text-stone-600">
      <span
        className="size-6 animate-spin rounded-full border-2 border-stone-300 border-t-brand-700"
        aria-hidden="true"
      />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

function FailureScreen({ error }: { error: unknown }) {
  if (isChunkLoadError(error)) {
    return (
      <ErrorScreen
        action={
          <button type="button" className={buttonClass} onClick={() => window.location.reload()}>
            Reload the page
          </button>
        }
      >
        <p>
          Part of this page could not be loaded. The site may have just been updated, or the connection
          dropped. Reloading usually fixes it.
        </p>
      </ErrorScreen>
    );
  }
  return (
    <ErrorScreen
      action={
        <a href="/" className={buttonClass}>
          Go to the home page
        </a>
      }
    >
      <p>Something went wrong while showing this page. Please try again.</p>
    </ErrorScreen>
  );
}

/** Catches a page that fails to load or render; moving to another page clears it. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary key={pathname} fallback={(error) => <FailureScreen error={error} />}>
      {children}
    </ErrorBoundary>
  );
}
