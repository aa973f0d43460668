import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { type Lang, type Translate, translator } from '../i18n';

export interface I18nValue {
  lang: Lang;
  t: Translate;
}

export const I18nContext = createContext<I18nValue>({ lang: 'fr', t: translator('fr') });
export const useI18n = () => useContext(I18nContext);

/**
 * An amount set large (the total, Pay), able to break between its number and its currency
 * ("1 250 000" over "FCFA" on a 320 px phone with text at 200 %), never inside the number.
 */
export const breakable = (amount: string) => amount.replace(/(\d)\s(?=\D)|(\D)\s(?=\d)/g, '$1$2 ');
