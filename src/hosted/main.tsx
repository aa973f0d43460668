import '../components/checkout.css';
import './page.css';
import { signal } from '@preact/signals';
import { hydrate, render } from 'preact';
import { HELD_READ_S } from '../checkout/constants';
import type { Field } from '../checkout/form';
import { type CheckoutOptions, createCheckout } from '../checkout/model';
import { sessionReader } from '../checkout/session';
import { Checkout } from '../components/Checkout';
import { addCatalogue, dirOf, isLang, type Lang, pickLang, shownWhileLoading, translator } from '../i18n';
import { langSwitcher } from '../i18n/load';
import { countryOfLanguages } from '../phone';
import { withEarlyReads } from './early';
import { loadPart } from '../parts/load';
import { EMBED_PATH } from './embed';
import { loadScreens } from './lazy-screens';
import { forgetSecret, markLeft, readAddress, takeSecret, wasLeft } from './location';

/**
 * The screens after the form (waiting, the steps, the receipt: ./lazy-screens.tsx) are not in the
 * first load a payer waits for: their part is fetched at the payer's first touch, key or focus —
 * seconds before they can have filled the form in and pressed Pay, and never while the page is
 * still loading (measured: their stylesheet linked as the page started cost a slow phone's form up
 * to 0.1 s and one Lighthouse run in three a 1.2 s paint). Any other first screen (a reload while
 * the payment waits, a receipt) fetches it at once, as it is shown. From the page's own origin: the
 * CSP's script-src 'self'.
 */
function loadScreensAtFirstTouch() {
  const firstTouches = ['pointerdown', 'keydown', 'focusin'] as const;
  const touched = () => {
    for (const kind of firstTouches) document.removeEventListener(kind, touched, true);
    loadScreens();
  };
  for (const kind of firstTouches) document.addEventListener(kind, touched, true);
}

/**
 * Runs `work` in a task of its own, after what the browser has queued (a payer's key first): the
 * page's start cut in two, which a slow phone does not feel as one long freeze. A message, not a
 * timer: a hidden tab's timers wait up to a second.
 */
function inTaskOfItsOwn(work: () => void) {
  const channel = new MessageChannel();
  channel.port1.onmessage = work;
  channel.port2.postMessage(null);
}

// The API the server named as it served this page (src/server/served-config.ts), else this page's origin.
const named = document.querySelector<HTMLMetaElement>('meta[name="momo-api"]');
const baseUrl = (named && named.content) || location.origin;
// The service on this page's own origin may hold a status read until the payment changes: a header
// a read of another origin's could not send without asking leave first, which a bare service refuses.
const api = {
  baseUrl,
  fetch: withEarlyReads(),
  heldReadS: new URL(baseUrl).origin === location.origin ? HELD_READ_S : 0,
};
// Where the payer probably is: the region of the first of their languages that names one (fr-SN).
const defaultCountry = countryOfLanguages(navigator.languages || [navigator.language]);
const lang = signal<Lang>('fr');
// biome-ignore lint/style/noNonNullAssertion: index.html, this script's own page, always holds #app.
const root = document.getElementById('app')!;
/** The language index.html's first screen was prerendered in (scripts/prerender.tsx), if it was. */
const prerendered = root.dataset.prerendered;
// A first screen in a language the script does not carry (English) brings its catalogue with it.
const brought = document.getElementById('momo-catalogue');
if (isLang(prerendered) && brought && brought.textContent) addCatalogue(prerendered, JSON.parse(brought.textContent));

/** How long a first render waits for the payer's language to arrive before it shows French. */
const LANG_WAIT_MS = 3000;

/** The prerendered form's fields a payer may fill before the script runs, in the order a payer would. */
const TYPED: readonly (readonly [string, Field])[] = [
  ['#momo-country', 'country'],
  ['#momo-phone', 'phone'],
  ['input[name="operator"]:checked', 'operator'],
  ['#momo-first-name', 'firstName'],
  ['#momo-last-name', 'lastName'],
  ['#momo-email', 'email'],
];

/**
 * Renders the checkout in place of index.html's placeholder, in `initial` language, and starts it.
 * A language that is not built in comes from this page's origin (/i18n/<lang>.json, which
 * index.html's script may have started already); until it has arrived the page keeps the one it shows.
 */
