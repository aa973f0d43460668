// @vitest-environment node
// The sandbox signs each delivery as the Standard Webhooks specification says: checked against the
// specification's published example (its libraries' test vector), not against this code's own
// output; test/api/webhooks.test.ts checks it against the package's verifier.
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, webhookHeaders, webhookSignature } from '../../../src/sandbox/events/signature';

describe('the sandbox’s webhook signature', () => {
  it('matches the specification’s example', () => {
    expect(
      webhookSignature(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('puts the id, the time in whole seconds and the signature in the three headers', () => {
    const secret = newWebhookSecret();
    const headers = webhookHeaders(secret, 'evt_1', 1_614_265_330_999, '{}');
    expect(headers).toEqual({
      'webhook-id': 'evt_1',
      'webhook-timestamp': '1614265330',
      'webhook-signature': webhookSignature(secret, 'evt_1', 1614265330, '{}'),
    });
  });

  it('makes a new secret each time: whsec_ and 24 random bytes', () => {
    const secrets = new Set(Array.from({ length: 50 }, newWebhookSecret));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(24);
  });
});
