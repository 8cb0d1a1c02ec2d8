import { describe, expect, it } from 'vitest';
import { nodeFlagsNeeded } from './node-flags.ts';

describe('Node flags for the embedded database', () => {
  it('keeps WebAssembly on the baseline compiler when PGlite runs in the server', () => {
    expect(nodeFlagsNeeded({})).toEqual(['--liftoff-only']);
  });

  it('adds nothing on PostgreSQL, where no WebAssembly runs', () => {
    expect(nodeFlagsNeeded({ DATABASE_URL: 'postgres://x@127.0.0.1/y' })).toEqual([]);
  });
});
