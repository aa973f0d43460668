// @vitest-environment node
// When a failed delivery is tried again: Standard Webhooks' schedule, or the fast one for CI,
// chosen by the sandbox's option or SANDBOX_WEBHOOK_RETRY.
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../src/sandbox/config';
import { RETRY_SCHEDULES } from '../../../src/sandbox/events/retry';

describe('retry schedules', () => {
  it('are the specification’s (at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), or as many attempts in seconds', () => {
    expect(RETRY_SCHEDULES.standard.map((ms) => ms / 1000)).toEqual([0, 5, 300, 1800, 7200, 18_000, 36_000, 36_000]);
    expect(RETRY_SCHEDULES.fast).toHaveLength(RETRY_SCHEDULES.standard.length);
    expect(RETRY_SCHEDULES.fast[0]).toBe(0);
    expect(RETRY_SCHEDULES.fast.reduce((a, b) => a + b, 0)).toBeLessThan(15_000);
  });

  it('are chosen by the option or SANDBOX_WEBHOOK_RETRY, standard by default; anything else is refused', () => {
    expect(resolveConfig({ env: {} }).webhookRetry).toBe('standard');
    expect(resolveConfig({ env: { SANDBOX_WEBHOOK_RETRY: 'fast' } }).webhookRetry).toBe('fast');
    expect(resolveConfig({ env: { SANDBOX_WEBHOOK_RETRY: 'fast' }, webhookRetry: 'standard' }).webhookRetry).toBe(
      'standard',
    );
    expect(() => resolveConfig({ env: { SANDBOX_WEBHOOK_RETRY: 'quick' } })).toThrow(/standard or fast/);
    expect(resolveConfig({ env: { SANDBOX_EVENT_TICK_MS: '50', SANDBOX_WEBHOOK_TIMEOUT_MS: '2000' } })).toMatchObject({
      eventTickMs: 50,
      webhookTimeoutMs: 2000,
    });
  });
});
