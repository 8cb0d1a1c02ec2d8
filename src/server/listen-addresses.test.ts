import type { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { linksOf } from './links.ts';
import { listenOrigins, readyLine } from './listen-addresses.ts';

const base = { netmask: '', mac: '', cidr: null };
const machine: ReturnType<typeof networkInterfaces> = {
  lo: [
    { ...base, address: '127.0.0.1', family: 'IPv4', internal: true },
    { ...base, address: '::1', family: 'IPv6', internal: true, scopeid: 0 },
  ],
  wlan0: [
    { ...base, address: '192.168.1.23', family: 'IPv4', internal: false },
    { ...base, address: 'fd00::23', family: 'IPv6', internal: false, scopeid: 0 },
    { ...base, address: 'fe80::1', family: 'IPv6', internal: false, scopeid: 3 },
  ],
};

describe('the addresses the server listens on', () => {
  it('are every IPv4 address of the machine on 0.0.0.0, the network first, localhost beside loopback', () => {
    expect(listenOrigins('0.0.0.0', 3000, machine)).toEqual([
      'http://192.168.1.23:3000',
      'http://localhost:3000',
      'http://127.0.0.1:3000',
    ]);
  });

  it('include IPv6 on ::, but not link-local addresses a browser cannot open', () => {
    expect(listenOrigins('::', 3000, machine)).toEqual([
      'http://192.168.1.23:3000',
      'http://[fd00::23]:3000',
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
  });

  it('are the one address HOST names', () => {
    expect(listenOrigins('127.0.0.1', 3000, machine)).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
    ]);
    expect(listenOrigins('192.168.1.23', 8080, machine)).toEqual(['http://192.168.1.23:8080']);
  });

  it('give mail links the first address that is not loopback, or PUBLIC_URL alone when it is set', () => {
    const lan = linksOf({ HOST: '0.0.0.0', PORT: 3000, PUBLIC_URL: undefined });
    expect(lan.origins).toContain(lan.site);
    const fixed = linksOf({ HOST: '0.0.0.0', PORT: 3000, PUBLIC_URL: 'https://fun.example.org' });
    expect(fixed).toMatchObject({ site: 'https://fun.example.org', origins: ['https://fun.example.org'] });
  });

  it('are named in the start-up line: which work from a phone, which on this machine only', () => {
    expect(readyLine(listenOrigins('0.0.0.0', 3000, machine), undefined)).toBe(
      'Celebration is ready at http://192.168.1.23:3000 (from a phone on the same network), and on this machine at http://localhost:3000 or http://127.0.0.1:3000',
    );
    expect(readyLine(listenOrigins('127.0.0.1', 3000, machine), undefined)).toBe(
      'Celebration is ready on this machine at http://localhost:3000 or http://127.0.0.1:3000 only',
    );
    expect(readyLine(['https://fun.example.org'], 'https://fun.example.org')).toBe(
      'Celebration is ready at https://fun.example.org',
    );
  });
});
