// @vitest-environment node
// The first hour (issue 21): the sandbox prints its API address with /v1, the interface's paths
// start with /v1 — the client takes both; a wrong address is refused at once, saying what is wrong,
// and one that still reaches a sandbox hears what is likely wrong with it.
import { describe, expect, it } from 'vitest';
import { createClient, isApiError, serviceBase } from '../../src/api';
import { createSandbox } from '../../src/sandbox';

describe('the base URL', () => {
  it.each([
    ['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
    ['http://127.0.0.1:4010/', 'http://127.0.0.1:4010'],
    ['http://127.0.0.1:4010/v1', 'http://127.0.0.1:4010'],
    ['http://127.0.0.1:4010/v1/', 'http://127.0.0.1:4010'],
    ['https://pay.example.com/momo/v1', 'https://pay.example.com/momo'],
    ['https://pay.example.com/momo', 'https://pay.example.com/momo'],
  ])('takes %s (as %s)', (given, base) => {
    expect(serviceBase(given)).toBe(base);
  });

  it.each([
    ['127.0.0.1:4010', /absolute address/],
    ['localhost:4010/v1', /http: or https:/],
    ['', /absolute address/],
    ['ftp://example.com', /http: or https:/],
    ['http://127.0.0.1:4010/v1?token=1', /no query/],
    ['https://user:sk_test_x@example.com', /pass the secret key as `token`/],
    ['http://127.0.0.1:4010/v1/payment-intents', /end before the API's paths/],
  ])('refuses %s, saying why', (given, why) => {
    expect(() => createClient({ baseUrl: given })).toThrow(why);
  });

  it('reaches the sandbox whether it is given the printed address or its origin', async () => {
    const sandbox = createSandbox({ env: {} });
    for (const baseUrl of ['http://sandbox.test/v1', 'http://sandbox.test']) {
      const client = createClient({ baseUrl, token: 'sk_test_base', fetch: sandbox.fetch });
      const intent = await client.createIntent({ amount: 100, currency: 'xaf' });
      expect((await client.getIntent(intent.intent_id)).amount).toBe(100);
    }
  });

  it('a path the sandbox does not serve says what is likely wrong with the address', async () => {
    const sandbox = createSandbox({ env: {} });
    const twice = await (await sandbox.fetch(new Request('http://sandbox.test/v1/v1/payment-intents/pi_1'))).json();
    expect(twice.error.message).toMatch(/^This endpoint does not exist\. The path holds \/v1 twice/);
    const without = await (await sandbox.fetch(new Request('http://sandbox.test/payment-intents/pi_1'))).json();
    expect(without.error.message).toMatch(/Every path of this service starts with \/v1/);
    // The endpoint functions, which take the address as given, meet that message.
    const { getIntent } = await import('../../src/api');
    const error = await getIntent({ baseUrl: 'http://sandbox.test/v1', fetch: sandbox.fetch }, 'pi_1').catch(
      (e: unknown) => e,
    );
    expect(isApiError(error) && error.message).toMatch(/\/v1 twice/);
  });
});
