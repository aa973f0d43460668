// @vitest-environment node
// Issue 13's promise, through the checkout itself: a payer in every CFA-franc country with a
// sourced wallet pays a sandbox intent in their country's currency, with each of its wallets — the
// number typed as a payer types it, the wallet chosen as the payer would (detected from the number,
// or picked by hand for a wallet that owns no range, like Wave), approving the way the wallet does:
// the push, a one-time code (Orange Money in Senegal, Côte d'Ivoire, Mali, Burkina Faso) or the
// wallet's app (Wave), as the service's next_action says.
import { describe, expect, it } from 'vitest';
import { approvalOf } from '../../src/methods/momo/approval';
import { COUNTRIES, TEST_NUMBERS } from '../../src/phone';
import { createBed } from '../support/checkout-bed';

const PAYABLE = COUNTRIES.flatMap((country) => country.wallets.map((wallet) => ({ country, wallet })));

describe('checkout › every country and wallet pays in its currency', () => {
  it('covers the fourteen CFA-franc countries, all but those without a sourced wallet', () => {
    expect(COUNTRIES.map((c) => c.code).sort()).toEqual([
      'bf',
      'bj',
      'cf',
      'cg',
      'ci',
      'cm',
      'ga',
      'gq',
      'gw',
      'ml',
      'ne',
      'sn',
      'td',
      'tg',
    ]);
    expect(COUNTRIES.filter((c) => c.wallets.length === 0).map((c) => c.code)).toEqual(['gq']);
  });

  it.each(PAYABLE.map(({ country, wallet }) => [`${country.code} ${wallet.name}`, country, wallet] as const))(
    '%s',
    async (_, country, wallet) => {
      const bed = createBed();
      const intent = await bed.merchant.createIntent({ amount: 2500, currency: country.currency });
      const model = await bed.open({ secret: intent.client_secret ?? '', defaultCountry: country.code });
      expect(model.values.value.country).toBe(country.code);
      const number = TEST_NUMBERS.find(
        (n) => n.country === country.code && n.operator === wallet.name && n.outcome === 'approved_at_once',
      );
      expect(number, 'a test number').toBeDefined();
      model.setField('firstName', 'Awa');
      model.setField('lastName', 'Ndiaye');
      model.setField('email', 'awa@exemple.sn');
      model.setField('phone', number!.national);
      if (model.values.value.operator !== wallet.name) model.setField('operator', wallet.name);
      expect(model.visibleErrors.value).toEqual({});
      await model.submit();
      await bed.time.settle();
      const screen = model.screen.value;
      const { step } = screen.name === 'pending' ? screen.attempt : { step: null };
      const kind = approvalOf(country.code, wallet.name).kind;
      // The step the service names: a code to type, the wallet's app; a push is approved at once here.
      expect(step && step.type === 'step' ? step.name : screen.name).toBe(kind === 'push' ? 'succeeded' : kind);
      await bed.approve(model);
      expect(model.screen.value.name).toBe('succeeded');
      const paid = await bed.merchant.getIntent(intent.intent_id);
      expect({ status: paid.status, currency: paid.currency }).toEqual({
        status: 'succeeded',
        currency: country.currency,
      });
      model.dispose();
    },
  );
});

describe('checkout › against a bare service, every wallet pushes', () => {
  it.each(PAYABLE.map(({ country, wallet }) => [`${country.code} ${wallet.name}`, country, wallet] as const))(
    '%s',
    async (_, country, wallet) => {
      const bed = createBed({ extensions: false });
      const intent = await bed.merchant.createIntent({ amount: 2500, currency: country.currency });
      const model = await bed.open({ secret: intent.client_secret ?? '', defaultCountry: country.code });
      const number = TEST_NUMBERS.find(
        (n) => n.country === country.code && n.operator === wallet.name && n.outcome === 'approved_after_delay',
      )!;
      bed.fill(model, 'approved_after_delay', country.code, wallet.name);
      if (model.values.value.operator !== wallet.name) model.setField('operator', wallet.name);
      expect(model.values.value.phone.replace(/\D/g, '')).toBe(number.national.replace(/\D/g, ''));
      await model.submit();
      await bed.time.settle();
      const screen = model.screen.value;
      expect(screen.name === 'pending' && screen.attempt.step).toEqual({ type: 'push', ussd: null });
      await bed.time.advance(5_000);
      expect(model.screen.value.name).toBe('succeeded');
      model.dispose();
    },
  );
});
