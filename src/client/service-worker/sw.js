// The site's service worker, built into dist/client/sw.js with `BUILD` (the build's version and the files the
// public pages need) set above this file by vite.config.ts. It keeps the public pages for opening without
// signal, and sends a registration kept on the phone by Background Sync. Pages are always asked of the
// network first: a cached copy is served only when the network cannot answer.

const CACHE = `celebration-${BUILD.version}`;
/** Public pages whose HTML is kept, whether the server sends the app's shell or a rendered page. */
const PUBLIC_PAGES = /^\/(|welcome|register|registercyclist|thankyou|terms|banking|search)\/?$/i;
/** Public files without a hash in their name, and the event every public page shows: no personal data. */
const PUBLIC_FILES = /^\/(images\/|media\/|logo\.svg$|favicon\.svg$|api\/event$)/;

// A phone prepared for race morning (issue 37) also keeps /CheckIn's shell, the scripts and styles it loaded,
// and its account's session answer, so the page opens again without signal; forgotten when the roster is wiped.
const CHECK_IN_PAGE = /^\/checkin\/?$/i;
const SESSION = '/api/account/session';
const PREPARED = '/__check-in-prepared';

const BLANK_IMAGE = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(BUILD.files);
      // Pages and the event only as well as the network allows: the install never fails for them.
      await Promise.allSettled(
        ['/', '/Register', '/RegisterCyclist', '/api/event'].map((url) => cache.add(url)),
      );
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('celebration-') && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (PUBLIC_PAGES.test(url.pathname)) event.respondWith(networkFirst(request, true));
    else if (CHECK_IN_PAGE.test(url.pathname)) event.respondWith(checkInPage(request));
  } else if (url.pathname === SESSION) {
    event.respondWith(session(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (PUBLIC_FILES.test(url.pathname)) {
    event.respondWith(networkFirst(request, false));
  }
  // Everything else (other /api answers, signed-in pages) goes to the network untouched and is never kept.
});

/** Which account prepared this phone, or undefined. */
async function preparedFor() {
  const kept = await (await caches.open(CACHE)).match(PREPARED);
  return kept ? (await kept.json()).accountId : undefined;
}

self.addEventListener('message', (event) => {
  const { data } = event;
  if (data?.type === 'check-in-prepared' && typeof data.accountId === 'string') {
    event.waitUntil(
      (async () => {
        const cache = await caches.open(CACHE);
        await cache.put(PREPARED, new Response(JSON.stringify({ accountId: data.accountId })));
        const assets = (Array.isArray(data.assets) ? data.assets : []).filter(
          (path) => typeof path === 'string' && path.startsWith('/assets/'),
        );
        await Promise.allSettled([...assets, '/CheckIn', SESSION].map((path) => cache.add(path)));
      })(),
    );
  } else if (data?.type === 'check-in-wiped') {
    event.waitUntil(
      (async () => {
        const cache = await caches.open(CACHE);
        await Promise.all(
          [PREPARED, '/CheckIn', SESSION].map((path) => cache.delete(path, { ignoreVary: true })),
        );
      })(),
    );
  }
});

/** /CheckIn: from the network, or on a prepared phone without signal the copy kept. */
async function checkInPage(request) {
  if (!(await preparedFor())) return fetch(request);
  return networkFirst(request, true);
}

/**
 * The session answer: kept only on a prepared phone and only while it names the account that prepared it;
 * without signal, that copy is answered (the page then reads the roster on the phone).
 */
async function session(request) {
  const accountId = await preparedFor();
  if (!accountId) return fetch(request);
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    const body = response.ok
      ? await response
          .clone()
          .json()
          .catch(() => undefined)
      : undefined;
    if (body?.user?.id === accountId) await cache.put(SESSION, response.clone());
    else await cache.delete(SESSION);
    return response;
  } catch (error) {
    const kept = await cache.match(SESSION, { ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}

/** Hashed files never change: the copy kept is the file. */
async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request, isPage) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && !response.redirected) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request, { ignoreSearch: isPage, ignoreVary: true });
    if (kept) return kept;
    // A public page not opened before: the home page's copy starts the app, whose router shows this page.
    const home = isPage && (await cache.match('/', { ignoreVary: true }));
    if (home) return home;
    // A photo never loaded before (the landing page's, at another size): nothing rather than a broken image
    // and its description over the page.
    if (request.destination === 'image')
      return new Response(BLANK_IMAGE, { headers: { 'content-type': 'image/svg+xml' } });
    throw error;
  }
}

// Background Sync: the pages keep a registration made without signal in IndexedDB (idb-keyval's default
// store, src/client/features/registrations/pending-registration.ts) and ask for this sync. The same Web Lock
// as the pages' keeps one sender at a time; an entry is deleted only once the server has answered it.
const SYNC_TAG = 'pending-registration';
const ENTRIES = 'pending-registrations';
const ANSWERS = 'pending-registration-answers';

self.addEventListener('sync', (event) => {
  if (event.tag === SYNC_TAG) event.waitUntil(self.navigator.locks.request(SYNC_TAG, sendKept));
});

async function sendKept() {
  let left = (await idb('readonly', (store) => store.get(ENTRIES))) ?? [];
  const answers = [];
  let unreachable = false;
  for (const entry of [...left]) {
    let response;
    try {
      response = await fetch(entry.waitlist ? '/api/waitlist' : '/api/registrations', {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'idempotency-key': entry.idempotencyKey,
        },
        body: JSON.stringify(entry.data),
      });
    } catch {
      unreachable = true;
      break;
    }
    if (response.status === 429 || response.status >= 500) {
      unreachable = true;
      break;
    }
    const body = await response.json().catch(() => ({}));
    answers.push(
      response.ok
        ? // The reference only: the receipt's private link is for the entrant's email, not for whoever opens
          // a page on this phone next (pending-registration.ts, PendingAnswer).
          {
            kind: 'sent',
            discipline: entry.data.discipline,
            reference: body.reference,
            waitlist: body.onWaitlist === true,
          }
        : {
            kind: 'refused',
            status: response.status,
            message: body.detail ?? body.title ?? `The server answered ${response.status}. Please try again.`,
            errors: Array.isArray(body.errors) ? body.errors : [],
            entry,
          },
    );
    left = left.filter((kept) => kept.idempotencyKey !== entry.idempotencyKey);
    await idb('readwrite', (store) => {
      const earlier = store.get(ANSWERS);
      earlier.onsuccess = () => store.put([...(earlier.result ?? []), ...answers.splice(0)], ANSWERS);
      return left.length > 0 ? store.put(left, ENTRIES) : store.delete(ENTRIES);
    });
  }
  // An open page shows the answer (that it was sent, or the form with the refusal); otherwise the next one does.
  for (const client of await self.clients.matchAll({ type: 'window' })) {
    client.postMessage({ type: 'pending-registration' });
  }
  // The browser tries the sync again later.
  if (unreachable) throw new Error('The server could not be reached');
}

/** One request on idb-keyval's store, in a transaction that has completed when it resolves. */
function idb(mode, use) {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open('keyval-store');
    opening.onupgradeneeded = () => opening.result.createObjectStore('keyval');
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const db = opening.result;
      const transaction = db.transaction('keyval', mode);
      const request = use(transaction.objectStore('keyval'));
      transaction.oncomplete = () => {
        db.close();
        resolve(request.result);
      };
      transaction.onerror = transaction.onabort = () => {
        db.close();
        reject(transaction.error);
      };
    };
  });
}
