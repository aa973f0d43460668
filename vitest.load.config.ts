// The load tests (`*.load.test.ts`), run by `npm test` after the unit tests and before the browser
// tests, one file at a time and alone: each measures what payers feel while one key floods the
// sandbox, and the unit tests' other files running beside it on 2 cores are not that key.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'load',
    include: ['test/**/*.load.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
