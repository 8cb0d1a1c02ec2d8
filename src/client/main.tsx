import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PageDataContext, readPageData } from './app/page-data.ts';
import { AppRouter } from './app/router.tsx';
import { rememberReceipt } from './features/registrations/last-receipt.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// A public page comes rendered by the server with its data: the browser takes it over rather than drawing it again.
const pageData = readPageData();
// The Thank-you page the server answered a form posted without JavaScript with: its address is the form's, and
// the tab keeps its receipt as it keeps one the script registered, so it is forgotten once another page shows.
if (pageData?.receipt) {
  rememberReceipt(pageData.receipt);
  history.replaceState(null, '', '/Thankyou');
}
const app = (
  <StrictMode>
    <PageDataContext value={pageData}>
      <AppRouter />
    </PageDataContext>
  </StrictMode>
);
// As a transition, React hydrates in slices of a few milliseconds, yielding between them: a tap or a key on
// the server's page is never held up for the whole page (on a cheap phone, hundreds of milliseconds).
if (pageData)
  startTransition(() => {
    hydrateRoot(root, app);
  });
else createRoot(root).render(app);

// The service worker (service-worker/sw.js) keeps the public pages for opening without signal, and sends a registration
// kept on the phone. Registered after the page has loaded, so it never competes with the first content, and
// from the public pages (those the server renders) only: signed-in pages' first load gains nothing from it.
// A server-rendered page starts this script late (page-start.ts): the page may have loaded already.
if (import.meta.env.PROD && 'serviceWorker' in navigator && pageData) {
  const register = () =>
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Refused (private mode, an old browser): the pages work as before, without the offline copy.
    });
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
