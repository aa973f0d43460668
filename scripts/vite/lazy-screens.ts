// The screens after the form as a part of their own, built and checked with the page and widget.js
// (what they borrow and why: ./screens-part.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { minify } from 'terser';
import type { Plugin } from 'vite';
import { LENT_GLOBAL } from '../../src/hosted/lent.js';
import { REPO_ROOT } from '../../src/server/paths.js';
import { STRICT } from './engine-floor.js';
import { HEALTH_MODULE, LENT_MODULE, SCREENS_MODULE, SCREENS_PART, SENDING_MODULE } from './screens-part.js';

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
      // The model's sending half and its following come with the part (src/checkout/sending.ts says why).
      if (id === SENDING_MODULE)
        return [
          `import { loadScreens, screensHere } from ${JSON.stringify(join(REPO_ROOT, 'src/hosted/lazy-screens.tsx'))};`,
          'export const loadSending = () => loadScreens().then((part) => part.createSending);',
          // The following too; `whenHere`: once the part arrives, fetched by whom it may be.
          'export const loadFollowing = (whenHere) => (whenHere ? screensHere : loadScreens()).then((part) => part.createFollowing);',
        ].join('\n');
      // The form's notices of wallets not up come with the part too: a stand-in until then.
      if (id === HEALTH_MODULE)
        return `import { lazyScreen } from ${JSON.stringify(join(REPO_ROOT, 'src/hosted/lazy-screens.tsx'))};\nexport const WalletNotices = lazyScreen('WalletNotices');`;
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
            module.renderedLength > 0 &&
            /\/src\/(?:components\/(?:Pending|Receipt|Results)\.tsx|checkout\/(?:send|following|follower)\.ts)$/.test(
              id,
            ),
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
