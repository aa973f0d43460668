// Vite's configuration, and nothing else: the plugins and build steps it uses are in scripts/vite/,
// and every bundle is built by `npm run build` (scripts/build.ts), one Vite build per mode:
//   (default) production  the hosted checkout page (index.html) into dist/, afresh: no stale hashed
//                         asset is served, or packed into the tarball
//   widget                dist/widget.js, one self-contained script whose only global is MomoCheckout
//   widget-esm            dist/widget.mjs and .cjs, the module `momo-checkout/widget` for merchants
//                         who bundle (its declarations: scripts/build-package.ts)
//   screens-part          the screens after the form, built by the page's and widget.js's builds
//                         (scripts/vite/lazy-parts.ts, lazyScreens) into dist/steps/screens.js
//   outcomes-part         what a payment that goes through never shows, built by the screens' part's
//                         build (lazyOutcomes) into dist/steps/outcomes.js
//   test                  the unit tests (Vitest)
import preact from '@preact/preset-vite';
import type { BuildEnvironmentOptions } from 'vite';
import { defineConfig } from 'vitest/config';
import { classicJsx } from './scripts/vite/classic-jsx.js';
import { CSS_TARGET, ENGINE_FLOOR, LIGHTNINGCSS_EXCLUDE, LOWERING, STRICT } from './scripts/vite/engine-floor.js';
import { builtPageHtml, prerendered } from './scripts/vite/hosted-page.js';
import { laterApis } from './scripts/vite/later-apis.js';
import {
  lazyCatalogues,
  lazyScreens,
  lazyOutcomes,
  lazySteps,
  OUTCOMES_PART,
  outcomesPartExternals,
  SCREENS_PART,
  screensPartExternals,
} from './scripts/vite/lazy-parts.js';
import { terserAfter } from './scripts/vite/minify.js';
import { widgetCss } from './scripts/vite/widget-css.js';
import { unitTestProjects } from './test/support/projects.js';

const page: BuildEnvironmentOptions = {
  target: ENGINE_FLOOR,
  cssTarget: CSS_TARGET,
  outDir: 'dist',
  emptyOutDir: true,
  assetsInlineLimit: 0,
  modulePreload: { polyfill: false },
  reportCompressedSize: false,
  // A classic script (scripts/vite/hosted-page.ts), its stylesheet still a file of its own (the
  // prerender inlines it), not injected by the script as Vite does for an iife's chunks.
  cssCodeSplit: false,
  // Strict, as its sources are (modules) and as the tests run them: see STRICT.
  rolldownOptions: { transform: LOWERING, output: { format: 'iife', ...STRICT } },
};

// widget.mjs and .cjs are lowered as widget.js is: a merchant's bundler may not lower what it takes
// from node_modules.
const widget = (format: 'iife' | 'module'): BuildEnvironmentOptions => ({
  target: ENGINE_FLOOR,
  cssTarget: CSS_TARGET,
  outDir: 'dist',
  emptyOutDir: false,
  copyPublicDir: false,
  minify: true,
  reportCompressedSize: false,
  lib: {
    entry: format === 'iife' ? 'src/widget/global.ts' : 'src/widget/index.ts',
    name: 'MomoCheckout',
    formats: format === 'iife' ? ['iife'] : ['es', 'cjs'],
    fileName: (kind) => (kind === 'iife' ? 'widget.js' : kind === 'es' ? 'widget.mjs' : 'widget.cjs'),
  },
  // widget.cjs only ever runs inside a merchant's bundle, where the module's own address says
  // nothing about where the API is: `import.meta` becoming `{}` (no url, apiBase required) is right.
  // widget.js is strict, as its sources are (modules) and as the tests run them: see STRICT.
  rolldownOptions: { transform: LOWERING, checks: { emptyImportMeta: false }, output: format === 'iife' ? STRICT : {} },
});

