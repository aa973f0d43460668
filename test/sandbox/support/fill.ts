// Filling the sandbox with intents until it refuses one: the bound tests' tool (store/store.test.ts,
// bounds.test.ts).
import { paymentIntentSchema } from '../../../src/api/schemas';
import { expectJson, type setup } from '../helpers';

export const intentBody = { amount: 1000, currency: 'xaf', metadata: { order: 'A-17' } };

/** Creates intents with `token` until the sandbox refuses one (or `max` are made); returns those it made. */
export async function fill(call: ReturnType<typeof setup>['call'], token: string, max = Number.POSITIVE_INFINITY) {
  const made: { intent_id: string; client_secret: string }[] = [];
  while (made.length < max) {
    const response = await call('POST', '/v1/payment-intents', { token, body: intentBody });
    if (response.status !== 201) return { made, refused: response };
    made.push(await expectJson(response, 201, paymentIntentSchema));
  }
  return { made, refused: undefined as unknown as Response };
}
