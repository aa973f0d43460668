// What no bundle imports, each emitted as a file of its own beside the page and widget.js, fetched
// only when wanted: the catalogues of the languages loaded when chosen, and the steps and parts of
// pages loaded when needed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { minify } from 'terser';
import type { Plugin as RolldownPlugin } from 'rolldown';
import type { Plugin } from 'vite';
import { LENT_GLOBAL } from '../../src/hosted/lent.js';
import { REPO_ROOT } from '../../src/server/paths.js';
import { ENGINE_FLOOR, LIGHTNINGCSS_EXCLUDE, LIGHTNINGCSS_TARGETS, LOWERING, STRICT } from './engine-floor.js';
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

// A part's own stylesheet (`import css from './x.css?inline'`), as Vite makes one for the bundles:
// minified by lightningcss, held to the same engines, a string.
const inlineCss: RolldownPlugin = {
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

// The parts loaded only when needed (src/parts/load.ts): each method's steps the service asks for
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

// The screens after the form (src/hosted/screens.part.ts) as dist/steps/screens.js, a part built
// with the page (vite.config.ts's SCREENS_PART mode: the page's own plugins, its CSS, its engine
// floor) that takes the shared modules as externals. What it imports from them the bundle that
// loads it lends (src/hosted/lent.ts, written here from the part's imports): one Preact, one context,
// one format cache, and no second copy in the part. Everything else it imports (the screens, their
// styles and French messages, what only they use) is the part's own and leaves the bundle, where
// src/components/screens.ts becomes stand-ins (src/hosted/lazy-screens.tsx). Both the hosted page
// and widget.js take it (each build makes the part, and its lent module, from the same sources:
// the two must come out the same, which the second build checks); widget.mjs keeps its screens as
// plain imports.
export const SCREENS_PART = 'screens-part';
const SCREENS_MODULE = join(REPO_ROOT, 'src/components/screens.ts');
const LENT_MODULE = join(REPO_ROOT, 'src/hosted/lent.ts');
/** The page's modules the part borrows rather than copies: state or identity (Preact, the context), or code the page has anyway. */
const BORROWED = [
  /^preact(?:\/|$)/,
  /^@preact\//,
  /\/src\/components\/(?:i18n\.ts|Icon\.tsx|Outcome\.tsx|Spinner\.tsx)$/,
  /\/src\/i18n\/index\.ts$/,
  // The methods' side of the form, and what it stands on (the countries' wallets and numbering).
  /\/src\/methods\/(?:views|kit|steps)\.ts$/,
  /\/src\/methods\/[^/]+\/method\.ts$/,
  // The parts' loader: one cache of the parts, and one Trusted Types policy (a second copy could not make it).
  /\/src\/parts\/load\.ts$/,
];

/** In the part's build: each borrowed module an external, packages by their name, the page's own modules by their path. */
export const screensPartExternals: Plugin = {
  name: 'momo-screens-part-externals',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!importer) return null;
    if (/^[@a-z]/.test(source))
      return BORROWED.some((pattern) => pattern.test(source)) ? { id: source, external: true } : null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    if (resolved && !resolved.external && BORROWED.some((pattern) => pattern.test(resolved.id)))
      return { id: resolved.id, external: 'absolute' };
    return resolved;
  },
};

