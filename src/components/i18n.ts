import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { type Lang, type Translate, translator } from '../i18n';

export interface I18nValue {
  lang: Lang;
  t: Translate;
}

export const I18nContext = createContext<I18nValue>({ lang: 'fr', t: translator('fr') });
export const useI18n = () => useContext(I18nContext);

/** A country's name in the payer's language ("Congo", "Cameroun"). */
export function countryName(code: string, lang: Lang): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}
