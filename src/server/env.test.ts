import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

describe('environment', () => {
  it('has safe defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      RATE_LIMITS: 'on',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    // Unset, the site answers at every address it listens on (issue 34): no localhost to be sent to.
    expect(env.PUBLIC_URL).toBeUndefined();
  });

  it('names every bad variable on its own line', () => {
    try {
      loadEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'nope' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const lines = (error as EnvError).lines;
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(/^ {2}PORT: .*\(got "abc"\)$/);
      expect(lines.join('\n')).toMatch(/DATABASE_URL: must be a postgres:\/\/ URL/);
      expect(lines.join('\n')).toMatch(/PUBLIC_URL: must be an http/);
    }
  });

  it('takes PAYNOW_URL=fake for trying payments, but never beside an https PUBLIC_URL (a real site)', () => {
    expect(loadEnv({ PAYNOW_URL: 'fake' }).fakes).toEqual(['PAYNOW_URL']);
    expect(loadEnv({}).fakes).toEqual([]);
    expect(() => loadEnv({ PAYNOW_URL: 'fake', PUBLIC_URL: 'https://fun.example.org' })).toThrow(
      /PAYNOW_URL: fake is for trying Celebration, not for a real site/,
    );
  });

  it('treats empty values as unset', () => {
    expect(loadEnv({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 3000, DATABASE_URL: undefined });
  });
});
