// @vitest-environment node
// The resources (src/api/schemas/resources.ts): the sandbox's answers parse as the contract says;
// a field the service adds is dropped, not a failure; a required one missing is.
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { paymentIntentSchema, sessionSchema } from '../../../src/api/schemas/resources';
import { createSandbox } from '../../../src/sandbox';

const BASE = 'http://sandbox.test';
const headers = { authorization: 'Bearer sk_test_resources', 'content-type': 'application/json' };

describe('resources', () => {
  it('a session and its intent, as the sandbox answers them, parse; an added field is dropped; a missing one fails', async () => {
    const sandbox = createSandbox({ env: {}, checkoutBaseUrl: BASE });
    const created = await sandbox.fetch(
      new Request(`${BASE}/v1/sessions`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          total: 700,
          currency: 'xaf',
          accountId: 'acct_1',
          successUrl: 'https://shop.test/ok',
          cancelUrl: 'https://shop.test/no',
          metadata: { order: 'CMD-1' },
          items: [{ productId: 'prt_1', quantity: 1, price: 700, productName: 'Pagne' }],
        }),
      }),
    );
    expect(created.status).toBe(200);
    const session = z.parse(sessionSchema, await created.json());
    const read = await sandbox.fetch(new Request(`${BASE}/v1/payment-intents/${session.paymentIntentId}`, { headers }));
    const answer = (await read.json()) as Record<string, unknown>;
    expect(z.safeParse(paymentIntentSchema, answer).success).toBe(true);
    expect(z.parse(paymentIntentSchema, { ...answer, added_later: 1 })).not.toHaveProperty('added_later');
    const { client_secret: _, ...withoutSecret } = answer;
    expect(z.safeParse(paymentIntentSchema, withoutSecret).success).toBe(false);
    await sandbox.close();
  });
});
