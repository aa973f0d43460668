// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { PaymentIntentView } from '../../src/api/types';
import { DEADLINE_GRACE_MS, DEFAULT_APPROVAL_WINDOW_MS } from '../../src/checkout/constants';
import type { Attempt } from '../../src/checkout/screens';
import { screenForIntent } from '../../src/checkout/status';
import { followUntil } from '../../src/checkout/transition';

const UPDATED = '2026-11-02T10:00:00.000+01:00';
const NBSP = /\u00a0/g;

function intent(fields: Partial<PaymentIntentView> = {}): PaymentIntentView {
  return {
    intent_id: 'pi_1',
    currency: 'xaf',
    amount: 5000,
    status: 'requires_payment_method',
    payment_method: null,
    last_payment_error: null,
    charge_id: null,
    updated_at: UPDATED,
    description: null,
    cancellation_reason: null,
    approval_expires_at: null,
    live_mode: 0,
    event: { charges: [] },
    ...fields,
  };
}

const method = {
  id: 'pm_1',
  type: 'momo' as const,
  momo: { country: 'cg', operator_name: 'mtn', msisdn_last4: '1234' },
};
const charge = (updated_at: string) => ({ type: 'charge.success', status: 'succeeded', charge_id: 'ch_1', updated_at });
const PUSH = { type: 'push', ussd: null } as const;
const mine: Attempt = {
  method: { type: 'momo', country: 'cg', operator: 'mtn', phone: '+242 •• ••• 12 34' },
  chargeId: null,
  startedAt: 1_000,
  expiresAt: 2_000,
  step: PUSH,
};

