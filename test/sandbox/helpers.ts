// Shared test plumbing: a sandbox on a fake clock, request helpers and schema-checked answers.
import { expect } from 'vitest';
import type * as z from 'zod/mini';
import { createClient } from '../../src/api';
import { errorBodySchema, paymentIntentSchema } from '../../src/api/schemas';
import type { ConfirmRequest, PaymentIntent } from '../../src/api/types';
import { TEST_NUMBERS, type TestNumber, type TestOutcome } from '../../src/phone';
import { createSandbox, type SandboxOptions } from '../../src/sandbox';
import { ERROR_CODES, type ErrorCode } from '../../src/sandbox/errors';

export const TOKEN = 'sk_test_merchant_1';
export const BASE = 'http://sandbox.test';
/** 2025-03-10 09:00:00 UTC. */
export const START = Date.UTC(2025, 2, 10, 9, 0, 0);
export const APPROVAL_MS = 4000;
export const PENDING_TIMEOUT_MS = 300_000;
export const EXECUTION_MS = 5000;

/** What a successful POST answers: 200 where the interface documents it (sessions), else 201. */
export const createdStatus = (path: string): number => (path === '/v1/sessions' ? 200 : 201);

export interface RequestOptions {
  body?: unknown;
  /** Sent as is (no JSON encoding). */
  raw?: BodyInit;
  token?: string | null;
  headers?: Record<string, string>;
}

export function setup(options: SandboxOptions = {}) {
  let time = START;
  const clock = {
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
    set: (ms: number) => {
      time = ms;
    },
  };
  const sandbox = createSandbox({ now: clock.now, env: {}, checkoutBaseUrl: BASE, ...options });

  function request(method: string, path: string, options: RequestOptions = {}): Request {
    const headers = new Headers(options.headers);
    const token = options.token === undefined ? TOKEN : options.token;
    if (token !== null && !headers.has('authorization')) headers.set('Authorization', `Bearer ${token}`);
    let body: BodyInit | undefined = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      if (!headers.has('content-type')) headers.set('Content-Type', 'application/json');
    }
    return new Request(`${BASE}${path}`, { method, headers, body });
  }

  const call = (method: string, path: string, options?: RequestOptions) =>
    sandbox.fetch(request(method, path, options));

  /** A new intent through the merchant API; returns it parsed, with its client secret. */
  async function newIntent(amount = 5000, currency = 'xaf'): Promise<PaymentIntent> {
    return expectJson(
      await call('POST', '/v1/payment-intents', { body: { amount, currency } }),
      201,
      paymentIntentSchema,
    );
  }

  const readIntent = async (id: string, token: string | null = null) =>
    expectJson(await call('GET', `/v1/payment-intents/${id}`, { token }), 200, paymentIntentSchema);

  const confirm = (
    intent: { intent_id: string; client_secret: string },
    number: TestNumber,
    extra: Partial<ConfirmRequest> = {},
    headers: Record<string, string> = {},
  ) =>
    call('POST', `/v1/payment-intents/${intent.intent_id}/confirm`, {
      token: null,
      headers,
      body: confirmBody(intent.client_secret, number, extra),
    });

  /** The project's API client on this sandbox, without a network (no token: a payer's page). */
  const client = (options: { token?: string; timeoutMs?: number } = {}) =>
    createClient({ baseUrl: BASE, fetch: sandbox.fetch, readRetries: 0, ...options });

  return { sandbox, clock, request, call, newIntent, readIntent, confirm, client };
}

/** `setup` with fault injection on; `faults` is the sandbox's fault control. */
export function setupFaults(options: SandboxOptions = {}) {
  const context = setup({ ...options, faults: true });
  const { faults } = context.sandbox;
  if (faults === null) throw new Error('faults should be on');
  return { ...context, faults };
}

export function confirmBody(
  clientSecret: string,
  number: TestNumber,
  extra: Partial<ConfirmRequest> = {},
): ConfirmRequest {
  return {
    client_secret: clientSecret,
    first_name: 'Mireille',
    last_name: 'Nganga',
    receipt_email: 'mireille@example.cg',
    payment_method_data: {
      type: 'momo',
      momo: { country: number.country, msisdn: number.msisdn, operator_name: number.operator },
    },
    ...extra,
  };
}

/** A test number of the phone module for an outcome (Congo, MTN unless told otherwise). */
export function testNumber(outcome: TestOutcome, country = 'cg', operator = 'mtn'): TestNumber {
  const found = TEST_NUMBERS.find((n) => n.outcome === outcome && n.country === country && n.operator === operator);
  if (!found) throw new Error(`no test number for ${outcome} ${country} ${operator}`);
  return found;
}

export function transferBody(overrides: Record<string, unknown> = {}) {
  const number = testNumber('approved_after_delay');
  return {
    amount: '15000',
    first_name: 'Jean',
    last_name: 'Mabiala',
    currency: 'xaf',
    payment_method_data: { type: 'momo', momo: { country: 'cg', msisdn: number.msisdn, operator_name: 'mtn' } },
    ...overrides,
  };
}

export function sessionBody(overrides: Record<string, unknown> = {}) {
  return {
    total: 12500,
    currency: 'xaf',
    accountId: 'acct_shop42',
    successUrl: 'https://shop.example.cg/merci',
    cancelUrl: 'https://shop.example.cg/panier',
    metadata: { orderId: 'CMD-1042' },
    items: [
      { productId: 'prt_tshirt', quantity: 2, price: 5000, productName: 'T-shirt Diables Rouges' },
      { productId: 'prt_cap', quantity: 1, price: 2500, productName: 'Casquette' },
    ],
    ...overrides,
  };
}

/** Every answer: JSON in UTF-8, never cached. */
export function expectCommonHeaders(response: Response): void {
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-store');
}

export async function expectJson<S extends z.ZodMiniType>(
  response: Response,
  status: number,
  schema: S,
): Promise<z.output<S>> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expectCommonHeaders(response);
  return schema.parse(JSON.parse(text));
}

export async function expectError(response: Response, status: number, code: ErrorCode, field: string | null = null) {
  const body = await expectJson(response, status, errorBodySchema);
  expect(ERROR_CODES).toContain(body.error.code);
  expect(body.error).toMatchObject({ code, field });
  expect(body.error.message).toMatch(/^[A-Z`].+\.$/);
  return body.error;
}
