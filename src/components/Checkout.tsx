import type { Checkout as CheckoutModel } from '../checkout/model';
import { type Lang, translator } from '../i18n';
import { I18nContext } from './i18n';
import { LangSwitch } from './LangSwitch';
import { CancelLink, ErrorView, Failed, Unknown } from './Outcome';
import { PayerForm } from './PayerForm';
import { Pending } from './Pending';
import { Receipt } from './Receipt';
import { Spinner } from './Spinner';
import { Summary } from './Summary';
import { useFocusOnChange } from './useFocusOnChange';

interface Props {
  model: CheckoutModel;
  lang: Lang;
  onLangChange(lang: Lang): void;
}

/**
 * The whole checkout, rendered the same by the hosted page and the widget. The root carries the
 * screen's name as data-state, for merchants' styling and for tests.
 */
export function Checkout({ model, lang, onLangChange }: Props) {
  const screen = model.screen.value;
  const headingRef = useFocusOnChange<HTMLHeadingElement>(screen.name, screen.name === 'loading');
  const intent = model.intent.value;
  const t = translator(lang);
  return (
    <I18nContext.Provider value={{ lang, t }}>
      <div class="momo" data-state={screen.name} lang={lang}>
        <header class="momo-header">
          <h1 class="momo-title">{t('page.title')}</h1>
          <LangSwitch onChange={onLangChange} />
        </header>
        {intent && <Summary amount={intent.amount} currency={intent.currency} description={intent.description} session={model.session.value} />}
        {screen.name === 'loading' && (
          <p class="momo-loading" role="status">
            <Spinner /> {t('loading')}
          </p>
        )}
        {(screen.name === 'form' || screen.name === 'confirming') && (
          <>
            <h2 class="momo-form-heading" tabIndex={-1} ref={headingRef}>
              {t('form.heading')}
            </h2>
            <PayerForm model={model} />
            <CancelLink model={model} />
          </>
        )}
        {screen.name === 'pending' && <Pending model={model} attempt={screen.attempt} headingRef={headingRef} />}
        {screen.name === 'unknown' && <Unknown model={model} headingRef={headingRef} />}
        {screen.name === 'succeeded' && <Receipt model={model} receipt={screen.receipt} headingRef={headingRef} />}
        {screen.name === 'failed' && <Failed model={model} reason={screen.reason} headingRef={headingRef} />}
        {screen.name === 'error' && <ErrorView model={model} screen={screen} headingRef={headingRef} />}
      </div>
    </I18nContext.Provider>
  );
}
