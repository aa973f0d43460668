// @vitest-environment node
// A payment's short reference (extension, docs/decisions.md): made by the sandbox with each intent,
// unique among its merchant's, readable out loud, and found again through the API however a person
// typed it — any case, with or without the dash, O for 0, I or L for 1.
import { describe, expect, it } from 'vitest';
import { paymentIntentListSchema, paymentIntentSchema } from '../../src/api/schemas';
import { canonicalReference, grouped, newReference } from '../../src/sandbox/reference';
import { expectError, expectJson, setup } from './helpers';

const READABLE = /^[0-9A-HJKMNP-TV-Z]{3}-[0-9A-HJKMNP-TV-Z]{3}$/;

describe('newReference', () => {
  it('draws six characters without look-alikes, grouped three and three', () => {
    for (let i = 0; i < 200; i++) expect(newReference(() => false)).toMatch(READABLE);
  });

  it('draws again while the merchant already has the one drawn', () => {
    const seen: string[] = [];
    const reference = newReference((canonical) => {
      seen.push(canonical);
      return seen.length < 3;
    });
    expect(seen).toHaveLength(3);
    expect(reference).toBe(grouped(seen[2] as string));
  });

  it('gives up, rather than loop, when every one it draws is taken', () => {
    expect(() => newReference(() => true)).toThrow(/No free payment reference/);
  });
});

describe('canonicalReference', () => {
  it.each([
    ['K7M-4Q2', 'K7M4Q2'],
    ['k7m4q2', 'K7M4Q2'],
    [' k7m 4q2 ', 'K7M4Q2'],
    ['K7M–4Q2', 'K7M4Q2'],
    ['1O0-ILZ', '10011Z'],
    ['o0o.lil', '000111'],
  ])('reads %j as %j', (typed, canonical) => {
    expect(canonicalReference(typed)).toBe(canonical);
  });

  it.each(['K7M-4Q', 'K7M-4Q22', 'K7U-4Q2', 'K7M_4Q2', ''])('refuses %j: it cannot be a reference', (typed) => {
    expect(canonicalReference(typed)).toBeNull();
  });
});

describe('the intent’s reference', () => {
  it('is on every intent, and no two of one merchant’s intents share one', async () => {
    const { newIntent } = setup();
    const references = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const { reference } = await newIntent(100 + i);
      expect(reference).toMatch(READABLE);
      references.add(reference as string);
    }
    expect(references.size).toBe(50);
  });

  it('finds the intent through GET /v1/payment-intents?reference=, typed with the wrong case, dash and look-alikes', async () => {
    const { newIntent, call } = setup();
    await newIntent(100);
    const intent = await newIntent(250);
    await newIntent(300);
    const reference = intent.reference as string;
    // As a shop assistant might type it from the phone: lower case, no dash, 0 typed as O, 1 as l.
    const typed = reference.toLowerCase().replace('-', ' ').replace(/0/g, 'o').replace(/1/g, 'l');
    const found = await expectJson(
      await call('GET', `/v1/payment-intents?reference=${encodeURIComponent(typed)}`),
      200,
      paymentIntentListSchema,
    );
    expect(found.data.map((i) => i.intent_id)).toEqual([intent.intent_id]);
    expect(found.meta.total).toBe(1);
    expect(found.meta.firstPageUrl).toContain('reference=');
  });

  it('finds nothing of another merchant’s, nor a reference nobody has', async () => {
    const { newIntent, call } = setup();
    const intent = await newIntent();
    const other = await call('GET', `/v1/payment-intents?reference=${intent.reference}`, {
      token: 'sk_test_someone_else',
    });
    expect((await expectJson(other, 200, paymentIntentListSchema)).data).toEqual([]);
    const unused = (intent.reference as string).startsWith('000') ? 'ZZZ-ZZZ' : '000-000';
    const none = await call('GET', `/v1/payment-intents?reference=${unused}`);
    expect((await expectJson(none, 200, paymentIntentListSchema)).meta.total).toBe(0);
  });

  it('keeps the other filters: a reference of a pending intent asked with status=succeeded is not listed', async () => {
    const { newIntent, call } = setup();
    const intent = await newIntent();
    const response = await call('GET', `/v1/payment-intents?reference=${intent.reference}&status=succeeded`);
    expect((await expectJson(response, 200, paymentIntentListSchema)).data).toEqual([]);
  });

  it('refuses, naming the field, what cannot be a reference', async () => {
    const { call } = setup();
    await expectError(await call('GET', '/v1/payment-intents?reference=K7M-4Q'), 400, 'invalid_request', 'reference');
  });

  it('is read by the contract from the intent, and an intent without one still parses', async () => {
    const { newIntent } = setup();
    const { reference: _reference, ...bare } = await newIntent();
    expect(paymentIntentSchema.safeParse(bare).success).toBe(true);
  });
});