// The screens after the form, a part of their own for the hosted page and widget.js: built as the
// page is (its engine floor, its stylesheets' target), as a module whose imports of the shared
// modules lazyScreens turns into what the bundle that loads it lends; not written, lazyScreens emits it.
// The rarer screens (what a payment that goes through never shows) the same way, a part the screens'
// part lends to (lazyOutcomes).
const part = (entry: string, fileName: string): BuildEnvironmentOptions => ({
  target: ENGINE_FLOOR,
  cssTarget: CSS_TARGET,
  write: false,
  emptyOutDir: false,
  copyPublicDir: false,
  minify: true,
  reportCompressedSize: false,
  lib: { entry, formats: ['es'], fileName },
  rolldownOptions: { transform: LOWERING },
});
const screensPart = part('src/hosted/screens.part.ts', 'screens');
const outcomesPart = part('src/hosted/outcomes.part.ts', 'outcomes');
/** The parts' builds, each made by another build. */
const isPart = (mode: string) => mode === SCREENS_PART || mode === OUTCOMES_PART;

/** The hosted page's build: any mode but the others'. */
const isPage = (mode: string) => !mode.startsWith('widget') && mode !== 'test' && !isPart(mode);
/** The builds whose screens after the form are a part of their own (scripts/vite/lazy-parts.ts, lazyScreens). */
const screensApart = (mode: string) => isPage(mode) || mode === 'widget';

export default defineConfig(({ mode }) => ({
  // What the stylesheets' minifier leaves as written (see LIGHTNINGCSS_EXCLUDE).
  css: { lightningcss: { exclude: LIGHTNINGCSS_EXCLUDE } },
  // No react → preact/compat alias: nothing here imports React but the React component
  // (react/), which its tests run against the real React.
  plugins: [
    preact({ devtoolsInProd: false, prefreshEnabled: true, reactAliasesEnabled: false }),
    classicJsx,
    // The widget's stylesheets (and the tests'); the screens' part takes screens.css as the page does.
    !isPart(mode) && widgetCss(),
    // Every build here ships to browsers: each later API gets its fallback (see ENGINE_FLOOR).
    laterApis(),
    mode !== 'widget-esm' && terserAfter,
    mode !== 'widget-esm' && !isPart(mode) && lazyCatalogues,
    mode === 'widget' && lazySteps,
    mode === SCREENS_PART && screensPartExternals,
    mode === SCREENS_PART && lazyOutcomes(),
    mode === OUTCOMES_PART && outcomesPartExternals,
    // The screens after the form as a part of their own: the page's and widget.js's.
    screensApart(mode) && lazyScreens(),
    ...(isPage(mode) ? [builtPageHtml, prerendered()] : []),
  ],
  build:
    mode === 'widget'
      ? widget('iife')
      : mode === 'widget-esm'
        ? widget('module')
        : mode === SCREENS_PART
          ? screensPart
          : mode === OUTCOMES_PART
            ? outcomesPart
            : page,
  // What only the hosted page shows stays out of the widget's files, and what only the widget shows
  // out of the page's (src/components/surface.ts); __MOMO_BROWSER_BUILD__: what a browser runs
  // (src/api/http.ts). Not in the unit tests, which run both, and the Node client's code too; nor in
  // the screens' part, which both the page and widget.js load (both surfaces' screens and messages).
  // __MOMO_SCREENS_APART__: the builds whose screens after the form are that part (surface.ts).
  define:
    mode === 'test'
      ? {}
      : {
          __MOMO_WIDGET__: isPart(mode) ? 'undefined' : JSON.stringify(mode.startsWith('widget')),
          __MOMO_SCREENS_APART__: JSON.stringify(screensApart(mode)),
          __MOMO_BROWSER_BUILD__: 'true',
        },
  test: {
    // Two projects: node files without isolation, the others in jsdom (test/support/projects.ts).
    projects: mode === 'test' ? unitTestProjects(import.meta.dirname) : [],
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
    // A test's time limit is there to stop a hang, not to judge the machine: the sweeps over 90 000
    // numbers and the property tests take seconds on a busy 2-core machine (issue 23).
    testTimeout: 30_000,
    // One worker per core (Vitest's default leaves one to itself): its own part, collecting and
    // transforming, is small beside the tests'.
    maxWorkers: '100%',
  },
}));
