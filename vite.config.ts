import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import preact from '@preact/preset-vite';
import { minify } from 'terser';
import type { BuildEnvironmentOptions, Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { laterApis } from './src/tools/later-apis.js';

// An iife in strict mode, the directive inside its function: at the top of the file it would make
// strict whatever a merchant's asset pipeline concatenates after widget.js.
const STRICT = { strict: false, intro: '"use strict";' } as const;

// The engine floor (README, "Browsers"): Chrome and Android WebView 67, iOS Safari 12, Samsung
// Internet 9, Firefox 78 read ES2018 syntax, no later. Every minifier of a shipped script is held to
// it (Vite's target here, terser's `ecma` below): each would otherwise write `??`, `?.` or `||=` back.
// `npm run check:syntax` checks the built files.
const ENGINE_FLOOR = 'es2018';
// Lowering `a?.b.c` reads `a` twice rather than through a temporary, as terser's pure_getters
// (below) already assumes that reading a property has no effect: 44 bytes of widget.js.
const LOWERING = { assumptions: { pureGetters: true } };
// The stylesheets are not lowered with the scripts: lowering them to the floor writes every logical
// property (`padding-inline`) out as a :lang() rule per right-to-left language, +9 KB of the page's
// HTML, for paddings an older engine merely ignores. What the layout needs is written for the floor
// by hand (no :has() or :where() in src/components/checkout.css). Each build's as it was before.
const CSS_TARGET = { page: 'es2020', widget: 'es2022' } as const;

// `vite build` builds the hosted checkout page (index.html) into dist/. It runs first in every build
// (`npm run build`, `npm start`, the tests' builds), so it starts dist/ afresh: no stale hashed
// asset is served, or packed into the tarball.
const page: BuildEnvironmentOptions = {
  target: ENGINE_FLOOR,
  cssTarget: CSS_TARGET.page,
  outDir: 'dist',
  emptyOutDir: true,
  assetsInlineLimit: 0,
  modulePreload: { polyfill: false },
  reportCompressedSize: false,
  // A classic script (see builtPageHtml below), its stylesheet still a file of its own (the
  // prerender inlines it), not injected by the script as Vite does for an iife's chunks.
  cssCodeSplit: false,
  // Strict, as its sources are (modules) and as the tests run them: see STRICT.
  rolldownOptions: { transform: LOWERING, output: { format: 'iife', ...STRICT } },
};

// `vite build --mode widget`: dist/widget.js, one self-contained script whose only global is
// MomoCheckout. `--mode widget-esm`: dist/widget.mjs and dist/widget.cjs, the module
// `momo-checkout/widget` for merchants who bundle (its declarations are built by
// src/tools/build-package.ts). widget.mjs and .cjs are lowered as widget.js is: a merchant's bundler
// may not lower what it takes from node_modules.
const widget = (format: 'iife' | 'module'): BuildEnvironmentOptions => ({
  target: ENGINE_FLOOR,
  cssTarget: CSS_TARGET.widget,
  outDir: 'dist',
  emptyOutDir: false,
  copyPublicDir: false,
  minify: true,
  reportCompressedSize: false,
  lib: {
    entry: format === 'iife' ? 'widget/global.ts' : 'widget/index.ts',
    name: 'MomoCheckout',
    formats: format === 'iife' ? ['iife'] : ['es', 'cjs'],
    fileName: (kind) => (kind === 'iife' ? 'widget.js' : kind === 'es' ? 'widget.mjs' : 'widget.cjs'),
  },
  // widget.cjs only ever runs inside a merchant's bundle, where the module's own address says
  // nothing about where the API is: `import.meta` becoming `{}` (no url, apiBase required) is right.
  // widget.js is strict, as its sources are (modules) and as the tests run them: see STRICT.
  rolldownOptions: { transform: LOWERING, checks: { emptyImportMeta: false }, output: format === 'iife' ? STRICT : {} },
});

// A second minifier over Vite's output: terser's extra passes find about 4 % more brotli bytes to
// remove in code already tree-shaken and minified — bytes a payer on a slow network waits for.
const terserAfter: Plugin = {
  name: 'momo-terser-after',
  apply: 'build',
  async generateBundle(output, bundle) {
    // A build with source maps (for attributing bytes to their sources) keeps Vite's output as is.
    if (output.sourcemap) return;
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      const result = await minify(chunk.code, {
        ecma: 2018,
        module: output.format === 'es',
        compress: { passes: 3, unsafe_arrows: true, unsafe_methods: true, pure_getters: true },
        format: { comments: false },
      });
      if (result.code) chunk.code = result.code;
    }
  },
};

