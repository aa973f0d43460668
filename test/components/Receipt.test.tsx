import { act, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionReader } from '../../src/checkout/session';
import { RETURN_COUNTDOWN_S } from '../../src/checkout/constants';
import { Checkout } from '../../src/components/Checkout';
import { frScreens } from '../../src/i18n/fr-screens';
import { createBed } from '../support/checkout-bed';

/** A session paid at once, its receipt shown and counting down back to the merchant. */
async function paidSession() {
  const bed = createBed();
  const session = await bed.merchant.createSession({
    total: 7000,
    currency: 'xaf',
    accountId: 'acct_shop',
    successUrl: 'https://shop.example/ok',
    cancelUrl: 'https://shop.example/cart',
    metadata: {},
    items: [{ productId: 'prt_cafe', quantity: 2, price: 3500, productName: 'Café' }],
  });
  const navigate = vi.fn();
  const model = await bed.open({
    readSession: sessionReader(bed.api, session.id),
    secret: session.clientSecret,
    navigate,
  });
  bed.fill(model, 'approved_at_once');
  void model.submit();
  await bed.time.settle();
  expect(model.screen.value.name).toBe('succeeded');
  // The countdown's ticks only (the bed's answers keep settling on the real event loop).
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  render(<Checkout model={model} lang="fr" onLangChange={() => {}} />);
  return { bed, navigate };
}

/** Lets `seconds` of the countdown pass, one tick at a time, each rendered and its effects run. */
async function wait(seconds: number) {
  for (let i = 0; i < seconds; i += 1)
    await act(() => {
      vi.advanceTimersByTime(1000);
    });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Receipt › the way back to the merchant', () => {
  it('leaves for the merchant once the countdown ends, when the payer does nothing', async () => {
    const { navigate } = await paidSession();
    await wait(RETURN_COUNTDOWN_S);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  for (const control of ['receipt.keep', 'succeeded.copy'] as const)
    it(`stays once the payer presses "${frScreens[control]}": the countdown stops, the explicit way back stays`, async () => {
      const { bed, navigate } = await paidSession();
      await wait(2);
      fireEvent.click(screen.getByRole('button', { name: frScreens[control] }));
      await bed.time.settle();
      await wait(10);
      expect(navigate).not.toHaveBeenCalled();
      expect(document.body.textContent).not.toContain('Retour chez le marchand dans');
      fireEvent.click(screen.getByRole('button', { name: frScreens['succeeded.returnNow'] }));
      expect(navigate).toHaveBeenCalledTimes(1);
    });
});