export const lazyScreens = (): Plugin => {
  let part = '';
  let lent = '';
  let outDir = '';
  return {
    name: 'momo-lazy-screens',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async buildStart() {
      const { build } = await import('vite');
      const output = await build({
        root: REPO_ROOT,
        configFile: join(REPO_ROOT, 'vite.config.ts'),
        mode: SCREENS_PART,
        logLevel: 'warn',
      });
      const chunk = (Array.isArray(output) ? output : [output])
        .flatMap((o) => ('output' in o ? o.output : []))
        .find((file) => file.type === 'chunk');
      if (chunk?.type !== 'chunk') throw new Error('momo-lazy-screens: the part was not built');
      // The part as a module: its imports (of borrowed modules only) become reads of what the page lends.
      const imports: [string, [string, string][]][] = [];
      const body = chunk.code.replace(
        /\bimport\s*\{([^}]*)\}\s*from\s*["']([^"']+)["'];?/g,
        (_whole, names: string, from: string) => {
          const bindings = names
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean)
            .map((name) => {
              const [imported, local = imported] = name.split(/\s+as\s+/) as [string, string?];
              return [imported, local] as [string, string];
            });
          imports.push([from, bindings]);
          return `const{${bindings.map(([imported, local]) => (imported === local ? imported : `${imported}:${local}`)).join(',')}}=${LENT_GLOBAL}[${imports.length - 1}];`;
        },
      );
      if (/\bimport\b\s*[^(\s]|\bexport\b/.test(body))
        throw new Error(
          `momo-lazy-screens: the part imports or exports what the page cannot lend: ${body.slice(0, 200)}`,
        );
      const { code } = await minify(`(function(){${STRICT.intro}${body}})()`, {
        ecma: 2018,
        compress: { passes: 3, unsafe_arrows: true, unsafe_methods: true, pure_getters: true },
        format: { comments: false },
      });
      if (code === undefined) throw new Error('momo-lazy-screens: the part did not minify');
      part = code;
      // Each name once (the part may import one under two local names).
      const lentNames = imports.map(([, bindings]) => [...new Set(bindings.map(([imported]) => imported))]);
      lent = [
        ...imports.map(
          ([from], i) =>
            `import { ${lentNames[i]!.map((name) => `${name} as m${i}_${name}`).join(', ')} } from ${JSON.stringify(from)};`,
        ),
        // The shell's place for the part's styles (`rules`, the widget's: each shadow root) rides along;
        // none, the part puts them in the page's own stylesheet (src/hosted/screens.part.ts).
        `export const LENT_GLOBAL = ${JSON.stringify(LENT_GLOBAL)};`,
        `export function lend(rules) { const lent = [${lentNames.map((names, i) => `{ ${names.map((name) => `${name}: m${i}_${name}`).join(', ')} }`).join(', ')}]; if (rules) lent.rules = rules; self.${LENT_GLOBAL} = lent; }`,
      ].join('\n');
    },
    load(id) {
      if (id === LENT_MODULE) return lent;
      if (id === SCREENS_MODULE) {
        const names = [...readFileSync(SCREENS_MODULE, 'utf8').matchAll(/export\s*\{([^}]*)\}/g)].flatMap(([, list]) =>
          list!
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean),
        );
        return [
          `import { lazyScreen } from ${JSON.stringify(join(REPO_ROOT, 'src/hosted/lazy-screens.tsx'))};`,
          ...names.map((name) => `export const ${name} = lazyScreen(${JSON.stringify(name)});`),
        ].join('\n');
      }
      return null;
    },
    async generateBundle(_options, bundle) {
      // Nothing of the part's own is in the page's first load (or widget.js) a second time: not the
      // screens, and not their French messages (as the minifier has left them, see ./minify.ts).
      const { tsImport } = await import('tsx/esm/api');
      const { frScreens } = (await tsImport(
        pathToFileURL(join(REPO_ROOT, 'src/i18n/fr-screens.ts')).href,
        import.meta.url,
      )) as { frScreens: Record<string, string> };
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const own = Object.entries(file.modules).filter(
          ([id, module]) =>
            module.renderedLength > 0 && /\/src\/components\/(?:Pending|Receipt|Results)\.tsx$/.test(id),
        );
        const messages = Object.values(frScreens).filter((text) => text.length > 24 && file.code.includes(text));
        if (own.length > 0 || messages.length > 0)
          throw new Error(
            `momo-lazy-screens: ${file.fileName} carries the screens' part's own ${[...own.map(([id]) => id), ...messages].join(', ')}`,
          );
      }
      // One part for both bundles: it reads what it borrows by position in what was lent, so the
      // page's build and widget.js's must have made the same one (the first one built is in outDir).
      const built = join(outDir, 'steps/screens.js');
      if (existsSync(built) && readFileSync(built, 'utf8') !== part)
        throw new Error(
          `momo-lazy-screens: ${built} was built from other sources than this build's part: build the page and widget.js together (npm run build)`,
        );
      this.emitFile({ type: 'asset', fileName: 'steps/screens.js', source: part });
    },
  };
};
