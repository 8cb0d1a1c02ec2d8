import { lazy, type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import { buttonClass, secondaryButtonClass } from '../components/ui/button.tsx';
import { ErrorBoundary } from '../components/ui/error-boundary.tsx';
import { maybeSignedIn } from '../features/accounts/signed-in-hint.ts';
import { ErrorScreen } from './error-screen.tsx';

// Fetched only by a browser that signed in: a visitor's way out is the home page, known without asking.
const HomeLink = lazy(() => import('../features/accounts/components/home-link.tsx'));

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

const homePageLink = (
  <a href="/" className={secondaryButtonClass}>
    Go to the home page
  </a>
);

function FailureScreen({ error }: { error: unknown }) {
  const { pathname, search } = useLocation();
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
  // Full page loads, not the router's: whatever broke this page is left behind with its state.
  return (
    <ErrorScreen
      action={
        <div className="flex flex-wrap gap-3">
          <a href={pathname + search} className={buttonClass}>
            Try this page again
          </a>
          {maybeSignedIn() ? (
            <Suspense fallback={homePageLink}>
              <HomeLink>{homePageLink}</HomeLink>
            </Suspense>
          ) : (
            homePageLink
          )}
        </div>
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
