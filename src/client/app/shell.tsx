import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

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
  return (
    <QueryClientProvider client={queryClient}>
      <ScrollToTopOnNavigate />
      <Outlet />
    </QueryClientProvider>
  );
}
