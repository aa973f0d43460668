// A Rolldown plugin for the parts built apart (./steps.ts).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin as RolldownPlugin } from 'rolldown';
import { LIGHTNINGCSS_EXCLUDE, LIGHTNINGCSS_TARGETS } from './engine-floor.js';

// A part's own stylesheet (`import css from './x.css?inline'`), as Vite makes one for the bundles:
// minified by lightningcss, held to the same engines, a string.
export const inlineCss: RolldownPlugin = {
  name: 'momo-inline-css',
  resolveId(source, importer) {
    return source.endsWith('.css?inline') && importer ? resolve(dirname(importer), source) : null;
  },
  async load(id) {
    if (!id.endsWith('.css?inline')) return null;
    const { transform } = await import('lightningcss');
    const file = id.slice(0, -'?inline'.length);
    const { code } = transform({
      filename: file,
      code: readFileSync(file),
      minify: true,
      targets: LIGHTNINGCSS_TARGETS,
      exclude: LIGHTNINGCSS_EXCLUDE,
    });
    return `export default ${JSON.stringify(code.toString())};`;
  },
};
