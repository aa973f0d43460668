import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { minify } from 'terser';
import type { Plugin } from 'vite';
import { REPO_ROOT } from '../../src/server/paths.js';
import { ENGINE_FLOOR, LOWERING, STRICT } from './engine-floor.js';
import { inlineCss } from './inline-css.js';
import { laterApis } from './later-apis.js';

// The parts loaded only when needed (src/parts/load.ts): each method's steps the service asks for
// (src/methods/<method>/steps/<name>.entry.ts), the isolated frame's page code (src/hosted/*.entry.ts),
// the widget's dialog and isolated frame (src/widget/*.entry.ts), each as dist/steps/<name>.js, a classic
// script of its own that borrows what it needs from the page (it imports none of it), built beside
// widget.js; no bundle imports them.
export const lazySteps: Plugin = {
  name: 'momo-lazy-steps',
  apply: 'build',
  async generateBundle() {
    const { build } = await import('rolldown');
    const methods = join(REPO_ROOT, 'src/methods');
    // Each method's steps, and the parts of the checkout's frame (src/hosted) and of the widget
    // (src/widget: its dialog and isolated frame) that only some pages use.
    const folders = [
      ...readdirSync(methods, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((method) => join(methods, method.name, 'steps')),
      join(REPO_ROOT, 'src/hosted'),
      join(REPO_ROOT, 'src/widget'),
    ];
    for (const folder of folders) {
      if (!existsSync(folder)) continue;
      for (const file of readdirSync(folder).filter((name) => name.endsWith('.entry.ts'))) {
        // Held to the engine floor as the bundles are: its syntax, and the later APIs' fallbacks.
        const built = await build({
          input: join(folder, file),
          write: false,
          plugins: [laterApis(), inlineCss],
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
