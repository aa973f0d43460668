// @vitest-environment node
// When an attempt ends (src/sandbox/attempt-end.ts), which the store asks before forgetting an
// intent to make room: a push at its outcome's settlesAt; a one-time code when the payer's step
// decides it, else when the approval window closes — a payment under way until then.
import { describe, expect, it } from 'vitest';
import { attemptEndsAt, resolutionOf } from '../../src/sandbox/attempt-end';
import type { AttemptRecord } from '../../src/sandbox/store/records';

const attempt = (fields: Partial<AttemptRecord>): AttemptRecord => ({
  recordId: 1,
  chargeId: 'ch_1',
  paymentMethodId: 'pm_1',
  financialTransactionId: 'ft',
  transactionId: 'tx',
  externalId: 'ext',
  country: 'cg',
  operator: 'mtn',
  msisdnLast4: '0000',
  outcome: 'approved_at_once',
  status: 'pending',
  createdAt: 1000,
  updatedAt: 1000,
  settlesAt: 5000,
  expiresAt: 90_000,
  payout: {} as AttemptRecord['payout'],
  ...fields,
});

describe('attemptEndsAt', () => {
  it('a push ends at its outcome’s settlesAt, with the outcome’s final status', () => {
    expect(attemptEndsAt(attempt({ outcome: 'approved_at_once', settlesAt: 5000 }))).toBe(5000);
    expect(resolutionOf(attempt({ outcome: 'declined', settlesAt: 7000 }))).toEqual({
      at: 7000,
      status: 'failed',
      failureCode: 'payer_declined',
    });
  });

  it('a one-time code nobody typed ends when the approval window closes, not at settlesAt', () => {
    expect(attemptEndsAt(attempt({ approval: 'enter_otp', settlesAt: 5000, expiresAt: 90_000 }))).toBe(90_000);
  });

  it('a right code ends the attempt when it was typed', () => {
    const typed = attempt({ approval: 'enter_otp', steps: [{ kind: 'enter_otp', at: 20_000, right: true }] });
    expect(resolutionOf(typed)).toMatchObject({ at: 20_000, status: 'succeeded' });
  });

  it('the wallet’s app declined ends the attempt when it answered (payer_declined)', () => {
    const declined = attempt({
      approval: 'open_wallet',
      steps: [{ kind: 'open_wallet', at: 30_000, approved: false }],
    });
    expect(resolutionOf(declined)).toEqual({ at: 30_000, status: 'failed', failureCode: 'payer_declined' });
  });

  it('a step the registry does not know ends as a push, by its outcome', () => {
    expect(attemptEndsAt(attempt({ approval: 'scan_fingerprint', settlesAt: 5000, expiresAt: 90_000 }))).toBe(5000);
  });
});
