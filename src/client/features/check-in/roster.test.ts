import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RosterRow } from '../../../shared/check-in/roster.ts';
import { codeDigest, isRosterOver, rosterEntry, searchRoster } from './roster.ts';
import type { StoredRoster } from './roster-store.ts';

const code = (n: number) => n.toString(16).padStart(32, '0');
const row = (n: number, first: string, last: string, change: Partial<Record<number, unknown>> = {}) => {
  const made: RosterRow = [
    `id-${n}`,
    `CFR26-00${n}`,
    first,
    last,
    0,
    n === 3 ? 1042 : null,
    'Large',
    'unpaid',
    '15.00',
    null,
    createHash('sha256').update(code(n)).digest('hex').slice(0, 16),
    null,
    null,
    false,
  ];
  for (const [index, value] of Object.entries(change)) (made as unknown[])[Number(index)] = value;
  return made;
};

const roster: StoredRoster = {
  accountId: 'a',
  eventId: 'e',
  eventDate: '2026-11-28',
  asOf: '2026-11-28T05:12:00.000Z',
  races: [{ id: 'r', discipline: 'run', label: '10km', feeUsd: '15.00', feeZwg: '400.00' }],
  entries: [
    row(1, 'Rudo', 'Chikore'),
    row(2, 'Farai', 'Ncube', { 7: 'paid', 8: null }),
    row(3, 'Tendai', 'Moyo'),
    row(4, 'Rudo', 'Banda', { 11: ['2026-11-28T05:20:00.000Z', 'Tari'], 13: true }),
  ],
  bibBlocks: [],
};
const names = (text: string) =>
  searchRoster(roster, text).map((entry) => `${entry.firstName} ${entry.lastName}`);

describe('the roster on the phone', () => {
  it('digests a code as the server does (SHA-256, first 16 hex digits), in either case', () => {
    expect(codeDigest(code(7))).toBe(createHash('sha256').update(code(7)).digest('hex').slice(0, 16));
    expect(codeDigest('ABCDEF'.padStart(32, '0'))).toBe(codeDigest('abcdef'.padStart(32, '0')));
  });

  it('searches as the server: names either way round and references from 3 characters, a whole bib, a whole code; by surname', () => {
    expect(names('rudo')).toEqual(['Rudo Banda', 'Rudo Chikore']);
    expect(names('Chikore Rudo')).toEqual(['Rudo Chikore']);
    expect(names('moyo ten')).toEqual(['Tendai Moyo']);
    expect(names('ru')).toEqual([]);
    expect(names('CFR26-002')).toEqual(['Farai Ncube']);
    expect(names('1042')).toEqual(['Tendai Moyo']);
    expect(names('104')).toEqual([]);
    expect(names(code(1))).toEqual(['Rudo Chikore']);
    expect(names(code(9))).toEqual([]);
  });

  it('shows a row as the entry card does: what is owed, or the race fee; who checked in; a minor', () => {
    const [rudo, farai, , banda] = roster.entries as [RosterRow, RosterRow, RosterRow, RosterRow];
    expect(rosterEntry(roster, rudo)).toMatchObject({
      race: '10km',
      discipline: 'run',
      paymentStatus: 'unpaid',
      fees: { USD: '15.00', ZWG: null },
      checkedIn: null,
    });
    expect(rosterEntry(roster, farai).fees).toEqual({ USD: '15.00', ZWG: '400.00' });
    expect(rosterEntry(roster, banda).checkedIn).toEqual({ at: '2026-11-28T05:20:00.000Z', by: 'Tari' });
    expect(rosterEntry(roster, banda).minor).toBe(true);
    expect(rosterEntry(roster, rudo).minor).toBe(false);
  });

  it('is over once the event’s day has passed in Harare', () => {
    expect(isRosterOver(roster, new Date('2026-11-28T21:59:00Z'))).toBe(false);
    expect(isRosterOver(roster, new Date('2026-11-28T22:01:00Z'))).toBe(true);
  });
});
