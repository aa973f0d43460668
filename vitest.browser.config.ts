// Browser tests (`*.browser.test.ts`): Node drives Debian's Chromium through playwright-core against
// the real server and a merchant site on another port. Run with `vitest run -c vitest.browser.config.ts`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'browser',
    include: ['test/**/*.browser.test.ts'],
    environment: 'node',
    globalSetup: ['test/browser/support/build.ts'],
    // One Chromium and one server per file, one file at a time.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    restoreMocks: true,
  },
});