describe('screenForIntent', () => {
  it('a new intent, or one whose attempt has not failed, is the form', () => {
    expect(screenForIntent(intent())).toEqual({ name: 'form' });
  });

  it('an intent whose last attempt failed shows the reason', () => {
    const failed = intent({ last_payment_error: { code: 'payer_declined', message: 'Declined', charge_id: 'ch_1' } });
    expect(screenForIntent(failed)).toEqual({ name: 'failed', reason: 'payer_declined' });
  });

  it('a paid intent is a receipt: amount, operator, masked number, the charge as reference and its date', () => {
    const paid = intent({
      status: 'succeeded',
      payment_method: method,
      charge_id: 'ch_1',
      event: { charges: [charge('2026-11-02T10:00:07.000+01:00')] },
    });
    const screen = screenForIntent(paid);
    if (screen.name !== 'succeeded') throw new Error(screen.name);
    expect({
      ...screen.receipt,
      method: { ...screen.receipt.method, phone: screen.receipt.method?.phone.replace(NBSP, ' ') },
    }).toEqual({
      amount: 5000,
      currency: 'xaf',
      method: { type: 'momo', country: 'cg', operator: 'mtn', phone: '+242 •• ••• 12 34' },
      reference: 'ch_1',
      date: '2026-11-02T10:00:07.000+01:00',
    });
  });

  it('a receipt shows the number as this page showed it, and takes what a bare service gives', () => {
    const paid = intent({ status: 'succeeded', payment_method: method, charge_id: 'ch_1' });
    const differentlyGrouped = { ...mine, method: { ...mine.method!, phone: '+242 06 ••• 12 34' } };
    expect(screenForIntent(paid, differentlyGrouped)).toMatchObject({
      receipt: { method: differentlyGrouped.method, date: UPDATED },
    });
    expect(screenForIntent(intent({ status: 'succeeded', charge_id: 'ch_1' }))).toMatchObject({
      receipt: { method: null, reference: 'ch_1' },
    });
  });

  it("a pending intent is followed until the service's deadline", () => {
    const pending = intent({
      status: 'pending',
      payment_method: method,
      approval_expires_at: '2026-11-02T10:05:00.000+01:00',
    });
    expect(screenForIntent(pending)).toEqual({
      name: 'pending',
      attempt: {
        method: { type: 'momo', country: 'cg', operator: 'mtn', phone: expect.stringMatching(/12\u00a034$/) },
        chargeId: null,
        startedAt: Date.parse(UPDATED),
        expiresAt: Date.parse('2026-11-02T10:05:00.000+01:00'),
        step: PUSH,
      },
    });
  });

  it("without a deadline from the service, the page's own attempt gives it, else none: no window is made up", () => {
    const pending = intent({ status: 'pending', payment_method: method });
    expect(screenForIntent(pending, mine)).toEqual({ name: 'pending', attempt: mine });
    const bare = intent({ status: 'pending' });
    expect(screenForIntent(bare)).toEqual({
      name: 'pending',
      attempt: { method: null, chargeId: null, startedAt: Date.parse(UPDATED), expiresAt: null, step: PUSH },
    });
    // Followed all the same, for MTN's five minutes and the grace.
    expect(followUntil({ ...mine, expiresAt: null })).toBe(1_000 + DEFAULT_APPROVAL_WINDOW_MS + DEADLINE_GRACE_MS);
  });

  it("the page's own knowledge of an attempt is never lent to another one (another tab's, a new attempt)", () => {
    const other = intent({ status: 'pending', payment_method: method, charge_id: 'ch_2' });
    const known = { ...mine, chargeId: 'ch_1' };
    expect(screenForIntent(other, known)).toMatchObject({
      attempt: {
        chargeId: 'ch_2',
        startedAt: Date.parse(UPDATED),
        method: { phone: expect.stringMatching(/12\u00a034$/) },
      },
    });
  });

  it('the step comes from next_action, by the service’s name with its detail; the push with its code; none the contract reads is the push', () => {
    const at = '2026-11-02T10:05:00.000+01:00';
    const step = (next_action: PaymentIntentView['next_action']) => {
      const screen = screenForIntent(intent({ status: 'pending', next_action }));
      return screen.name === 'pending' ? [screen.attempt.step, screen.attempt.expiresAt] : null;
    };
    expect(step({ type: 'enter_otp', enter_otp: { dial_code: '#144#391#', length: 6, expires_at: at } })).toEqual([
      {
        type: 'step',
        name: 'enter_otp',
        detail: { dial_code: '#144#391#', length: 6, expires_at: at },
        sending: false,
        refused: null,
      },
      Date.parse(at),
    ]);
    expect(step({ type: 'open_wallet', open_wallet: { url: 'https://pay.wave.com/c/x', expires_at: at } })).toEqual([
      {
        type: 'step',
        name: 'open_wallet',
        detail: { url: 'https://pay.wave.com/c/x', expires_at: at },
        sending: false,
        refused: null,
      },
      Date.parse(at),
    ]);
    expect(step({ type: 'approve_on_phone', approve_on_phone: { ussd_code: '*126#', expires_at: at } })).toEqual([
      { type: 'push', ussd: '*126#' },
      Date.parse(at),
    ]);
    // A step without its detail (one the contract does not read) is the push; so is a type that
    // names another field than a step's detail.
    expect(step({ type: 'scan_fingerprint' })).toEqual([PUSH, null]);
    expect(step({ type: 'type' })).toEqual([PUSH, null]);
    expect(step(undefined)).toEqual([PUSH, null]);
    // Null while pending: the payer has done their part.
    expect(step(null)).toEqual([{ type: 'wait' }, null]);
  });

  it('a code on its way stays on its way when a read lands meanwhile', () => {
    const sending: Attempt = {
      ...mine,
      step: {
        type: 'step',
        name: 'enter_otp',
        detail: { dial_code: null, length: 6, expires_at: UPDATED },
        sending: true,
        refused: null,
      },
    };
    const read = intent({
      status: 'pending',
      next_action: { type: 'enter_otp', enter_otp: { dial_code: null, length: 6, expires_at: UPDATED } },
    });
    expect(screenForIntent(read, sending)).toMatchObject({ attempt: { step: { sending: true } } });
  });

  it('an attempt of a payment method this page does not know is followed, without its details', () => {
    expect(screenForIntent(intent({ status: 'pending', payment_method: { type: 'card' } }))).toMatchObject({
      name: 'pending',
      attempt: { method: null },
    });
  });

  it('a canceled intent says whether its link expired or the merchant canceled it; neither can be retried', () => {
    expect(screenForIntent(intent({ status: 'canceled', cancellation_reason: 'expired' }))).toEqual({
      name: 'error',
      error: 'expired',
      recovery: null,
    });
    expect(screenForIntent(intent({ status: 'canceled', cancellation_reason: null }))).toEqual({
      name: 'error',
      error: 'canceled',
      recovery: null,
    });
    expect(screenForIntent(intent({ status: 'canceled', cancellation_reason: 'too_many_attempts' }))).toEqual({
      name: 'error',
      error: 'tooManyAttempts',
      recovery: null,
    });
  });

  it.each(['requires_capture', 'processing', 'SUCCEEDED', ''])(
    'a status it does not know (%j) is never taken for paid or failed',
    (status) => {
      expect(
        screenForIntent(
          intent({ status, charge_id: 'ch_1', last_payment_error: { code: 'payer_declined', message: '' } }),
        ),
      ).toEqual({
        name: 'error',
        error: 'unknownStatus',
        recovery: 'check',
      });
    },
  );
});
