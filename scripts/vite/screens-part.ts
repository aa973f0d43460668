// The screens after the form (src/hosted/screens.part.ts) as dist/steps/screens.js, a part built
// with the page (vite.config.ts's SCREENS_PART mode: the page's own plugins, its CSS, its engine
// floor) that takes the shared modules as externals. What it imports from them the bundle that
// loads it lends (src/hosted/lent.ts, written by ./lazy-screens.ts from the part's imports): one Preact, one context,
// one format cache, and no second copy in the part. Everything else it imports (the screens, their
// styles and French messages, what only they use) is the part's own and leaves the bundle, where
// src/components/screens.ts becomes stand-ins (src/hosted/lazy-screens.tsx). Both the hosted page
// and widget.js take it (each build makes the part, and its lent module, from the same sources:
// the two must come out the same, which the second build checks); widget.mjs keeps its screens as
// plain imports.
import { join } from 'node:path';
import { minify } from 'terser';
import type { Plugin } from 'vite';
import { REPO_ROOT } from '../../src/server/paths.js';
import { STRICT } from './engine-floor.js';

export const SCREENS_PART = 'screens-part';
export const SCREENS_MODULE = join(REPO_ROOT, 'src/components/screens.ts');
export const LENT_MODULE = join(REPO_ROOT, 'src/hosted/lent.ts');
/** The form's notices of wallets not up, which the part brings (src/methods/momo/health.tsx). */
export const HEALTH_MODULE = join(REPO_ROOT, 'src/methods/momo/health.tsx');
/** The model's way to its sending half, which the part brings (src/checkout/send.ts). */
export const SENDING_MODULE = join(REPO_ROOT, 'src/checkout/sending.ts');
/** The page's modules the part borrows rather than copies: state or identity (Preact, the context), or code the page has anyway. */
const BORROWED = [
  /^preact(?:\/|$)/,
  /^@preact\//,
  /\/src\/components\/(?:i18n\.ts|Icon\.tsx|Outcome\.tsx|Spinner\.tsx)$/,
  // The languages' table as well: the page has it, the part's dates and times need it.
  /\/src\/i18n\/(?:index|languages)\.ts$/,
  // The methods' side of the form, and what it stands on (the countries' wallets and numbering).
  /\/src\/methods\/(?:views|kit|steps)\.ts$/,
  /\/src\/methods\/[^/]+\/method\.ts$/,
  // What the model's sending half (src/checkout/send.ts) calls the service with: one client (its
  // errors one class, which the page's model tells apart), and the model's own mappings.
  /\/src\/api\/(?:http|errors|clock|endpoints\/checkout)\.ts$/,
  /\/src\/checkout\/(?:status|transition)\.ts$/,
  // The parts' loader: one cache of the parts, and one Trusted Types policy (a second copy could not make it).
  /\/src\/parts\/load\.ts$/,
  // The page's stand-ins, which the part's own (the rarer screens', ./lazy-outcomes.ts) are made with.
  /\/src\/hosted\/lazy-screens\.tsx$/,
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

/** The rarer screens' part (src/hosted/outcomes.part.ts), as the screens' part's build emits it (./lazy-outcomes.ts). */
export const OUTCOMES_PART = 'outcomes-part';
export const OUTCOMES_FILE = 'outcomes.js';

/**
 * A part's module as the script it ships as: each import (of a lent module only) becomes a read of
 * what the lender put in `global`, and the whole is minified as the other parts are. `imports` and
 * `lent` are what the lender's module says: its imports of those bindings, and the array it lends.
 */
export async function asPart(
  code: string,
  global: string,
  plugin: string,
): Promise<{ code: string; imports: string[]; lent: string }> {
  const imports: [string, [string, string][]][] = [];
  const body = code.replace(
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
      return `const{${bindings.map(([imported, local]) => (imported === local ? imported : `${imported}:${local}`)).join(',')}}=${global}[${imports.length - 1}];`;
    },
  );
  if (/\bimport\b\s*[^(\s]|\bexport\b/.test(body))
    throw new Error(`${plugin}: the part imports or exports what its lender cannot lend: ${body.slice(0, 200)}`);
  const { code: minified } = await minify(`(function(){${STRICT.intro}${body}})()`, {
    ecma: 2018,
    compress: { passes: 3, unsafe_arrows: true, unsafe_methods: true, pure_getters: true },
    format: { comments: false },
  });
  if (minified === undefined) throw new Error(`${plugin}: the part did not minify`);
  // Each name once (the part may import one under two local names).
  const names = imports.map(([, bindings]) => [...new Set(bindings.map(([imported]) => imported))]);
  return {
    code: minified,
    imports: imports.map(
      ([from], i) =>
        `import { ${names[i]!.map((name) => `${name} as m${i}_${name}`).join(', ')} } from ${JSON.stringify(from)};`,
    ),
    lent: `[${names.map((list, i) => `{ ${list.map((name) => `${name}: m${i}_${name}`).join(', ')} }`).join(', ')}]`,
  };
}
