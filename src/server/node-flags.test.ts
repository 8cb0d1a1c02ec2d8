import { describe, expect, it } from 'vitest';
import { nodeFlagsNeeded } from './node-flags.ts';

describe('Node flags for the embedded database', () => {
  it('keeps WebAssembly on the baseline compiler on V8 13 (Node 24) only', () => {
    expect(nodeFlagsNeeded('13.6.233.17-node.28', {})).toEqual(['--liftoff-only']);
    expect(nodeFlagsNeeded('12.4.254.21-node.33', {})).toEqual([]);
    expect(nodeFlagsNeeded('14.3.127.18-node.12', {})).toEqual([]);
    expect(nodeFlagsNeeded('11.3.244.8-node.34', {})).toEqual([]);
  });

  it('adds nothing on PostgreSQL, where no WebAssembly runs', () => {
    expect(nodeFlagsNeeded('13.6.233.17-node.28', { DATABASE_URL: 'postgres://x@127.0.0.1/y' })).toEqual([]);
  });
});
