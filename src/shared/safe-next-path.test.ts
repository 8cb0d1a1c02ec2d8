import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next-path.ts';

describe('safeNextPath', () => {
  it('keeps paths on this site, with their query', () => {
    for (const path of [
      '/',
      '/About',
      '/WelcomeManager',
      '/Participants?q=john%20smith&page=2',
      '/Participants?q=http%3A%2F%2Fx',
      '/Profile#uploads',
    ]) {
      expect(safeNextPath(path), path).toBe(path);
    }
  });

  it('refuses anything that could lead to another site or break a redirect', () => {
    for (const value of [
      undefined,
      null,
      '',
      'About',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '\\/evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /About',
      '/About ',
      '/\u3000/x',
      '/\u00a0/x',
      '/\u200b/x',
      '/\u202e/x',
      '/%09/evil.example',
      '/%2F/evil.example',
      '/%2f%2fevil.example',
      '/%5Cevil.example',
      '/%E3%80%80/x',
      '/%E0%A4%A', // malformed encoding
      '/a//b',
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(safeNextPath(value), JSON.stringify(value)).toBeUndefined();
    }
  });
});
