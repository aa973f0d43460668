// @vitest-environment node
// The check of the validation run (./validator.ts) fails on what it must: an answer the document
// does not give, a request the document refuses that the sandbox took, a path it lacks; and lets
// through a refused request answered with a documented refusal.
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox';
import { type Exchange, validatorOf } from './validator';

const BASE = 'http://sandbox.test';
const KEY = { authorization: 'Bearer sk_test_validator', 'content-type': 'application/json' };

/** A real exchange with a sandbox, as the recording run reads it. */
async function exchange(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Exchange> {
  const sandbox = createSandbox({ env: {}, checkoutBaseUrl: BASE });
  const requestBody = body === undefined ? null : JSON.stringify(body);
  const response = await sandbox.fetch(new Request(`${BASE}${path}`, { method, headers, body: requestBody }));
  return {
    method,
    url: `${BASE}${path}`,
    requestHeaders: headers,
    requestBody,
    status: response.status,
    responseHeaders: Object.fromEntries(response.headers),
    responseBody: await response.text(),
  };
}

const problemsOf = async (e: Exchange) => (await validatorOf(true)).problems(e);

describe('the document validator', () => {
  it('passes what the sandbox answers to a good request and to a bad one it refuses', async () => {
    const created = await exchange('POST', '/v1/payment-intents', KEY, { amount: 5000, currency: 'xaf' });
    expect(created.status).toBe(201);
    expect(await problemsOf(created)).toEqual([]);
    const refused = await exchange('POST', '/v1/payment-intents', KEY, { amount: 'five', currency: 'xaf' });
    expect(refused.status).toBe(400);
    expect(await problemsOf(refused)).toEqual([]);
  });

  it('fails an answer whose body the document does not give', async () => {
    const created = await exchange('POST', '/v1/payment-intents', KEY, { amount: 5000, currency: 'xaf' });
    const body = JSON.parse(created.responseBody ?? '{}');
    const wrong = { ...created, responseBody: JSON.stringify({ ...body, amount: '5000' }) };
    expect((await problemsOf(wrong)).join('\n')).toMatch(
      /POST \/v1\/payment-intents → 201: answer \/amount must be integer/,
    );
  });

  it('fails a status the document does not give the operation', async () => {
    const created = await exchange('POST', '/v1/payment-intents', KEY, { amount: 5000, currency: 'xaf' });
    expect(await problemsOf({ ...created, status: 202 })).toEqual([
      'POST /v1/payment-intents → 202: status 202, which the document does not give createPaymentIntent',
    ]);
  });

  it('fails a request the document refuses that the sandbox took', async () => {
    const created = await exchange('POST', '/v1/payment-intents', KEY, { amount: 5000, currency: 'xaf' });
    const taken = { ...created, requestBody: JSON.stringify({ amount: 5000 }) };
    expect((await problemsOf(taken)).join('\n')).toMatch(/the sandbox took a request the document refuses: .*currency/);
  });

  it('fails an answer on a path the document does not have, but not the 404 of an unknown one', async () => {
    const unknown = await exchange('GET', '/v1/nothing-here', KEY);
    expect(unknown.status).toBe(404);
    expect(await problemsOf(unknown)).toEqual([]);
    expect(await problemsOf({ ...unknown, status: 200 })).toEqual([
      'GET /v1/nothing-here → 200: answered, on a path or method the document does not have',
    ]);
  });
});