function show(options: CheckoutOptions, initial: string | null | undefined, keepLang?: (lang: Lang) => void) {
  // Over the prerendered screen, the first render must be the one that made it (its language, no
  // default country): the page then takes it over as it is, nothing repainted, nothing moved.
  const hydrating = isLang(prerendered) && location.pathname !== EMBED_PATH;
  const { defaultCountry: payerCountry, ...prerenderedState } = options;
  const model = createCheckout(hydrating ? prerenderedState : options);
  const display = (next: Lang) => {
    lang.value = next;
    document.documentElement.lang = next;
    document.documentElement.dir = dirOf(next);
    document.title = translator(next)('page.title');
  };
  const choose = langSwitcher('', display, withEarlyReads());
  const setLang = (next: Lang, chosen = true) =>
    choose(next).then((shown) => {
      if (shown && chosen && keepLang) keepLang(next);
    });
  const wanted = pickLang(initial, navigator.languages);
  // biome-ignore lint/correctness/noComponentHookFactories: made once, as the page starts, and never made again under a mounted tree.
  const App = () => <Checkout model={model} lang={lang.value} onLangChange={setLang} logo />;
  if (hydrating) {
    display(prerendered);
    // What the payer typed into the painted form before this script ran is theirs: taken over as
    // their edits, so that the hydrated fields keep it.
    for (const [selector, field] of TYPED) {
      const element = root.querySelector<HTMLInputElement | HTMLSelectElement>(selector);
      if (element && element.value !== model.values.peek()[field]) model.setField(field, element.value);
    }
    hydrate(<App />, root);
  } else {
    // index.html's placeholder (or a screen prerendered for another use) goes: Preact would render beside it.
    root.textContent = '';
  }
  const start = () => {
    // Over a hydrated screen, what this payer's page differs in, as ordinary updates: their
    // country, their language. (The intent's read is already on its way: index.html sent it.)
    if (hydrating) model.setDefaultCountry(payerCountry);
    display(shownWhileLoading(wanted, navigator.languages));
    const shown = setLang(wanted, false);
    // A language on its way is waited for a moment, so that the first render speaks it.
    if (!hydrating)
      void Promise.race([shown, new Promise((resolve) => setTimeout(resolve, LANG_WAIT_MS))]).then(() =>
        render(<App />, root),
      );
    model.start();
    // Built: development has the screens built in (src/components/screens.ts).
    if (import.meta.env.PROD) loadScreensAtFirstTouch();
  };
  // Hydrating, the rest waits for a task of its own. The bundle's first task keeps the hydration, as
  // it kept everything before: Lighthouse's simulation drops a task under 10 ms from its graph, and
  // a bundle whose evaluation it cannot see run after the first paint it counts as delaying it (the
  // whole page's start in a second task measured LCP 1.0–1.2 s instead of 0.8 s).
  if (hydrating) inTaskOfItsOwn(start);
  else start();
  return setLang;
}

if (location.pathname === EMBED_PATH) {
  // The widget's isolated mode: everything comes from the parent that framed this page.
  document.documentElement.dataset.embed = '';
  // Its code is a part of its own (dist/steps/embed.js): a payer's hosted page never downloads it.
  // Started once it runs (false until then: this script did run); a part that cannot be had is said
  // at once (index.html's momoStuck), and one that never arrives, when index.html's time is up.
  window.momoStarted = false;
  loadPart<typeof import('./embed').startEmbed>('embed', '').then(
    (startEmbed) => {
      startEmbed(show, api, defaultCountry, pickLang);
      window.momoStarted = true;
    },
    () => window.momoStuck && window.momoStuck(),
  );
} else {
  const address = readAddress(location);
  // Once returned to the merchant, a payer who comes Back to this page sees the receipt and stays:
  // no second countdown sends them forward again. (An id, never the secret, names the flag.)
  // Without storage (blocked, full), a Back simply shows the countdown again.
  const returnedKey = `momo-returned:${location.pathname}`;
  const stored = (write?: boolean): boolean => {
    try {
      if (write) sessionStorage.setItem(returnedKey, '1');
      return sessionStorage.getItem(returnedKey) !== null;
    } catch {
      return false;
    }
  };
  const clientSecret = takeSecret(address, location, history, () => sessionStorage, navigator.userAgent);
  show(
    {
      api,
      intentId: address.intentId,
      readSession: address.sessionId ? sessionReader(api, address.sessionId) : undefined,
      clientSecret,
      // Back to a session this tab left: it says so (see navigate), read by the session's id alone.
      left: !clientSecret && wasLeft(history),
      defaultCountry,
      relative: address.relative,
      navigate(url, to) {
        if (to === 'success') stored(true);
        else {
          // A canceled payment is over for this tab: Back to this page finds no secret to pay with
          // (not even in the address, where a tab without storage kept it), but the word that the
          // payer left it — and a page the browser kept whole (back/forward cache) loads again, without it.
          forgetSecret(location, () => sessionStorage);
          markLeft(location, history);
          addEventListener('pageshow', (event) => event.persisted && location.reload());
        }
        location.assign(url);
      },
      autoReturn: !stored(),
    },
    address.lang,
    (next) => {
      // Keep the choice across reloads (the secret is no longer in the address: see takeSecret).
      const url = new URL(location.href);
      url.searchParams.set('lang', next);
      history.replaceState(history.state, '', url);
    },
  );
  // Started: index.html's inline script no longer sends the payer to the plain form (momoStuck).
  window.momoStarted = true;
}
