// @vitest-environment node
// A payer pays in their own country's currency. Every supported country pays in xaf today, so
// this file imagines Cameroon paying in xof (as if a country of another currency were added):
// the confirm of an xaf intent by a Cameroonian payer must then be refused.
import { describe, expect, it, vi } from 'vitest';
import { paymentIntentSchema } from '../../src/api/schemas';
import { expectError, expectJson, setup, testNumber } from './helpers';

vi.mock('../../src/phone', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/phone')>();
  const COUNTRIES = real.COUNTRIES.map((country) => (country.code === 'cm' ? { ...country, currency: 'xof' } : country));
  const findCountry = (code: string) => COUNTRIES.find((country) => country.code === code);
  const operatorsOf = (code: string) => findCountry(code)?.wallets.map((wallet) => wallet.name);
  return { ...real, COUNTRIES, findCountry, operatorsOf };
});

describe('confirm › the payer’s country pays in the intent’s currency', () => {
  it('refuses a payer whose country pays in another currency with 400 on the country, starting nothing', async () => {
    const { newIntent, confirm, readIntent, sandbox } = setup();
    const intent = await newIntent();
    const error = await expectError(await confirm(intent, testNumber('approved_at_once', 'cm', 'mtn')), 400, 'invalid_request', 'payment_method_data.momo.country');
    expect(error.message).toBe(
      '`payment_method_data.momo.country` "cm" pays in "xof"; this payment is in "xaf", so the payer must pay from a country that uses it.',
    );
    const read = await readIntent(intent.intent_id);
    expect(read).toMatchObject({ status: 'requires_payment_method', charge_id: null });
    expect(read.event.charges).toEqual([]);
    expect(sandbox.stats().confirms[intent.intent_id]).toMatchObject({ accepted: 0, refused: 1 });
  });

  it('takes a payer whose country pays in the intent’s currency', async () => {
    const { call, confirm } = setup();
    const intent = await expectJson(await call('POST', '/v1/payment-intents', { body: { amount: 700, currency: 'xof' } }), 201, paymentIntentSchema);
    expect((await confirm(intent, testNumber('approved_at_once', 'cm', 'mtn'))).status).toBe(200);
    await expectError(await confirm(intent, testNumber('approved_at_once', 'cg', 'mtn')), 409, 'payment_already_succeeded');
  });
});
