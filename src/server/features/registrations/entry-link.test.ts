import { describe, expect, it } from 'vitest';
import { linksOf } from '../../links.ts';
import { newCheckInCode, newEntryLink } from './entry-link.ts';

describe('tokens drawn from the pool of random bytes', () => {
  it('never share a byte, across many refills of the pool', () => {
    const links = linksOf({ PUBLIC_URL: 'https://example.com', HOST: '127.0.0.1', PORT: 3000 });
    const tokens: Buffer[] = [];
    for (let at = 0; at < 1000; at += 1) {
      const link = newEntryLink(links);
      expect(link.url).toBe(`https://example.com/My/${link.token}`);
      tokens.push(Buffer.from(link.token, 'base64url'), Buffer.from(newCheckInCode(), 'hex'));
    }
    expect(tokens.filter((token) => token.length === 24)).toHaveLength(1000);
    expect(tokens.filter((token) => token.length === 16)).toHaveLength(1000);
    // 40,000 random bytes: any 8 of them repeated would be a chunk handed out twice.
    const eights = new Set(tokens.map((token) => token.subarray(0, 8).toString('hex')));
    expect(eights.size).toBe(2000);
  });
});
