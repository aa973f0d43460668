// @vitest-environment node
// The sandbox's own operations are extensions all: marked, absent from a bare service, and at the
// sandbox's own addresses; the page that plays a step names it as the registry does.
import { describe, expect, it } from 'vitest';
import { servedBy } from '../../../src/sandbox/openapi/document';
import { STEPS } from '../../../src/methods/step-registry';
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

  it('names the step whose launch address opens the wallet page by its name in the registry, and no other', () => {
    const page = SANDBOX_OPERATIONS.find((op) => op.operationId === 'showWalletPage');
    const played = Object.keys(STEPS).filter((name) => STEPS[name]?.sandbox.page?.path === 'wallet');
    expect(played).toEqual(['open_wallet']);
    expect(page?.summary).toBe("The sandbox's page that plays a wallet's app (the launch address of open_wallet)");
  });
});
