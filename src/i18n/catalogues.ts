// Every language's texts at once, for what speaks them all: the server's pages without JavaScript,
// the build (which emits each language loaded when chosen as i18n/<code>.json: scripts/vite/catalogues.ts)
// and the tests. No browser bundle imports it (a page fetches a language when it is chosen: ./load.ts).
// The compiler holds it to the table (./languages.ts): a language without its texts here, or texts
// of a language the table does not have, do not compile.
import { ar, arPlain } from './ar';
import { en, enPlain } from './en';
import { es, esPlain } from './es';
import { fr, frPlain } from './fr';
import type { Lang } from './languages';
import type { Catalogue, PlainCatalogue } from './messages';
import { pt, ptPlain } from './pt';

export interface Texts {
  /** What the checkout says (its catalogue). */
  readonly messages: Catalogue;
  /** What only the pages without JavaScript say. */
  readonly plain: PlainCatalogue;
}

export const TEXTS: { readonly [L in Lang]: Texts } = {
  fr: { messages: fr, plain: frPlain },
  en: { messages: en, plain: enPlain },
  ar: { messages: ar, plain: arPlain },
  es: { messages: es, plain: esPlain },
  pt: { messages: pt, plain: ptPlain },
};
