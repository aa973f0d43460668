// @vitest-environment node
// The events a sandbox will deliver (issue 32) have their place in the document: OpenAPI 3.1's
// `webhooks`, signed per Standard Webhooks: every type of the contract, linting clean.
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../src/sandbox/openapi/document';
import { EVENT_TYPES } from '../../../src/api/schemas/events';
import { WEBHOOK_EVENTS } from '../../../src/sandbox/openapi/webhooks';
import { lintDocument } from './lint';

const webhooks = [
  { type: 'payment_intent.succeeded', summary: 'A payment succeeded', payload: 'PaymentIntent' as const },
];
type Doc = { webhooks?: Record<string, { post: { parameters: { name: string; required: boolean }[] } }> };

describe('webhooks in the OpenAPI document', () => {
  it('are every event type the sandbox delivers, each its payload the contract’s event', async () => {
    expect(WEBHOOK_EVENTS.map((event) => event.type).sort()).toEqual(Object.keys(EVENT_TYPES).sort());
    const document = openApiDocument() as Doc;
    expect(Object.keys(document.webhooks ?? {}).sort()).toEqual(Object.keys(EVENT_TYPES).sort());
    expect(await lintDocument(document)).toEqual({ errors: 0, warnings: 0, problems: [] });
  });

  it('are one entry per event type, with the three Standard Webhooks headers, and lint clean', async () => {
    const document = openApiDocument({ webhooks }) as Doc;
    const event = document.webhooks?.['payment_intent.succeeded'];
    expect(event?.post.parameters.map((p) => [p.name, p.required])).toEqual([
      ['webhook-id', true],
      ['webhook-timestamp', true],
      ['webhook-signature', true],
    ]);
    expect(await lintDocument(document)).toEqual({ errors: 0, warnings: 0, problems: [] });
  });

  it('are none in a bare service’s document: it delivers no event', () => {
    expect(openApiDocument({ extensions: false, webhooks })).not.toHaveProperty('webhooks');
  });
});
