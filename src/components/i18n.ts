import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { type Lang, type Translate, translator } from '../i18n';

export interface I18nValue {
  lang: Lang;
  t: Translate;
}

export const I18nContext = createContext<I18nValue>({ lang: 'fr', t: translator('fr') });
export const useI18n = () => useContext(I18nContext);
