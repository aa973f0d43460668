// For the tests that render in every language: each language of the table (src/i18n/languages.ts)
// loaded, as a page has it once its catalogue has arrived. A language of the table without its
// catalogue fails here, where the page would show it in French and a test would see nothing wrong.
import { addCatalogue, isLoaded, LANGS } from '../../src/i18n';
import { TEXTS } from '../../src/i18n/catalogues';

export function loadEveryLanguage(): void {
  for (const lang of LANGS)
    if (!addCatalogue(lang, TEXTS[lang].messages) || !isLoaded(lang))
      throw new Error(`${lang}: its catalogue is missing or incomplete (src/i18n/${lang}.ts)`);
}
