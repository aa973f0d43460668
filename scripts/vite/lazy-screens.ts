// The screens after the form as a part of their own, built and checked with the page and widget.js
// (what they borrow and why: ./screens-part.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { LENT_GLOBAL } from '../../src/hosted/lent.js';
import { REPO_ROOT } from '../../src/server/paths.js';
import {
  asPart,
  HEALTH_MODULE,
  LENT_MODULE,
  OUTCOMES_FILE,
  SCREENS_MODULE,
  SCREENS_PART,
  SENDING_MODULE,
} from './screens-part.js';

export const lazyScreens = (): Plugin => {
  let part = '';
  let outcomes = '';
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
      const made = await asPart(chunk.code, LENT_GLOBAL, 'momo-lazy-screens');
      part = made.code;
      // The rarer screens' part, built by the screens' part's build (./lazy-outcomes.ts), beside it.
      const rarer = (Array.isArray(output) ? output : [output])
        .flatMap((o) => ('output' in o ? o.output : []))
        .find((file) => file.type === 'asset' && file.fileName === OUTCOMES_FILE);
      if (rarer?.type !== 'asset') throw new Error("momo-lazy-screens: the rarer screens' part was not built");
      outcomes = String(rarer.source);
      lent = [
        ...made.imports,
        // The shell's place for the part's styles (`rules`, the widget's: each shadow root) rides along;
        // none, the part puts them in the page's own stylesheet (src/hosted/screens.part.ts).
        `export const LENT_GLOBAL = ${JSON.stringify(LENT_GLOBAL)};`,
        `export function lend(rules) { const lent = ${made.lent}; if (rules) lent.rules = rules; self.${LENT_GLOBAL} = lent; }`,
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
          'export const loadFollowing = (whenHere) => (whenHere ? screensHere() : loadScreens()).then((part) => part.createFollowing);',
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
      const { frOutcomes } = (await tsImport(
        pathToFileURL(join(REPO_ROOT, 'src/i18n/fr-outcomes.ts')).href,
        import.meta.url,
      )) as { frOutcomes: Record<string, string> };
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const own = Object.entries(file.modules).filter(
          ([id, module]) =>
            module.renderedLength > 0 &&
            /\/src\/(?:components\/(?:Pending|Receipt|Results)\.tsx|checkout\/(?:send|following|follower)\.ts)$/.test(
              id,
            ),
        );
        const messages = [...Object.values(frScreens), ...Object.values(frOutcomes)].filter(
          (text) => text.length > 24 && file.code.includes(text),
        );
        if (own.length > 0 || messages.length > 0)
          throw new Error(
            `momo-lazy-screens: ${file.fileName} carries the screens' part's own ${[...own.map(([id]) => id), ...messages].join(', ')}`,
          );
      }
      // One part for both bundles: it reads what it borrows by position in what was lent, so the
      // page's build and widget.js's must have made the same one (the first one built is in outDir).
      for (const [fileName, source] of [
        ['steps/screens.js', part],
        [`steps/${OUTCOMES_FILE}`, outcomes],
      ] as const) {
        const built = join(outDir, fileName);
        if (existsSync(built) && readFileSync(built, 'utf8') !== source)
          throw new Error(
            `momo-lazy-screens: ${built} was built from other sources than this build's part: build the page and widget.js together (npm run build)`,
          );
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
  };
};
