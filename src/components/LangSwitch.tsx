import { useRef } from 'preact/hooks';
import { type Lang, LANGS, languageOf } from '../i18n';
import { useI18n } from './i18n';

// The languages of the payer's country first (the country chosen in the form), then the rest.
const FIRST: Readonly<Record<string, readonly Lang[]>> = {
  td: ['fr', 'ar'],
  gq: ['es', 'fr'],
  gw: ['pt', 'fr'],
  cm: ['fr', 'en'],
};

/** The order the switch offers the languages in for a payer of `country`. */
export const langsFor = (country: string): Lang[] => [...new Set([...(FIRST[country] || ['fr', 'en']), ...LANGS])];

/**
 * Every language, each named in itself, on every screen: a native select (keyboard, screen readers
 * and a phone's own picker). The host shows a chosen language once it can (it may have to fetch
 * it); until then the screen keeps its language, and so does the select if it never arrives.
 */
export function LangSwitch({ country, onChange }: { country: string; onChange(lang: Lang): unknown }) {
  const { lang, t } = useI18n();
  const select = useRef<HTMLSelectElement>(null);
  const shown = useRef(lang);
  shown.current = lang;
  return (
    <span class="momo-select momo-lang-box">
      <select
        ref={select}
        class="momo-lang"
        aria-label={t('lang.label')}
        value={lang}
        onChange={(event) => {
          const next = event.currentTarget.value as Lang;
          void Promise.resolve(onChange(next)).finally(() => {
            if (select.current && select.current.value !== shown.current) select.current.value = shown.current;
          });
        }}
      >
        {langsFor(country).map((code) => (
          <option key={code} value={code} lang={code}>
            {languageOf(code).name}
          </option>
        ))}
      </select>
    </span>
  );
}
