// @vitest-environment node
// The sandbox's own operations are extensions all: marked, absent from a bare service, and at the
// sandbox's own addresses.
import { describe, expect, it } from 'vitest';
import { servedBy } from '../../../src/sandbox/openapi/document';
import { SANDBOX_OPERATIONS } from '../../../src/sandbox/openapi/sandbox-operations';

describe("the sandbox's own operations", () => {
  it('are extensions, none served by a bare sandbox, at its own addresses', () => {
    expect(SANDBOX_OPERATIONS.length).toBeGreaterThan(0);
    for (const op of SANDBOX_OPERATIONS) {
      expect(op.extension, op.operationId).toBe(true);
      expect(servedBy(op, false), op.operationId).toBe(false);
      expect(op.path, op.operationId).toMatch(/^\/v1\/(?:_sandbox\/|merchant-logos\/)/);
    }
  });
});
