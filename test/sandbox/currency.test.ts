// @vitest-environment node
// A payer pays in their own country's currency: XAF in the six CEMAC countries, XOF in the eight
// UEMOA countries. Intents, sessions, remittances and disbursements take both; a payer or a
// recipient whose country pays in the other is refused on the country.
import { describe, expect, it } from 'vitest';
import { paymentIntentSchema } from '../../src/api/schemas';
import { COUNTRIES, TEST_NUMBERS } from '../../src/phone';
import { expectError, expectJson, sessionBody, setup, testNumber, transferBody } from './helpers';

const momo = (country: string, operator: string) => {
  const number = testNumber('approved_after_delay', country, operator);
  return { type: 'momo', momo: { country, msisdn: number.msisdn, operator_name: operator } };
};

describe('currencies › what the sandbox accepts', () => {
  it('takes xaf and xof for intents and sessions, and nothing else', async () => {
    const { call } = setup();
    for (const currency of ['xaf', 'xof']) {
      const intent = await expectJson(
        await call('POST', '/v1/payment-intents', { body: { amount: 700, currency } }),
        201,
        paymentIntentSchema,
      );
      expect(intent.currency).toBe(currency);
      const session = await call('POST', '/v1/sessions', { body: sessionBody({ currency }) });
      expect(session.status).toBe(200);
      expect(((await session.json()) as { currency: string }).currency).toBe(currency);
    }
    const error = await expectError(
      await call('POST', '/v1/payment-intents', { body: { amount: 700, currency: 'xpf' } }),
      400,
      'invalid_request',
      'currency',
    );
    expect(error.message).toBe('`currency` "xpf" is not paid by mobile money here; use "xaf" or "xof".');
  });

  it.each([
    ['remittance', 'sn', 'orange'],
    ['remittance', 'ci', 'mtn'],
    ['disbursement', 'bf', 'wave'],
    ['disbursement', 'tg', 'moov'],
  ])('takes an xof %s to %s (%s)', async (kind, country, operator) => {
    const { call } = setup();
    const created = await call('POST', `/v1/${kind}`, {
      body: transferBody({ currency: 'xof', payment_method_data: momo(country, operator) }),
    });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { currency: string }).currency).toBe('xof');
  });

  it.each([
    ['remittance', 'sn', 'orange', 'xaf', 'xof'],
    ['disbursement', 'cm', 'mtn', 'xof', 'xaf'],
  ])(
    'refuses a %s to %s (%s) in the other currency, 400 on currency',
    async (kind, country, operator, wrong, right) => {
      const { call } = setup();
      const error = await expectError(
        await call('POST', `/v1/${kind}`, {
          body: transferBody({ currency: wrong, payment_method_data: momo(country, operator) }),
        }),
        400,
        'invalid_request',
        'currency',
      );
      expect(error.message).toBe(`\`currency\` must be "${right}", the currency of country "${country}".`);
    },
  );
});

describe('confirm › the payer’s country pays in the intent’s currency', () => {
  it('refuses a Senegalese payer of an xaf intent with 400 on the country, starting nothing', async () => {
    const { newIntent, confirm, readIntent, sandbox } = setup();
    const intent = await newIntent();
    const error = await expectError(
      await confirm(intent, testNumber('approved_at_once', 'sn', 'orange')),
      400,
      'invalid_request',
      'payment_method_data.momo.country',
    );
    expect(error.message).toBe(
      '`payment_method_data.momo.country` "sn" pays in "xof"; this payment is in "xaf", so the payer must pay from a country that uses it.',
    );
    const read = await readIntent(intent.intent_id);
    expect(read).toMatchObject({ status: 'requires_payment_method', charge_id: null });
    expect(read.event.charges).toEqual([]);
    expect(sandbox.stats().confirms[intent.intent_id]).toMatchObject({ accepted: 0, refused: 1 });
  });

  it('refuses a Cameroonian payer of an xof intent, then takes an Ivorian one', async () => {
    const { newIntent, confirm } = setup();
    const intent = await newIntent(700, 'xof');
    const error = await expectError(
      await confirm(intent, testNumber('approved_at_once', 'cm', 'mtn')),
      400,
      'invalid_request',
      'payment_method_data.momo.country',
    );
    expect(error.message).toContain('"cm" pays in "xaf"; this payment is in "xof"');
    expect((await confirm(intent, testNumber('approved_at_once', 'ci', 'mtn'))).status).toBe(200);
    await expectError(
      await confirm(intent, testNumber('approved_at_once', 'cg', 'mtn')),
      409,
      'payment_already_succeeded',
    );
  });

  it('refuses every test number of the other currency, and takes every one of its own', async () => {
    const { newIntent, confirm } = setup({ confirmRateLimit: false });
    for (const currency of ['xaf', 'xof']) {
      const intent = await newIntent(700, currency);
      for (const number of TEST_NUMBERS.filter((n) => n.outcome === 'operator_unavailable')) {
        const own = COUNTRIES.find((c) => c.code === number.country)!.currency === currency;
        // operator_unavailable fails at once and leaves the intent payable: one intent serves all.
        const answer = await confirm(intent, number);
        expect(answer.status, `${currency} ${number.country} ${number.operator}`).toBe(own ? 200 : 400);
      }
    }
  });

  it('refuses a payer from Equatorial Guinea, where no wallet is offered, with 400 on the operator', async () => {
    const { newIntent, confirm } = setup();
    const intent = await newIntent(700, 'xaf');
    const number = {
      ...testNumber('approved_at_once', 'cm', 'orange'),
      country: 'gq' as const,
      msisdn: '240222123493',
    };
    await expectError(await confirm(intent, number), 400, 'invalid_request', 'payment_method_data.momo.operator_name');
  });
});
