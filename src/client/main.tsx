import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router.tsx';
import './styles.css';

const PUBLIC_PAGES = /^\/(|welcome|register|registercyclist|thankyou|terms|banking|search)\/?$/i;

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <AppRouter />
  </StrictMode>,
);

// The service worker (service-worker/sw.js) keeps the public pages for opening without signal, and sends a registration
// kept on the phone. Registered after the page has loaded, so it never competes with the first content, and
// from the public pages only: signed-in pages' first load gains nothing from it.
if (import.meta.env.PROD && 'serviceWorker' in navigator && PUBLIC_PAGES.test(location.pathname)) {
  addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Refused (private mode, an old browser): the pages work as before, without the offline copy.
    });
  });
}
