import '../components/checkout.css';
import './page.css';
import { signal } from '@preact/signals';
import { render } from 'preact';
import { createCheckout } from '../checkout/model';
import { sessionReader } from '../checkout/session';
import { Checkout } from '../components/Checkout';
import { type Lang, pickLang, translator } from '../i18n';
import { readAddress } from './location';

const address = readAddress(location);
const lang = signal<Lang>(pickLang(address.lang, navigator.languages));

const api = { baseUrl: import.meta.env.VITE_MOMO_API_BASE || location.origin };

// Once returned to the merchant, a payer who comes Back to this page sees the receipt and stays:
// no second countdown sends them forward again. (An id, never the secret, names the flag.)
// Without storage (blocked, full), a Back simply shows the countdown again.
const returnedKey = `momo-returned:${location.pathname}`;
function returnedBefore(): boolean {
  try {
    return sessionStorage.getItem(returnedKey) !== null;
  } catch {
    return false;
  }
}
function rememberReturn(): void {
  try {
    sessionStorage.setItem(returnedKey, '1');
  } catch {
    // See above.
  }
}

const model = createCheckout({
  api,
  intentId: address.intentId,
  readSession: address.sessionId ? sessionReader(api, address.sessionId) : undefined,
  clientSecret: address.clientSecret,
  defaultCountry: navigator.language.split('-')[1]?.toLowerCase(),
  navigate(url, to) {
    if (to === 'success') rememberReturn();
    location.assign(url);
  },
  autoReturn: !returnedBefore(),
});

function setLang(next: Lang) {
  lang.value = next;
  document.documentElement.lang = next;
  document.title = translator(next)('page.title');
  // Keep the choice across reloads; the fragment (the secret) stays where it is.
  const url = new URL(location.href);
  url.searchParams.set('lang', next);
  history.replaceState(history.state, '', url);
}

function App() {
  return <Checkout model={model} lang={lang.value} onLangChange={setLang} />;
}

document.documentElement.lang = lang.value;
document.title = translator(lang.value)('page.title');
const root = document.getElementById('app')!;
// index.html shows a placeholder from the first paint; it goes now (Preact would render beside it).
root.replaceChildren();
render(<App />, root);
model.start();
