import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { usePendingFlag } from '../features/registrations/pending-flag.ts';

// Downloaded only while a registration made without a connection waits on this phone.
const PendingSender = lazy(() => import('../features/registrations/components/pending-sender.tsx'));

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 10_000, retry: 1, refetchOnWindowFocus: false },
  },
});

function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  // Block body on purpose: newer Chromium returns a Promise from scrollTo, which React would take for a cleanup.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new page by design
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Everything below needs server state; the not-found screen stays outside so it costs only React and the router. */
export default function AppShell() {
  const pendingRegistration = usePendingFlag();
  return (
    <QueryClientProvider client={queryClient}>
      <ScrollToTopOnNavigate />
      {pendingRegistration && (
        <Suspense fallback={null}>
          <PendingSender />
        </Suspense>
      )}
      <Outlet />
    </QueryClientProvider>
  );
}
