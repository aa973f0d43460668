// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/sandbox/config';

describe('resolveConfig', () => {
  it('has the documented defaults', () => {
    const config = resolveConfig({ env: {} });
    expect(config).toMatchObject({
      approvalMs: 4000,
      pendingTimeoutMs: 300_000,
      executionMs: 5000,
      checkoutBaseUrl: 'http://localhost:3000',
      maxBodyBytes: 16_384,
    });
    expect(config).toMatchObject({
      faults: false,
      confirmRateLimit: { max: 10, windowMs: 60_000 },
      trustProxy: false,
      extensions: true,
    });
    expect(config.now).toBe(Date.now);
  });

  it('reads SANDBOX_APPROVAL_MS, SANDBOX_PENDING_TIMEOUT_MS and SANDBOX_EXECUTION_MS', () => {
    const env = { SANDBOX_APPROVAL_MS: '100', SANDBOX_PENDING_TIMEOUT_MS: '2000', SANDBOX_EXECUTION_MS: '50' };
    expect(resolveConfig({ env })).toMatchObject({ approvalMs: 100, pendingTimeoutMs: 2000, executionMs: 50 });
  });

  it('prefers options to the environment', () => {
    expect(resolveConfig({ env: { SANDBOX_APPROVAL_MS: '100' }, approvalMs: 7 }).approvalMs).toBe(7);
  });

  it('refuses nonsense rather than running with it', () => {
    expect(() => resolveConfig({ env: { SANDBOX_APPROVAL_MS: 'soon' } })).toThrow(/approvalMs/);
    expect(() => resolveConfig({ env: {}, executionMs: -1 })).toThrow(/executionMs/);
    expect(() => resolveConfig({ env: {}, approvalMs: 5000, pendingTimeoutMs: 5000 })).toThrow(/pendingTimeoutMs/);
    expect(() => resolveConfig({ env: {}, checkoutBaseUrl: 'javascript:alert(1)' })).toThrow(/checkoutBaseUrl/);
    expect(() => resolveConfig({ env: {}, checkoutBaseUrl: 'not a url' })).toThrow(RangeError);
  });

  it('drops a trailing slash from checkoutBaseUrl', () => {
    expect(resolveConfig({ env: {}, checkoutBaseUrl: 'https://pay.example.com/' }).checkoutBaseUrl).toBe(
      'https://pay.example.com',
    );
  });

  it('reads SANDBOX_FAULTS as 1/0 or true/false, the option winning, and refuses anything else', () => {
    expect(resolveConfig({ env: { SANDBOX_FAULTS: '1' } }).faults).toBe(true);
    expect(resolveConfig({ env: { SANDBOX_FAULTS: 'true' } }).faults).toBe(true);
    expect(resolveConfig({ env: { SANDBOX_FAULTS: '0' } }).faults).toBe(false);
    expect(resolveConfig({ env: { SANDBOX_FAULTS: '1' }, faults: false }).faults).toBe(false);
    expect(() => resolveConfig({ env: { SANDBOX_FAULTS: 'yes please' } })).toThrow(/faults/);
  });
});
