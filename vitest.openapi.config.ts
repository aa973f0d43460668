// The sandbox's API tests, run once more with every request and answer checked against the OpenAPI
// document by openapi-backend (test/openapi/setup.ts; why this way: docs/openapi.md). The sandbox
// the tests import is the same one, whose `fetch` keeps copies (test/openapi/recording-sandbox.ts).
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
const SANDBOX = join(root, 'src/sandbox/index.ts');
const RECORDING = join(root, 'test/openapi/recording-sandbox.ts');

/** Every import of src/sandbox but the recording module's own gets the recording module. */
const recordingSandbox: Plugin = {
  name: 'momo-recording-sandbox',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!importer || importer === RECORDING) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    return resolved?.id === SANDBOX ? RECORDING : null;
  },
};

export default defineConfig({
  plugins: [recordingSandbox],
  test: {
    include: ['test/sandbox/*.test.ts', 'test/contract/*.test.ts'],
    // Not the API's answers to a payer's or merchant's request: faults break answers on purpose; the
    // rest load the sandbox (fuzz, bounds) or its disk (persistence) and ask no new question of the document.
    exclude: [
      'test/sandbox/faults*.test.ts',
      'test/sandbox/fuzz.test.ts',
      'test/sandbox/bounds.test.ts',
      'test/sandbox/persistence.test.ts',
      'test/**/*.load.test.ts',
    ],
    environment: 'node',
    isolate: false,
    setupFiles: ['test/setup.ts', 'test/openapi/setup.ts'],
    restoreMocks: true,
    testTimeout: 30_000,
    maxWorkers: '100%',
  },
});
