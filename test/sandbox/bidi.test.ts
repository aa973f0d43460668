// @vitest-environment node
// Bidirectional controls in any text a merchant or a payer sends are refused with a 400 naming the
// field: an override in an item name made a line read "Riz Total : 10 000" beside the real 5 000
// FCFA total (issue 22). Nothing is created by a refused request.
import { describe, expect, it } from 'vitest';
import { confirmBody, expectError, expectJson, sessionBody, setup, testNumber, transferBody } from './helpers';
import { paymentIntentSchema } from '../../src/api/schemas';

const CONTROLS = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
];
const item = (productName: string) => ({ productId: 'prt_1', productName, price: 5000, quantity: 1 });

describe('bidirectional control characters', () => {
  it.each(
    CONTROLS.map((control) => [`U+${control.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`, control]),
  )('%s is refused in every merchant and payer text, naming the field', async (_name, control) => {
    const { call, sandbox, newIntent } = setup({ confirmRateLimit: false });
    const text = `Riz${control} Total : 10 000`;
    const cases: [string, string, unknown, string][] = [
      ['POST', '/v1/sessions', sessionBody({ items: [item(text)], total: 5000 }), 'items.0.productName'],
      ['POST', '/v1/sessions', sessionBody({ metadata: { order: text } }), 'metadata.order'],
      ['POST', '/v1/sessions', sessionBody({ metadata: { [text]: 'x' } }), `metadata.${text}`],
      ['POST', '/v1/payment-intents', { amount: 5000, currency: 'xaf', description: text }, 'description'],
      ['POST', '/v1/remittance', transferBody({ first_name: text }), 'first_name'],
      ['POST', '/v1/disbursement', transferBody({ last_name: text }), 'last_name'],
      ['PUT', '/v1/_sandbox/merchant', { name: `Boutique${control}Awa` }, 'name'],
    ];
    for (const [method, path, body, field] of cases) {
      const error = await expectError(await call(method, path, { body }), 400, 'invalid_request', field);
      // The merchant name's own format already names direction characters, and single-line texts
      // (names, descriptions: single-line.test.ts) the character they hold.
      expect(error.message).toMatch(
        field === 'name'
          ? /must not contain bidirectional control characters|without line breaks, control, zero-width or direction characters/
          : field.startsWith('metadata')
            ? /must not contain bidirectional control characters/
            : /must not contain bidirectional control characters|must be a single line of plain text.*: it holds U\+[0-9A-F]{4} \(a direction control\)\./,
      );
    }
    const intent = await newIntent();
    for (const field of ['first_name', 'last_name'] as const) {
      const body = { ...confirmBody(intent.client_secret, testNumber('approved_at_once')), [field]: text };
      await expectError(
        await call('POST', `/v1/payment-intents/${intent.intent_id}/confirm`, { token: null, body }),
        400,
        'invalid_request',
        field,
      );
    }
    expect(sandbox.stats()).toMatchObject({ intents: 1, sessions: 0, remittances: 0, disbursements: 0 });
    expect(
      (
        await expectJson(
          await call('GET', `/v1/payment-intents/${intent.intent_id}`, { token: null }),
          200,
          paymentIntentSchema,
        )
      ).status,
    ).toBe('requires_payment_method');
  });

  it('takes right-to-left text itself: Arabic and Hebrew letters are not controls', async () => {
    const { call } = setup();
    expect(
      (await call('POST', '/v1/sessions', { body: sessionBody({ items: [item('أرز ٥ كغ')], total: 5000 }) })).status,
    ).toBe(200);
    expect(
      (await call('POST', '/v1/payment-intents', { body: { amount: 5000, currency: 'xaf', description: 'אורז' } }))
        .status,
    ).toBe(201);
  });
});
