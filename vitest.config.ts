import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'lint/**/*.test.ts', 'tests/reliability/quick/**/*.test.ts'],
    environment: 'node',
    // One worker sharing one database: opening PGlite costs ~2 s, so files reuse it (see tests/support).
    fileParallelism: false,
    isolate: false,
    // A ceiling for a test that hangs, not a speed check: in CI these tests share two cores with the browser
    // tests, and the route table's walk (every route for every kind of caller) took 21 s there.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
