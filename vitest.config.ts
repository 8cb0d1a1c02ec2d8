import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'lint/**/*.test.ts', 'tests/reliability/quick/**/*.test.ts'],
    environment: 'node',
    // One worker sharing one database: opening PGlite costs ~2 s, so files reuse it (see tests/support).
    fileParallelism: false,
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
