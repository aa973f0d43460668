// @vitest-environment node
// Each fault kind as the checkout's API client sees it, before the sandbox's work (nothing
// happened) and after it (the payment attempt started, its answer was lost or garbled).
import { describe, expect, it, vi } from 'vitest';
import { type ApiError, mayHaveTakenEffect } from '../../src/api';
import type { FaultRuleInput } from '../../src/sandbox';
import { confirmBody, setupFaults, testNumber, transferBody } from './helpers';
import { failure } from '../support/failure';

const CONFIRM = 'POST /v1/payment-intents/:id/confirm';
const approved = testNumber('approved_after_delay');

/** A confirm through the API client with one fault rule on the confirm route. */
async function confirmWith(rule: Omit<FaultRuleInput, 'route'>) {
  const context = setupFaults();
  const intent = await context.newIntent();
  // A thrown fault is logged as an internal error, on purpose; not in the test's output.
  if (rule.kind === 'throw') vi.spyOn(console, 'error').mockImplementation(() => undefined);
  context.faults.inject({ route: CONFIRM, ...rule });
  const error = await failure(
    context.client({ timeoutMs: 50 }).confirmIntent(intent.intent_id, confirmBody(intent.client_secret, approved)),
  );
  const charges = (await context.readIntent(intent.intent_id)).event.charges;
  return { ...context, intent, error, charges, counts: context.sandbox.stats().confirms[intent.intent_id] };
}

const EVERY_PHASE: [string, Omit<FaultRuleInput, 'route' | 'when'>, Partial<ApiError>][] = [
  ['http_error 502', { kind: 'http_error' }, { kind: 'http', status: 502 }],
  ['http_error 503', { kind: 'http_error', status: 503 }, { kind: 'http', status: 503 }],
  ['http_error 500', { kind: 'http_error', status: 500 }, { kind: 'http', status: 500 }],
  ['reset', { kind: 'reset' }, { kind: 'network' }],
  ['hang', { kind: 'hang' }, { kind: 'timeout' }],
  ['non_json', { kind: 'non_json' }, { kind: 'invalid_response' }],
  ['wrong_shape', { kind: 'wrong_shape' }, { kind: 'invalid_response' }],
  ['throw', { kind: 'throw' }, { kind: 'http', status: 500, code: 'internal_error' }],
];

describe('fault kinds › before: the request never reaches the sandbox', () => {
  it.each(EVERY_PHASE)('%s: the client fails as expected and no attempt starts', async (_label, rule, expected) => {
    const { error, charges, counts } = await confirmWith({ ...rule, when: 'before' });
    expect(error).toMatchObject(expected);
    expect(mayHaveTakenEffect(error)).toBe(true);
    expect(charges).toEqual([]);
    expect(counts).toBeUndefined();
  });
});

const AFTER_ONLY: typeof EVERY_PHASE = [
  ['truncated_json', { kind: 'truncated_json' }, { kind: 'invalid_response' }],
  ['unknown_status', { kind: 'unknown_status' }, { kind: 'invalid_response', field: 'status' }],
];

describe('fault kinds › after: the attempt starts, its answer is lost or garbled', () => {
  it.each([...EVERY_PHASE, ...AFTER_ONLY])(
    '%s: the client fails as expected and exactly one attempt starts',
    async (_label, rule, expected) => {
      const { error, charges, counts } = await confirmWith({ ...rule, when: 'after' });
      expect(error).toMatchObject(expected);
      expect(charges).toHaveLength(1);
      expect(counts).toMatchObject({ accepted: 1, refused: 0 });
    },
  );

  it('defaults truncated_json and unknown_status to after', async () => {
    const { faults } = setupFaults();
    const [truncated, unknown] = faults.inject([
      { route: CONFIRM, kind: 'truncated_json' },
      { route: CONFIRM, kind: 'unknown_status' },
    ]);
    expect([truncated?.when, unknown?.when]).toEqual(['after', 'after']);
  });
});

describe('fault kinds › answers', () => {
  it('http_error answers an nginx-like HTML page, with CORS on a browser-facing route only', async () => {
    const { call, faults, newIntent } = setupFaults();
    const intent = await newIntent();
    faults.inject([
      { route: 'GET /v1/payment-intents/:id', kind: 'http_error', status: 503 },
      { route: 'GET /v1/remittance', kind: 'http_error' },
    ]);
    const page = await call('GET', `/v1/payment-intents/${intent.intent_id}`, { token: null });
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toBe('text/html');
    expect(page.headers.get('access-control-allow-origin')).toBe('*');
    expect(await page.text()).toContain('<h1>503 Service Temporarily Unavailable</h1>');
    const merchant = await call('GET', '/v1/remittance');
    expect(merchant.status).toBe(502);
    expect(merchant.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('http_error after a confirm drops the sandbox’s headers rather than mixing them in', async () => {
    const { confirm, faults, newIntent } = setupFaults();
    const intent = await newIntent();
    faults.inject({ route: CONFIRM, kind: 'http_error', when: 'after' });
    const response = await confirm(intent, approved);
    expect(response.headers.get('cache-control')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBeNull();
  });

  it('unknown_status puts the given value in the intent read, which the client passes on', async () => {
    const { client, faults, newIntent, confirm } = setupFaults();
    const intent = await newIntent();
    await confirm(intent, approved);
    faults.inject({ route: 'GET /v1/payment-intents/:id', kind: 'unknown_status', value: 'requires_capture' });
    const read = await client().getIntent(intent.intent_id);
    expect(read.status).toBe('requires_capture');
    expect(read.event.charges).toHaveLength(1);
    expect((await client().getIntent(intent.intent_id)).status).toBe('pending');
  });

  it('unknown_status defaults to "weird" and keeps every other field', async () => {
    const { confirm, faults, newIntent } = setupFaults();
    const intent = await newIntent();
    faults.inject({ route: CONFIRM, kind: 'unknown_status' });
    const body = (await (await confirm(intent, approved)).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: 'weird', intentId: intent.intent_id, amount: 5000 });
  });

  it('truncated_json cuts the sandbox’s answer in half, status kept', async () => {
    const { call, faults } = setupFaults();
    faults.inject({ route: 'POST /v1/remittance', kind: 'truncated_json' });
    const response = await call('POST', '/v1/remittance', { body: transferBody() });
    expect(response.status).toBe(201);
    const text = await response.text();
    expect(text.startsWith('{"amount":15000')).toBe(true);
    expect(() => JSON.parse(text)).toThrow();
  });

  it('wrong_shape answers the given JSON body', async () => {
    const { call, faults } = setupFaults();
    faults.inject({ route: 'GET /v1/remittance', kind: 'wrong_shape', body: [1, 2, 3] });
    expect(await (await call('GET', '/v1/remittance')).json()).toEqual([1, 2, 3]);
  });

  it('non_json answers an HTML page with the sandbox’s status when after', async () => {
    const { call, faults } = setupFaults();
    faults.inject({ route: 'POST /v1/remittance', kind: 'non_json', when: 'after' });
    const response = await call('POST', '/v1/remittance', { body: transferBody() });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toMatch(/^<!doctype html>/);
  });
});
