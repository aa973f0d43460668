// @vitest-environment node
// The parameters the operations share say what the sandbox takes: a value each parameter's schema
// accepts, the sandbox accepts, and one it refuses, the sandbox refuses (400 on that name).
import { describe, expect, it } from 'vitest';
import { idempotencyKey, listParams, pageParams } from '../../../src/sandbox/openapi/operation-parts';
import { setup } from '../helpers';

const accepts = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe('the shared parameters', () => {
  it('Idempotency-Key: the keys the sandbox takes, and no other', async () => {
    const { call } = setup();
    for (const key of ['a', '~'.repeat(255), 'with space', 'k'.repeat(256), 'clé']) {
      const response = await call('POST', '/v1/payment-intents', {
        body: { amount: 5000, currency: 'xaf' },
        headers: { 'Idempotency-Key': key },
      });
      expect(response.status === 201, key).toBe(accepts(idempotencyKey.schema, key));
    }
  });

  it('perPage and status of a list: the values the sandbox takes, and no other', async () => {
    const { call } = setup();
    const [, perPage] = pageParams;
    const status = listParams(['pending', 'succeeded'], false).find((p) => p.name === 'status');
    for (const [query, ok] of [
      ['perPage=100', true],
      ['perPage=101', false],
      ['status=pending,succeeded', true],
      ['status=paid', false],
    ] as const) {
      const response = await call('GET', `/v1/payment-intents?${query}`);
      expect(response.status === 200, query).toBe(ok);
      const [name, value] = query.split('=') as [string, string];
      const schema = name === 'perPage' ? perPage?.schema : status?.schema;
      expect(accepts(schema as never, name === 'perPage' ? Number(value) : value), query).toBe(ok);
    }
  });
});
