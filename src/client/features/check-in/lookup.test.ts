import { createHash } from 'node:crypto';
import { indexedDB } from 'fake-indexeddb';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { RosterRow } from '../../../shared/check-in/roster.ts';
import type { StoredRoster } from './roster-store.ts';

const row = (n: number, first: string, last: string): RosterRow => [
  `id-${n}`,
  `CFR26-00${n}`,
  first,
  last,
  0,
  null,
  'Large',
  'unpaid',
  '15.00',
  null,
  createHash('sha256').update(String(n)).digest('hex').slice(0, 16),
  null,
  null,
  false,
];
const roster: StoredRoster = {
  accountId: 'volunteer',
  eventId: 'e',
  eventDate: '2999-12-31',
  asOf: '2026-11-28T05:12:00.000Z',
  races: [{ id: 'r', discipline: 'run', label: '10km', feeUsd: '15.00', feeZwg: null }],
  entries: [row(1, 'Rudo', 'Chikore'), row(2, 'Farai', 'Ncube')],
  bibBlocks: [],
};

// The phone's IndexedDB, in memory: the roster goes in and comes out through the app's own store.
vi.stubGlobal('indexedDB', indexedDB);
const { saveRoster } = await import('./roster-store.ts');
const { openRoster } = await import('./roster.ts');
const { searchEntries } = await import('./lookup.ts');

/** A server that never answers: the request ends only when it is aborted. */
const silentServer = vi.fn(
  (_url: string, init: RequestInit) =>
    new Promise<Response>((_resolve, reject) =>
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
    ),
);

// Other test files share this process's globals.
afterAll(() => vi.unstubAllGlobals());

describe('look-ups on a phone prepared for race morning', () => {
  it('answer from the phone’s list when the server is silent for 2 s, and from the server when it answers', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    vi.stubGlobal('fetch', silentServer);
    await saveRoster(roster);
    await openRoster('volunteer');
    const started = Date.now();
    const offline = await searchEntries('Chikore');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(silentServer).toHaveBeenCalledTimes(1);
    expect(offline.entries.map((entry) => entry.reference)).toEqual(['CFR26-001']);

    const answering = vi.fn(async () => Response.json({ entries: [] }));
    vi.stubGlobal('fetch', answering);
    expect((await searchEntries('Chikore')).entries).toEqual([]);
    expect(answering).toHaveBeenCalledTimes(1);
  });
});
