// The drop-in file bundled as it is: it must still give the page window.MomoCheckout.
import 'momo-checkout/widget.js';

const link = new URLSearchParams(location.hash.slice(1));
(window.MomoCheckout ??= []).push((checkout) => {
  checkout.mount('#pay', { intentId: link.get('intent') ?? '', clientSecret: link.get('secret') ?? '', apiBase: link.get('api') ?? undefined, lang: 'fr' });
});
