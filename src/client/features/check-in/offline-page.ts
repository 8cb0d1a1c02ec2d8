// Once a phone is prepared, the service worker keeps the check-in page's shell, its scripts and styles, and
// the prepared account's session answer, so /CheckIn opens again without signal (src/client/service-worker/sw.js).

/** Asks the service worker to keep /CheckIn for this account; registers it first when the page has none yet. */
export async function keepPageOffline(accountId: string) {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.register('/sw.js');
    const worker = registration.active ?? (await navigator.serviceWorker.ready).active;
    const assets = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
      .map((url) => url.pathname);
    worker?.postMessage({ type: 'check-in-prepared', accountId, assets });
  } catch {
    // No service worker (private mode, an old browser): look-ups still work offline while the page stays open.
  }
}
