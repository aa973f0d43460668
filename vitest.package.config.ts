// The package tests (`npm run test:package`): `npm pack`, then the tarball installed into throw-away
// merchant projects (Node ESM and CommonJS servers, strict TypeScript under node16 and bundler, a
// Vite app, a React 19 app rendered on the server and hydrated in Chromium, a Next.js App Router app
// built and rendered, fulfillment on a Node server), and publint and attw.
// Needs the npm registry for the consumers' pinned packages, and Debian's Chromium.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'package',
    include: ['test/package/**/*.package.test.ts'],
    environment: 'node',
    globalSetup: ['test/package/support/setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
