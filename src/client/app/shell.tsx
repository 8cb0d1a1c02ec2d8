import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useReceiptOnlyOnThankYou } from '../features/registrations/last-receipt.ts';
import { usePendingFlag, useSentNotices } from '../features/registrations/pending-flag.ts';
import { type PageData, usePageData } from './page-data.ts';
import { TestPaymentsBanner } from './test-payments-banner.tsx';

// Downloaded only while a registration made without a connection waits on this phone, or was just sent.
const PendingSender = lazy(() => import('../features/registrations/components/pending-sender.tsx'));

let browserClient: QueryClient | undefined;

/**
 * One client for the browser's whole visit (the shell remounts on each page), seeded with what a
 * server-rendered page was rendered with; a new one for each page the server renders.
 */
function queryClientFor(pageData: PageData | undefined) {
  if (typeof window !== 'undefined' && browserClient) return browserClient;
  const client = new QueryClient({
    defaultOptions: {
      queries: { staleTime: 10_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
  for (const [queryKey, data] of pageData?.queries ?? []) client.setQueryData(queryKey, data);
  if (typeof window !== 'undefined') browserClient = client;
  return client;
}

// The first page is where the browser put it (a server-rendered page may have been scrolled before it was hydrated).
let firstPage = true;

function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new page by design
  useEffect(() => {
    if (firstPage) firstPage = false;
    else window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Everything below needs server state; the not-found screen stays outside so it costs only React and the router. */
export default function AppShell() {
  const pendingRegistration = usePendingFlag();
  const sentFromPhone = useSentNotices().length > 0;
  useReceiptOnlyOnThankYou();
  const pageData = usePageData();
  const [queryClient] = useState(() => queryClientFor(pageData));
  return (
    <QueryClientProvider client={queryClient}>
      <ScrollToTopOnNavigate />
      <TestPaymentsBanner />
      {(pendingRegistration || sentFromPhone) && (
        <Suspense fallback={null}>
          <PendingSender />
        </Suspense>
      )}
      <Outlet />
    </QueryClientProvider>
  );
}