// The hosted page's HTML as built: its script a classic script (the page build's format is iife),
// preloaded, and run by index.html's inline script once the first screen is painted (see there);
// its comments out and its inline script minified, as every payer downloads them. Classic, not a
// module, so that what runs is seen as its file's run: Chrome's trace names a classic script's run
// after its file, not a module's, and Lighthouse's model then counts any module loaded before the
// first paint as holding that paint up. (The server allows the inline script by the hash of what
// it serves: see src/server/security.ts.)
const builtPageHtml: Plugin = {
  name: 'momo-built-page-html',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    async handler(html) {
      const tag = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
      if (!tag.test(html)) throw new Error('momo-built-page-html: the built page has no script to preload');
      let page = html.replace(tag, '<link rel="preload" as="script" href="$1">').replace(/\s*<!--[\s\S]*?-->/g, '');
      for (const [whole, code] of page.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
        const { code: minified } = await minify(code!, { ecma: 5, compress: { passes: 2 }, format: { comments: false } });
        if (minified === undefined) throw new Error('momo-built-page-html: the inline script did not minify');
        page = page.replace(whole, () => `<script>${minified}</script>`);
      }
      return page;
    },
  },
};

// The languages loaded only when wanted (src/i18n/load.ts): each catalogue as dist/i18n/<lang>.json,
// beside the page and widget.js that fetch it from their own origin; no bundle imports them.
const lazyCatalogues: Plugin = {
  name: 'momo-lazy-catalogues',
  apply: 'build',
  async generateBundle() {
    // Read through tsx (the catalogues are TypeScript, typed by `satisfies Catalogue`).
    const { tsImport } = await import('tsx/esm/api');
    for (const lang of ['en', 'ar', 'es', 'pt']) {
      const module = (await tsImport(`./src/i18n/${lang}.ts`, import.meta.url)) as Record<string, unknown>;
      this.emitFile({ type: 'asset', fileName: `i18n/${lang}.json`, source: JSON.stringify(module[lang]) });
    }
  },
};

// The parts loaded only when needed (src/methods/steps.ts): each method's steps the service asks for
// (src/methods/<method>/steps/<name>.entry.ts), the isolated frame's page code (src/hosted/*.entry.ts),
// the widget's dialog and isolated frame (widget/*.entry.ts), each as dist/steps/<name>.js, a classic
// script of its own that borrows what it needs from the page (it imports none of it), built beside
// widget.js; no bundle imports them.
const lazySteps: Plugin = {
  name: 'momo-lazy-steps',
  apply: 'build',
  async generateBundle() {
    const { build } = await import('rolldown');
    const methods = resolve(import.meta.dirname, 'src/methods');
    // Each method's steps, and the parts of the checkout's frame (src/hosted) and of the widget
    // (widget/: its dialog and isolated frame) that only some pages use.
    const folders = [
      ...readdirSync(methods, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((method) => join(methods, method.name, 'steps')),
      resolve(import.meta.dirname, 'src/hosted'),
      resolve(import.meta.dirname, 'widget'),
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
        const { code } = await minify(built.output[0].code, { ecma: 2018, compress: { passes: 3 }, format: { comments: false } });
        if (code === undefined) throw new Error(`momo-lazy-steps: ${file} did not minify`);
        this.emitFile({ type: 'asset', fileName: `steps/${file.replace('.entry.ts', '.js')}`, source: code });
      }
    }
  },
};

