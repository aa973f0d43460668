import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';

// `vite build` builds the hosted checkout page (index.html) into dist/.
export default defineConfig({
  plugins: [preact({ devtoolsInProd: false, prefreshEnabled: true })],
  build: {
    target: 'es2020',
    outDir: 'dist',
    emptyOutDir: false,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: ['test/browser/**'],
    environment: 'jsdom',
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
  },
});
