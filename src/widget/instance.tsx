// One checkout inside a shadow root: the same model and the same <Checkout> as the hosted page,
// with the merchant's callbacks in place of navigation. destroy() leaves nothing running.
import { effect, signal } from '@preact/signals';
import { type ComponentChildren, render, type VNode } from 'preact';
import { type CheckoutModel as Model, type CheckoutEventDetail, createCheckout } from '../checkout/model';
import type { ErrorKind } from '../checkout/screens';
import { Checkout } from '../components/Checkout';
import { SCREENS_APART } from '../components/surface';
import { loadScreens, screensFrom } from '../hosted/lazy-screens';
import { isLoaded, type Lang, shownWhileLoading } from '../i18n';
import { langSwitcher } from '../i18n/load';
import { countryOfLanguages } from '../phone';
import { apiBaseOf, langOf, linkProblem, partsBaseOf, report } from './config';
import { addScreensRules, adoptStyles } from './styles';
import type { MomoCheckoutEventDetail, MomoCheckoutHandle, MomoCheckoutOptions } from './types';

/** How long a first render waits for the payer's language to arrive before it shows French. */
const LANG_WAIT_MS = 3000;

/** What surrounds the checkout in the shadow root: a plain box, or the modal dialog. */
export type Frame = (props: { lang: Lang; children: ComponentChildren }) => VNode;

const Inline: Frame = ({ children }) => <div class="momo-widget">{children}</div>;

type Callback = ((detail: MomoCheckoutEventDetail) => void) | undefined;

/**
 * `onClose`: the dialog's, which a paid checkout's "Done" calls; `onRendered`: called once the
 * checkout is first on screen (at once, or once the payer's language has arrived).
 */
export function attach(
  root: ShadowRoot,
  options: MomoCheckoutOptions,
  Frame: Frame = Inline,
  onClose?: () => void,
  onRendered?: () => void,
): MomoCheckoutHandle & { model: Model } {
  const intentId = options.intentId || '';
  const apiBase = apiBaseOf(options.apiBase);
  // Where the widget's parts are: its steps, and the languages that are not built in.
  const parts = partsBaseOf(options.apiBase);
  // A language that is not built in comes from the checkout's origin (/i18n/<lang>.json); until it
  // has arrived the checkout shows the browser's built-in language, or French.
  const wanted = langOf(options.lang);
  const lang = signal(shownWhileLoading(wanted, navigator.languages));
  let live = true;
  // Only these three fields ever reach the merchant, whatever the model's detail may hold. A
  // callback that throws is reported as uncaught, without stopping the checkout half-way.
  const tell = (callback: Callback) =>
    callback &&
    ((detail: CheckoutEventDetail) => {
      if (!live) return;
      try {
        callback({ intentId: detail.intentId, status: detail.status, chargeId: detail.chargeId });
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    });

  const model = createCheckout({
    api: { baseUrl: apiBase },
    intentId,
    clientSecret: options.clientSecret || '',
    customer: options.customer,
    defaultCountry: countryOfLanguages(navigator.languages || [navigator.language]),
    onSucceeded: tell(options.onSucceeded),
    onFailed: tell(options.onFailed),
    onAttemptFailed: tell(options.onAttemptFailed),
    onCancel: tell(options.onCancel),
    onClose,
  });

  const problem = linkProblem(intentId, options.clientSecret || '');
  if (problem) report(problem);
  const problems: Partial<Record<ErrorKind, string>> = {
    badSecret: `the service refused the client secret of payment intent ${intentId}.`,
    notFound: `payment intent ${intentId} does not exist at ${apiBase}.`,
    network: `could not reach the payment service at ${apiBase} (attribute api-base).`,
    server: `the payment service at ${apiBase} answered with an error.`,
  };
  const reported = new Set<ErrorKind>();
  const stopReporting = effect(() => {
    const screen = model.screen.value;
    if (screen.name !== 'error' || reported.has(screen.error)) return;
    // A link problem is reported above, before anything is sent: its screen says nothing more.
    if (problem && (screen.error === 'badLink' || screen.error === 'badSecret')) return;
    reported.add(screen.error);
    const message = problems[screen.error];
    if (message) report(message);
  });

  const setLang = langSwitcher(parts, (next) => {
    if (live) lang.value = next;
  });
  const shown = setLang(wanted);
  const App = () => (
    <Frame lang={lang.value}>
      <Checkout model={model} lang={lang.value} onLangChange={setLang} base={parts} />
    </Frame>
  );
  // widget.js's screens after the form (waiting, the outcomes, the receipt) are a part of their own
  // (src/hosted/lazy-screens.tsx), from the widget's parts: fetched at the payer's first touch of
  // this checkout (a pointer, a key, the focus inside its shadow root), seconds before they can press
  // Pay, or at once when the first screen is one of them (a reload while the payment waits). Its
  // rules join the widget's stylesheet, in every widget's shadow root (./styles.ts).
  if (SCREENS_APART) {
    screensFrom(parts, addScreensRules);
    const touches = ['pointerdown', 'keydown', 'focusin'];
    const touched = () => {
      for (const kind of touches) root.removeEventListener(kind, touched, true);
      loadScreens();
    };
    for (const kind of touches) root.addEventListener(kind, touched, true);
  }
  // The intent's read goes out before the first render: on a slow phone the render's work then
  // overlaps the read's round trips instead of coming before them.
  model.start();
  // In the payer's language: one that is not built in is waited for a moment (the merchant's
  // placeholder shows meanwhile), so the checkout does not appear in French and then change. The
  // styles come after the first render, which would otherwise take a <style> fallback for its own.
  let unadopt = () => {};
  const first = () => {
    if (!live) return;
    render(<App />, root);
    unadopt = adoptStyles(root);
    if (onRendered) onRendered();
  };
  if (isLoaded(wanted)) first();
  else void Promise.race([shown, new Promise((resolve) => setTimeout(resolve, LANG_WAIT_MS))]).then(first);

  return {
    model,
    setLang: (next: string) => void setLang(langOf(next)),
    destroy() {
      if (!live) return;
      live = false;
      stopReporting();
      model.dispose();
      render(null, root);
      unadopt();
    },
  };
}
