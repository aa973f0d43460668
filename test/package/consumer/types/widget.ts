// The widget module, the element's events and the MomoCheckout global, as TypeScript sees them.
import { define, mount, open, type MomoCheckoutEventDetail, type MomoCheckoutHandle } from 'momo-checkout/widget';
import type { MomoCheckoutApi } from 'momo-checkout/widget.js';
import { exact, notAny } from './expect.js';

define();
const handle = mount('#pay', {
  intentId: 'pi_1',
  clientSecret: 'pi_1_secret_x',
  lang: navigator.language.startsWith('en') ? 'en' : undefined, // undefined is allowed, exactOptionalPropertyTypes or not
  onSucceeded: (detail) => exact<typeof detail, MomoCheckoutEventDetail>(),
});
exact<typeof handle, MomoCheckoutHandle>();
notAny(open);

const element = document.querySelector('momo-checkout');
element?.addEventListener('succeeded', (event) => {
  exact<typeof event.detail.status, 'succeeded' | 'failed' | 'canceled'>();
  exact<typeof event.detail.chargeId, string | null>();
});
element?.addEventListener('click', (event) => exact<typeof event, HTMLElementEventMap['click']>());
document.createElement('momo-checkout').addEventListener('canceled', (event) => notAny(event.detail.intentId));

// The queue works before and after widget.js has run.
(window.MomoCheckout ??= []).push((checkout) => {
  exact<typeof checkout, MomoCheckoutApi>();
  checkout.open({ intentId: 'pi_1', clientSecret: 'pi_1_secret_x', onCancel: () => {} });
});

// @ts-expect-error clientSecret is required
mount('#pay', { intentId: 'pi_1' });
// @ts-expect-error no such option
mount('#pay', { intentId: 'pi_1', clientSecret: 'pi_1_secret_x', amount: 5000 });
// @ts-expect-error the callback gets the detail, not a string
mount('#pay', { intentId: 'pi_1', clientSecret: 'pi_1_secret_x', onFailed: (detail: string) => detail });
element?.addEventListener('succeeded', (event) => {
  // @ts-expect-error the detail never holds the client secret
  void event.detail.clientSecret;
});
// @ts-expect-error before widget.js has run, MomoCheckout may be a queue or undefined
MomoCheckout.mount('#pay', { intentId: 'pi_1', clientSecret: 'pi_1_secret_x' });