// The hosted page's first screen, prerendered into the built index.html (src/tools/prerender.tsx,
// run by tsx: it renders the page's own components, which this config file cannot import).
const prerendered = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'momo-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const tsx = createRequire(import.meta.url).resolve('tsx/cli');
      execFileSync(process.execPath, [tsx, 'src/tools/prerender.tsx', outDir], { cwd: import.meta.dirname, stdio: 'inherit' });
    },
  };
};

// The checkout's stylesheet as widget.js carries it (widget/styles.ts): its rem as em (counted from
// the widget's own root, not the merchant's), written so by the build rather than at run time, and
// without the rules of a session's items, which only the hosted page shows (src/components/surface.ts).
const ITEMS_SELECTOR = /\.momo-items?(?![\w-])|\.momo-item-/;
export function widgetStylesheet(css: string): string {
  const rules = css.replace(/([^{}@;]+)\{([^{}]*)\}/g, (rule, selectors: string, body: string) => {
    if (selectors.includes('(') || !ITEMS_SELECTOR.test(selectors)) return rule;
    const kept = selectors.split(',').filter((selector) => !ITEMS_SELECTOR.test(selector));
    return kept.length > 0 ? `${kept.join(',')}{${body}}` : '';
  });
  return rules.replace(/(\d)rem\b/g, '$1em');
}
const widgetCss = (): Plugin => {
  let building = false;
  return {
    name: 'momo-widget-css',
    enforce: 'post',
    configResolved(config) {
      building = config.command === 'build';
    },
    transform(code, id) {
      if (!/\/src\/components\/(?:checkout|screens)\.css\?inline$/.test(id)) return;
      const match = /^export default ("(?:[^"\\]|\\.)*");?\s*$/.exec(code);
      // A build must ship it so; elsewhere (the unit tests' transform) the stylesheet may be left out.
      if (!match && building) throw new Error(`momo-widget-css: ${id} is not one string: ${code.slice(0, 80)}`);
      return match ? { code: `export default ${JSON.stringify(widgetStylesheet(JSON.parse(match[1]!)))};`, map: null } : undefined;
    },
  };
};

// JSX as Preact's h(type, props, ...children) rather than the automatic runtime's
// jsx(type, { ...props, children }): every element with children is shorter in the built files.
const classicJsx: Plugin = {
  name: 'momo-classic-jsx',
  apply: 'build',
  config: () => ({
    oxc: { jsx: { runtime: 'classic', pragma: 'momoH', pragmaFrag: 'MomoFragment' }, jsxInject: "import { h as momoH, Fragment as MomoFragment } from 'preact'" },
  }),
};

export default defineConfig(({ mode }) => ({
  // No light-dark() anywhere: lightningcss's polyfill variables for it (--lightningcss-light/dark
  // beside every color-scheme) are bytes for nothing. (1 << 20: lightningcss's Features.LightDark.)
  css: { lightningcss: { exclude: 1 << 20 } },
  // No react → preact/compat alias: nothing here imports React but the React component
  // (react/), which its tests run against the real React.
  plugins: [
    preact({ devtoolsInProd: false, prefreshEnabled: true, reactAliasesEnabled: false }),
    classicJsx,
    widgetCss(),
    // Every build here ships to browsers: each later API gets its fallback (see ENGINE_FLOOR).
    laterApis(),
    mode !== 'widget-esm' && terserAfter,
    mode !== 'widget-esm' && lazyCatalogues,
    mode === 'widget' && lazySteps,
    ...(!mode.startsWith('widget') && mode !== 'test' ? [builtPageHtml, prerendered()] : []),
  ],
  build: mode === 'widget' ? widget('iife') : mode === 'widget-esm' ? widget('module') : page,
  // What only the hosted page shows stays out of the widget's files, and what only the widget shows
  // out of the page's (src/components/surface.ts); __MOMO_BROWSER_BUILD__: what a browser runs
  // (src/api/http.ts). Not in the unit tests, which run both, and the Node client's code too.
  define: mode === 'test' ? {} : { __MOMO_WIDGET__: JSON.stringify(mode.startsWith('widget')), __MOMO_BROWSER_BUILD__: 'true' },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: ['test/browser/**', 'test/**/*.browser.test.ts', 'test/package/**'],
    environment: 'jsdom',
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
  },
}));
