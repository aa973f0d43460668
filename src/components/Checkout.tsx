import type { CheckoutModel } from '../checkout/model';
import { dirOf, type Lang, translator } from '../i18n';
import { I18nContext } from './i18n';
import { LangSwitch } from './LangSwitch';
import { ATTEMPT_ERRORS, CancelLink, ErrorView } from './Outcome';
import { PayerForm } from './PayerForm';
import { HandOffOffer } from './HandOffOffer';
import { AttemptError, Canceled, Elsewhere, Failed, HandOff, Pending, Receipt, Unknown } from './screens';
import { Spinner } from './Spinner';
import { Summary } from './Summary';
import { useFocusOnChange } from './useFocusOnChange';

interface Props {
  model: CheckoutModel;
  lang: Lang;
  /** The payer chose a language; the host shows it once it can (a language may have to be fetched first). */
  onLangChange(lang: Lang): unknown;
  /**
   * Whether the merchant's logo may show: on the checkout's own pages (hosted, isolated frame),
   * whose CSP allows the service's images; not inside a merchant's page, whose CSP may not.
   */
  logo?: boolean;
  /** The checkout's origin, where the files it loads only when needed are ('' for this page's). */
  base?: string;
}

/**
 * The whole checkout, rendered the same by the hosted page and the widget: who is paid, then what
 * for (the summary) beside or above what the payer does now. The root carries the screen's name as
 * data-state, for merchants' styling and for tests.
 */
export function Checkout({ model, lang, onLangChange, logo, base = '' }: Props) {
  const screen = model.screen.value;
  // Loading shows the form already: the form's arrival is no news, and the payer may be typing.
  const headingRef = useFocusOnChange<HTMLHeadingElement>(
    screen.name === 'loading' ? 'form' : screen.name,
    screen.name === 'loading',
  );
  const intent = model.intent.value;
  const merchant = model.merchant.value;
  const t = translator(lang);
  // An error whose message comes with the screens' part waits for it, as that part's screens do: a
  // stand-in until then, never a key on screen.
  const ErrorScreen = screen.name === 'error' && ATTEMPT_ERRORS.includes(screen.error) ? AttemptError : ErrorView;
  const logoUrl =
    logo && merchant && merchant.logo_url && /^https?:\/\//.test(merchant.logo_url) ? merchant.logo_url : null;
  return (
    <I18nContext.Provider value={{ lang, t }}>
      <div class="momo" data-state={screen.name} lang={lang} dir={dirOf(lang)}>
        <header class="momo-header">
          {logoUrl && <img class="momo-logo" src={logoUrl} alt="" width={40} height={40} decoding="async" />}
          <div class="momo-payee">
            <h1 class="momo-title">{merchant ? merchant.name : t('page.title')}</h1>
            {/* Who is paid is the merchant's word; that the page is the secure checkout is ours. */}
            {(merchant || model.testMode.value) && (
              <p class="momo-subtitle">
                {merchant && t('page.title')} {model.testMode.value && <span class="momo-test">{t('page.test')}</span>}
              </p>
            )}
          </div>
          <LangSwitch country={model.values.value.country} onChange={onLangChange} />
        </header>
        <div class="momo-body">
          {intent ? (
            <Summary
              amount={intent.amount}
              currency={intent.currency}
              description={intent.description}
              session={model.session.value}
              paid={screen.name === 'succeeded'}
            />
          ) : (
            // Until the intent is read: the places of the items and the total, so that nothing
            // moves when they land. Not beside an error: nothing is loading any more.
            screen.name === 'loading' && (
              <section class="momo-summary">
                <p class="momo-items-place">{t('summary.items')}</p>
                <p class="momo-total momo-loading" role="status">
                  <span>{t('loading')}</span>
                  <Spinner />
                </p>
              </section>
            )
          )}
          <div class="momo-main">
            {/* The form is there from the first frame: the payer types while the intent is read. */}
            {(screen.name === 'loading' || screen.name === 'form' || screen.name === 'confirming') && (
              <>
                <h2 class="momo-form-heading" tabIndex={-1} ref={headingRef}>
                  {t('form.heading')}
                </h2>
                <PayerForm model={model} />
                <HandOffOffer model={model} />
                <CancelLink model={model} />
              </>
            )}
            {screen.name === 'pending' && (
              <Pending model={model} attempt={screen.attempt} base={base} headingRef={headingRef} />
            )}
            {screen.name === 'unknown' && <Unknown model={model} headingRef={headingRef} />}
            {screen.name === 'succeeded' && (
              <Receipt model={model} receipt={screen.receipt} headingRef={headingRef} base={base} />
            )}
            {screen.name === 'failed' && <Failed model={model} reason={screen.reason} headingRef={headingRef} />}
            {screen.name === 'shared' && <HandOff model={model} base={base} headingRef={headingRef} />}
            {screen.name === 'elsewhere' && <Elsewhere model={model} headingRef={headingRef} />}
            {screen.name === 'canceled' && <Canceled model={model} headingRef={headingRef} />}
            {screen.name === 'error' && <ErrorScreen model={model} screen={screen} headingRef={headingRef} />}
          </div>
        </div>
      </div>
    </I18nContext.Provider>
  );
}
