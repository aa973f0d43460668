import type { Lang } from '../i18n';
import { useI18n } from './i18n';

/** One button that switches between French and English, on every screen. */
export function LangSwitch({ onChange }: { onChange(lang: Lang): void }) {
  const { lang, t } = useI18n();
  const other: Lang = lang === 'fr' ? 'en' : 'fr';
  return (
    <button type="button" class="momo-lang" lang={other} aria-label={t('lang.switchLabel')} onClick={() => onChange(other)}>
      {t('lang.switch')}
    </button>
  );
}
