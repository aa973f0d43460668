// <momo-checkout intent="pi_…" client-secret="pi_…_secret_…" lang="fr" api-base="…" isolated
// customer-first-name customer-last-name customer-email customer-phone>: the checkout as an element
// (the customer-* attributes fill the form when it starts). Its attributes are observed; it dispatches `succeeded`, `failed` and `canceled`.
import { mount } from './mount';
import type { MomoCheckoutEventDetail, MomoCheckoutHandle, MomoCheckoutLang } from './types';

/** A change to any of these starts the checkout again; `lang` only switches the language. */
const RESTART = ['intent', 'client-secret', 'api-base', 'isolated'];

/** Defines the element (once; nothing happens where there is no DOM, e.g. server rendering). */
export function define(tag = 'momo-checkout'): void {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;
  customElements.define(
    tag,
    class extends HTMLElement {
      // No class fields (a getter, `declare`): lowered to the engine floor, each would bring a
      // defineProperty helper into widget.js (0.2 KB brotli).
      static get observedAttributes() {
        return [...RESTART, 'lang'];
      }
      declare private handle: MomoCheckoutHandle | undefined;
      /** The restart attributes the running checkout was started with; undefined when none runs. */
      declare private started: string | undefined;
      declare private queued: boolean | undefined;

      connectedCallback() {
        this.sync();
      }

      disconnectedCallback() {
        this.sync();
      }

      attributeChangedCallback(name: string) {
        // (`a && a.b()`, `||` rather than `a?.b()`, `??` where the value is the same: cheaper once
        // lowered to the engine floor.)
        // An attribute is any text: one the checkout does not speak is reported (./config.ts, langOf).
        if (name === 'lang') {
          if (this.handle) this.handle.setLang((this.getAttribute('lang') || '') as MomoCheckoutLang);
        } else this.sync();
      }

      // After the current task: setting intent then client-secret restarts once, and moving the
      // element in the page (disconnected, then connected again) does not restart at all.
      private sync() {
        if (this.queued) return;
        this.queued = true;
        queueMicrotask(() => {
          this.queued = false;
          const wanted = this.isConnected ? JSON.stringify(RESTART.map((name) => this.getAttribute(name))) : undefined;
          if (wanted === this.started) return;
          if (this.handle) this.handle.destroy();
          this.handle = undefined;
          this.started = wanted;
          if (wanted === undefined) return;
          const fire = (type: string) => (detail: MomoCheckoutEventDetail) =>
            this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
          this.handle = mount(this, {
            intentId: this.getAttribute('intent') || '',
            clientSecret: this.getAttribute('client-secret') || '',
            apiBase: this.getAttribute('api-base') ?? undefined,
            isolated: this.hasAttribute('isolated'),
            lang: (this.getAttribute('lang') ?? undefined) as MomoCheckoutLang | undefined,
            customer: {
              firstName: this.getAttribute('customer-first-name') ?? undefined,
              lastName: this.getAttribute('customer-last-name') ?? undefined,
              email: this.getAttribute('customer-email') ?? undefined,
              phone: this.getAttribute('customer-phone') ?? undefined,
            },
            onSucceeded: fire('succeeded'),
            onFailed: fire('failed'),
            onAttemptFailed: fire('attemptfailed'),
            onCancel: fire('canceled'),
          });
        });
      }
    },
  );
}
