// The widget from a bundle: `momo-checkout/widget`, the element defined by the page's own code.
import { define, mount } from 'momo-checkout/widget';

// The test passes the intent in the fragment, which the browser never sends to a server.
const link = new URLSearchParams(location.hash.slice(1));
define();
mount('#pay', {
  intentId: link.get('intent') ?? '',
  clientSecret: link.get('secret') ?? '',
  apiBase: link.get('api') ?? undefined,
  lang: 'fr',
  onSucceeded: (detail) => document.body.setAttribute('data-paid', detail.chargeId ?? ''),
});
