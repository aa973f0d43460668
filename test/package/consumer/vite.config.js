// Two pages bundling the widget (as a module, and widget.js as it is), and the React page's client
// and server builds (`vite build --ssr src/entry-server.tsx`).
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  esbuild: { jsx: 'automatic', jsxImportSource: 'react' },
  logLevel: 'warn',
  build: isSsrBuild
    ? { outDir: 'dist-server' }
    : {
        outDir: 'dist',
        rollupOptions: {
          input: { widget: 'widget.html', script: 'script.html', client: 'src/entry-client.tsx' },
          output: { entryFileNames: 'assets/[name].js' },
        },
      },
}));
