// What no bundle imports, each emitted as a file of its own beside the page and widget.js, fetched
// only when wanted: the catalogues of the languages loaded when chosen, and the steps and parts of
// pages loaded when needed.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { minify } from 'terser';
import type { Plugin } from 'vite';
import { REPO_ROOT } from '../../src/server/paths.js';
import { ENGINE_FLOOR, LOWERING, STRICT } from './engine-floor.js';
import { laterApis } from './later-apis.js';

// The languages loaded only when wanted (src/i18n/load.ts): each catalogue as dist/i18n/<lang>.json,
// beside the page and widget.js that fetch it from their own origin; no bundle imports them.
export const lazyCatalogues: Plugin = {
  name: 'momo-lazy-catalogues',
  apply: 'build',
  async generateBundle() {
    // Read through tsx (the catalogues are TypeScript, typed by `satisfies Catalogue`).
    const { tsImport } = await import('tsx/esm/api');
    for (const lang of ['en', 'ar', 'es', 'pt']) {
      const module = (await tsImport(
        pathToFileURL(join(REPO_ROOT, 'src/i18n', `${lang}.ts`)).href,
        import.meta.url,
      )) as Record<string, unknown>;
      this.emitFile({ type: 'asset', fileName: `i18n/${lang}.json`, source: JSON.stringify(module[lang]) });
    }
  },
};

// The parts loaded only when needed (src/methods/steps.ts): each method's steps the service asks for
// (src/methods/<method>/steps/<name>.entry.ts), the isolated frame's page code (src/hosted/*.entry.ts),
// the widget's dialog and isolated frame (widget/*.entry.ts), each as dist/steps/<name>.js, a classic
// script of its own that borrows what it needs from the page (it imports none of it), built beside
// widget.js; no bundle imports them.
export const lazySteps: Plugin = {
  name: 'momo-lazy-steps',
  apply: 'build',
  async generateBundle() {
    const { build } = await import('rolldown');
    const methods = join(REPO_ROOT, 'src/methods');
    // Each method's steps, and the parts of the checkout's frame (src/hosted) and of the widget
    // (widget/: its dialog and isolated frame) that only some pages use.
    const folders = [
      ...readdirSync(methods, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((method) => join(methods, method.name, 'steps')),
      join(REPO_ROOT, 'src/hosted'),
      join(REPO_ROOT, 'widget'),
    ];
    for (const folder of folders) {
      if (!existsSync(folder)) continue;
      for (const file of readdirSync(folder).filter((name) => name.endsWith('.entry.ts'))) {
        // Held to the engine floor as the bundles are: its syntax, and the later APIs' fallbacks.
        const built = await build({
          input: join(folder, file),
          write: false,
          plugins: [laterApis()],
          output: { format: 'iife', ...STRICT },
          transform: { target: ENGINE_FLOOR, ...LOWERING },
        });
        const { code } = await minify(built.output[0].code, {
          ecma: 2018,
          compress: { passes: 3 },
          format: { comments: false },
        });
        if (code === undefined) throw new Error(`momo-lazy-steps: ${file} did not minify`);
        this.emitFile({ type: 'asset', fileName: `steps/${file.replace('.entry.ts', '.js')}`, source: code });
      }
    }
  },
};
