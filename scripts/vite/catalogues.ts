// The languages loaded only when chosen (src/i18n/load.ts), as the table says (src/i18n/languages.ts):
// every language but the built-in one, each catalogue emitted as dist/i18n/<code>.json beside the
// page and widget.js that fetch it from their own origin (no bundle imports them), and named in the
// pattern of index.html's early read of `?lang=` (there `__MOMO_FETCHED_LANGS__`). A language a page
// prerenders (scripts/prerender.tsx: English) brings its catalogue in its HTML, so the early read
// leaves it out. Built pages only: dev mode serves index.html's inline script as it is, allowed by
// the hash of the file (src/server/checkout-apps.ts), so there no catalogue is read early (the page
// fetches it when it starts, src/i18n/load.ts).
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { BUILT_IN, LANGUAGES, type Language } from '../../src/i18n/languages.js';
import { REPO_ROOT } from '../../src/server/paths.js';

/** What index.html's early read names in place of its pattern's languages. */
export const FETCHED_LANGS = '__MOMO_FETCHED_LANGS__';

/** The languages whose catalogue is a file of its own, fetched when chosen: all but the built-in one. */
export const fetchedLanguages = <L extends Language>(languages: readonly L[]): L['code'][] =>
  languages.map((language) => language.code).filter((code) => code !== BUILT_IN);

/** index.html with its early read's languages written in: those fetched, but the prerendered ones. */
export function withFetchedLangs(html: string, languages: readonly Language[], prerendered: readonly string[]): string {
  if (!html.includes(FETCHED_LANGS)) throw new Error(`momo-lazy-catalogues: index.html names no ${FETCHED_LANGS}`);
  const codes = fetchedLanguages(languages).filter((code) => !prerendered.includes(code));
  if (!codes.every((code) => /^[a-z]{2,3}$/.test(code)))
    throw new Error(`momo-lazy-catalogues: a language code that is not one: ${codes.join(', ')}`);
  return html.replaceAll(FETCHED_LANGS, codes.join('|'));
}

// Read through tsx: the catalogues are TypeScript, typed by `satisfies`, and the prerender a script.
const read = async <T>(path: string): Promise<T> => {
  const { tsImport } = await import('tsx/esm/api');
  return (await tsImport(pathToFileURL(join(REPO_ROOT, path)).href, import.meta.url)) as T;
};

export const lazyCatalogues: Plugin = {
  name: 'momo-lazy-catalogues',
  apply: 'build',
  transformIndexHtml: {
    order: 'pre',
    async handler(html) {
      const { PRERENDERED } = await read<typeof import('../prerender')>('scripts/prerender.tsx');
      return withFetchedLangs(html, LANGUAGES, Object.keys(PRERENDERED));
    },
  },
  async generateBundle() {
    const { TEXTS } = await read<typeof import('../../src/i18n/catalogues')>('src/i18n/catalogues.ts');
    for (const code of fetchedLanguages(LANGUAGES))
      this.emitFile({
        type: 'asset',
        fileName: `i18n/${code}.json`,
        source: JSON.stringify(TEXTS[code].messages),
      });
  },
};
