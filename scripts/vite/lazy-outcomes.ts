// The rarer screens' part (src/hosted/outcomes.part.ts: what a payment that goes through never
// shows) as dist/steps/outcomes.js, built by the screens' part's build (./lazy-screens.ts), which
// emits it beside its own for the page's and widget.js's builds to write. It owns only its screens
// and their messages (OWN); everything else it imports is the screens' part's to lend — its own
// modules (the waiting screen's "check now", the methods' screen views) or what it borrows from the
// page in turn (Preact, the context, the outcome's components) — through src/hosted/lent.ts, which
// this plugin writes in the screens' part's build from what the rarer part imports.
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { LENT_GLOBAL, LENT_OUTCOMES_GLOBAL } from '../../src/hosted/lent.js';
import { REPO_ROOT } from '../../src/server/paths.js';
import { asPart, LENT_MODULE, OUTCOMES_FILE, OUTCOMES_PART } from './screens-part.js';

/** The rarer part's own modules (and the build-time surface flags, src/components/surface.ts, folded in). */
const OWN =
  /\/src\/(?:hosted\/outcomes\.part\.ts|components\/Results\.tsx|methods\/momo\/health(?:-notice)?\.tsx?|i18n\/fr-outcomes\.ts)$/;
const SURFACE = /\/src\/components\/surface\.ts$/;

/** In the rarer part's build: every module but its own an external, packages by their name, the others by their path. */
export const outcomesPartExternals: Plugin = {
  name: 'momo-outcomes-part-externals',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!importer) return null;
    if (/^[@a-z]/.test(source)) return { id: source, external: true };
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    if (resolved && !resolved.external && !OWN.test(resolved.id) && !SURFACE.test(resolved.id))
      return { id: resolved.id, external: 'absolute' };
    return resolved;
  },
};

/** In the screens' part's build: builds the rarer part, lends it what it imports, and emits it. */
export const lazyOutcomes = (): Plugin => {
  let part = '';
  let lent = '';
  return {
    name: 'momo-lazy-outcomes',
    apply: 'build',
    async buildStart() {
      const { build } = await import('vite');
      const output = await build({
        root: REPO_ROOT,
        configFile: join(REPO_ROOT, 'vite.config.ts'),
        mode: OUTCOMES_PART,
        logLevel: 'warn',
      });
      const chunk = (Array.isArray(output) ? output : [output])
        .flatMap((o) => ('output' in o ? o.output : []))
        .find((file) => file.type === 'chunk');
      if (chunk?.type !== 'chunk') throw new Error('momo-lazy-outcomes: the part was not built');
      const made = await asPart(chunk.code, LENT_OUTCOMES_GLOBAL, 'momo-lazy-outcomes');
      part = made.code;
      lent = [
        ...made.imports,
        `export const LENT_GLOBAL = ${JSON.stringify(LENT_GLOBAL)};`,
        `export const LENT_OUTCOMES_GLOBAL = ${JSON.stringify(LENT_OUTCOMES_GLOBAL)};`,
        `export function lendOutcomes() { self.${LENT_OUTCOMES_GLOBAL} = ${made.lent}; }`,
      ].join('\n');
    },
    load(id) {
      return id === LENT_MODULE ? lent : null;
    },
    generateBundle(_options, bundle) {
      // The rarer part's own are not in the screens' part a second time.
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const own = Object.entries(file.modules).filter(([id, module]) => module.renderedLength > 0 && OWN.test(id));
        if (own.length > 0)
          throw new Error(`momo-lazy-outcomes: the screens' part carries the rarer part's ${own.map(([id]) => id)}`);
      }
      this.emitFile({ type: 'asset', fileName: OUTCOMES_FILE, source: part });
    },
  };
};
