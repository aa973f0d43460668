// @vitest-environment node
// Single-line texts (names and descriptions) refuse controls, line breaks, zero widths and direction
// controls with a 400 naming the field and the character (issue 28: a description took NUL,
// newlines and zero-width characters). The rule is the contract's (`SINGLE_LINE`,
// src/api/schemas/fields.ts); nothing is created by a refused request; ordinary text of any script,
// accents, emoji and spaces included, is taken.
import { describe, expect, it } from 'vitest';
import { confirmBody, expectError, sessionBody, setup, testNumber, transferBody } from './helpers';

const REFUSED: [string, string][] = [
  ['\u0000', 'a control character'],
  ['\r', 'a line break'],
  ['\n', 'a line break'],
  ['\t', 'a control character'],
  ['\u0085', 'a control character'],
  ['\u2028', 'a line break'],
  ['\u200b', 'a zero-width character'],
  ['\u200c', 'a zero-width character'],
  ['\u200d', 'a zero-width character'],
  ['\u2060', 'a zero-width character'],
  ['\ufeff', 'a zero-width character'],
  ['\u202e', 'a direction control'],
  ['\u2067', 'a direction control'],
];
const code = (c: string) => `U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;
const item = (productName: string) => ({ productId: 'prt_1', productName, price: 5000, quantity: 1 });

describe('single-line texts', () => {
  it.each(REFUSED.map(([c, kind]) => [code(c), c, kind]))(
    '%s is refused in every name and description, naming the field and the character',
    async (name, c, kind) => {
      const { call, sandbox, newIntent } = setup({ confirmRateLimit: false });
      const text = `Commande${c}42`;
      const cases: [string, string, unknown, string][] = [
        ['POST', '/v1/payment-intents', { amount: 5000, currency: 'xaf', description: text }, 'description'],
        ['POST', '/v1/sessions', sessionBody({ items: [item(text)], total: 5000 }), 'items.0.productName'],
        ['POST', '/v1/sessions', sessionBody({ customer: { firstName: text } }), 'customer.firstName'],
        ['POST', '/v1/sessions', sessionBody({ customer: { lastName: text } }), 'customer.lastName'],
        ['POST', '/v1/remittance', transferBody({ first_name: text }), 'first_name'],
        ['POST', '/v1/disbursement', transferBody({ last_name: text }), 'last_name'],
      ];
      const intent = await newIntent();
      for (const field of ['first_name', 'last_name'] as const) {
        const body = { ...confirmBody(intent.client_secret, testNumber('approved_at_once')), [field]: text };
        cases.push(['POST', `/v1/payment-intents/${intent.intent_id}/confirm`, body, field]);
      }
      for (const [method, path, body, field] of cases) {
        const error = await expectError(
          await call(method, path, { body, token: path.endsWith('/confirm') ? null : undefined }),
          400,
          'invalid_request',
          field,
        );
        expect(error.message).toBe(
          `\`${field}\` must be a single line of plain text, without line breaks, control characters (U+0000 to U+001F, U+007F to U+009F), zero-width characters (U+200B to U+200D, U+2060, U+FEFF) or direction controls: it holds ${name} (${kind}).`,
        );
      }
      // The merchant's name refuses it too, with its own format's words.
      await expectError(
        await call('PUT', '/v1/_sandbox/merchant', { body: { name: `Boutique${c}Awa` } }),
        400,
        'invalid_request',
        'name',
      );
      expect(sandbox.stats()).toMatchObject({ intents: 1, sessions: 0, remittances: 0, disbursements: 0 });
      expect((await call('GET', `/v1/payment-intents/${intent.intent_id}`)).status).toBe(200);
      expect(
        ((await (await call('GET', `/v1/payment-intents/${intent.intent_id}`)).json()) as { status: string }).status,
      ).toBe('requires_payment_method');
    },
  );

  it('takes ordinary text of any script, accents, emoji and inner spaces; a trailing newline of a name is trimmed away', async () => {
    const { call } = setup();
    for (const description of ['Commande n° 42 — Boutique Awa', 'طلب رقم ٤٢', 'Заказ 42 🧺', '', 'a  b']) {
      expect(
        (await call('POST', '/v1/payment-intents', { body: { amount: 5000, currency: 'xaf', description } })).status,
      ).toBe(201);
    }
    const made = await call('POST', '/v1/sessions', {
      body: sessionBody({ items: [item('Pagne wax 6 yards 🎁')], total: 5000, customer: { firstName: 'Ngɔ́nɛ\n' } }),
    });
    expect(made.status).toBe(200);
    expect(((await made.json()) as { customer: { firstName: string } }).customer.firstName).toBe('Ngɔ́nɛ');
  });
});
