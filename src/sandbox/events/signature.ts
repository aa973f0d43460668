// Extension (issue 32): how the sandbox signs what it delivers, per the Standard Webhooks
// specification — written with Node's crypto, apart from the package's verifier (which uses the
// specification's library), so that test/api/webhooks.test.ts checks one against the other.
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new endpoint secret: `whsec_` and 24 random bytes in base64, as the specification's libraries read it. */
export const newWebhookSecret = (): string => PREFIX + randomBytes(24).toString('base64');

/** `webhook-signature`'s value for one delivery: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`. */
export function webhookSignature(secret: string, id: string, timestampS: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampS}.${body}`).digest('base64')}`;
}

/** The three headers of a delivery of `body`, sent at `nowMs`. */
export function webhookHeaders(secret: string, id: string, nowMs: number, body: string): Record<string, string> {
  const timestampS = Math.floor(nowMs / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampS),
    'webhook-signature': webhookSignature(secret, id, timestampS, body),
  };
}
