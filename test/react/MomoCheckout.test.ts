// <MomoCheckout>: the attributes it renders on a server, and the callbacks it calls in the browser —
// also after hydration, where React 19 would not attach a custom element's `on…` props.
import { act, createElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MomoCheckout } from '../../src/react';

// The element's own behaviour is the widget's (tested in Chromium); here define() is only counted.
vi.mock('../../src/widget', () => ({ define: vi.fn() }));
const { define } = await import('../../src/widget');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const props = { intentId: 'pi_abc', clientSecret: 'pi_abc_secret_xyz', lang: 'fr' } as const;
const detail = { intentId: 'pi_abc', status: 'succeeded', chargeId: 'ch_1' } as const;

let container: HTMLElement;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => container.remove());

const fire = (type: string) =>
  container.querySelector('momo-checkout')!.dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));

describe('MomoCheckout (React) › on a server', () => {
  it('renders the element with its attributes and the placeholder, nothing undefined', () => {
    const html = renderToString(createElement(MomoCheckout, { ...props, className: 'pay' }, 'Chargement du paiement…'));
    expect(html).toBe(
      '<momo-checkout intent="pi_abc" client-secret="pi_abc_secret_xyz" lang="fr" class="pay">Chargement du paiement…</momo-checkout>',
    );
  });
});

describe('MomoCheckout (React) › customer (prefill)', () => {
  const customer = { firstName: 'Awa', lastName: 'Ndong', email: 'awa@exemple.cm', phone: '+237 6 71 23 45 00' };

  it('renders what the merchant knows of the payer as the element’s customer-* attributes, on a server', () => {
    const html = renderToString(createElement(MomoCheckout, { ...props, customer }));
    expect(html).toBe(
      '<momo-checkout intent="pi_abc" client-secret="pi_abc_secret_xyz" lang="fr" customer-first-name="Awa" customer-last-name="Ndong" customer-email="awa@exemple.cm" customer-phone="+237 6 71 23 45 00"></momo-checkout>',
    );
  });

  it('and in the browser, leaving out what it does not know', async () => {
    const root = createRoot(container);
    await act(async () =>
      root.render(createElement(MomoCheckout, { ...props, customer: { firstName: 'Awa', phone: customer.phone } })),
    );
    const element = container.querySelector('momo-checkout')!;
    expect(element.getAttribute('customer-first-name')).toBe('Awa');
    expect(element.getAttribute('customer-phone')).toBe('+237 6 71 23 45 00');
    expect(element.hasAttribute('customer-last-name')).toBe(false);
    expect(element.hasAttribute('customer-email')).toBe(false);
    await act(async () => root.unmount());
  });
});

describe('MomoCheckout (React) › in the browser', () => {
  it('after hydration, defines the element and calls onSucceeded, onFailed, onAttemptFailed and onCancel with the detail', async () => {
    const calls: [string, unknown][] = [];
    const element = createElement(MomoCheckout, {
      ...props,
      onSucceeded: (d) => calls.push(['succeeded', d]),
      onFailed: (d) => calls.push(['failed', d]),
      onAttemptFailed: (d) => calls.push(['attempt', d]),
      onCancel: (d) => calls.push(['cancel', d]),
    });
    container.innerHTML = renderToString(element);
    await act(async () => {
      hydrateRoot(container, element);
    });
    expect(define).toHaveBeenCalled();
    for (const type of ['succeeded', 'failed', 'attemptfailed', 'canceled']) fire(type);
    expect(calls).toEqual([
      ['succeeded', detail],
      ['failed', detail],
      ['attempt', detail],
      ['cancel', detail],
    ]);
  });

  it('calls the latest callback after a re-render, and none after unmounting', async () => {
    const first = vi.fn();
    const second = vi.fn();
    const root = createRoot(container);
    await act(async () => root.render(createElement(MomoCheckout, { ...props, onSucceeded: first })));
    await act(async () => root.render(createElement(MomoCheckout, { ...props, onSucceeded: second })));
    fire('succeeded');
    expect([first.mock.calls.length, second.mock.calls]).toEqual([0, [[detail]]]);
    const element = container.querySelector('momo-checkout')!;
    await act(async () => root.unmount());
    element.dispatchEvent(new CustomEvent('succeeded', { detail }));
    expect(second).toHaveBeenCalledTimes(1);
  });
});
