// @vitest-environment node
// The payment links' operations are extensions all: marked, absent from a bare service, under
// /v1/payment-links, and the payer's opening is the one a caller without a key may make.
import { describe, expect, it } from 'vitest';
import { servedBy } from '../../../src/sandbox/openapi/document';
import { PAYMENT_LINK_OPERATIONS } from '../../../src/sandbox/openapi/payment-link-operations';

describe("the payment links' operations", () => {
  it('are extensions under /v1/payment-links, none served by a bare sandbox', () => {
    expect(PAYMENT_LINK_OPERATIONS.map((op) => `${op.method} ${op.path}`)).toEqual([
      'post /v1/payment-links',
      'get /v1/payment-links',
      'get /v1/payment-links/{id}',
      'post /v1/payment-links/{id}/deactivate',
      'post /v1/payment-links/{id}/intents',
    ]);
    for (const op of PAYMENT_LINK_OPERATIONS) {
      expect(op.extension, op.operationId).toBe(true);
      expect(servedBy(op, false), op.operationId).toBe(false);
      expect(op.tag).toBe('Payment links');
    }
    const open = PAYMENT_LINK_OPERATIONS.filter((op) => op.caller === 'anyone').map((op) => op.operationId);
    expect(open).toEqual(['openPaymentLink']);
  });
});
