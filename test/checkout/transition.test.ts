// @vitest-environment node
// Every screen with every event: the whole of what may follow what, as one table (./transition).
import { describe, expect, it } from 'vitest';
import type { PaymentIntentView } from '../../src/api/types';
import type { Attempt, Screen } from '../../src/checkout/screens';
import { type CheckoutEvent, followUntil, transition } from '../../src/checkout/transition';

const NOW = Date.parse('2026-11-02T10:00:00.000+01:00');
const push: Attempt = {
  method: null,
  chargeId: 'ch_1',
  startedAt: NOW,
  expiresAt: NOW + 60_000,
  step: { type: 'push', ussd: null },
};
const codeStep = {
  type: 'step',
  name: 'enter_otp',
  detail: { dial_code: '#144#391#', length: 6, expires_at: '2026-11-02T10:05:00Z' },
  refused: null,
} as const;
const otp: Attempt = { ...push, step: { ...codeStep, sending: false } };
const sending: Attempt = { ...push, step: { ...codeStep, sending: true } };
const receipt = {
  amount: 5000,
  currency: 'xof',
  method: null,
  reference: 'ch_1',
  date: '2026-11-02T10:00:00.000+01:00',
};

const SCREENS: Record<string, Screen> = {
  loading: { name: 'loading' },
  form: { name: 'form' },
  confirming: { name: 'confirming', attempt: push },
  pending: { name: 'pending', attempt: push },
  'pending:otp': { name: 'pending', attempt: otp },
  'pending:sending': { name: 'pending', attempt: sending },
  unknown: { name: 'unknown', attempt: push },
  succeeded: { name: 'succeeded', receipt },
  failed: { name: 'failed', reason: 'payer_declined' },
  canceled: { name: 'canceled' },
  error: { name: 'error', error: 'network', recovery: 'check' },
  shared: { name: 'shared' },
  elsewhere: { name: 'elsewhere' },
};

const intent = (status: string, extra: Partial<PaymentIntentView> = {}): PaymentIntentView => ({
  intent_id: 'pi_1',
  currency: 'xof',
  amount: 5000,
  status,
  payment_method: null,
  last_payment_error: null,
  charge_id: 'ch_1',
  updated_at: '2026-11-02T10:00:00.000+01:00',
  description: null,
  cancellation_reason: null,
  live_mode: 0,
  event: { charges: [] },
  ...extra,
});

const EVENTS: Record<string, CheckoutEvent> = {
  load: { type: 'load' },
  refuse: { type: 'refuse', error: 'badLink' },
  'read:paid': { type: 'read', intent: intent('succeeded'), now: NOW },
  'read:pending': {
    type: 'read',
    intent: intent('pending', { approval_expires_at: '2026-11-02T10:01:00.000+01:00' }),
    now: NOW,
  },
  'read:late': {
    type: 'read',
    intent: intent('pending', { approval_expires_at: '2026-11-02T10:01:00.000+01:00' }),
    now: NOW + 60_000 + 31_000,
  },
  'read:payable': { type: 'read', intent: intent('requires_payment_method'), now: NOW },
  fail: { type: 'fail', error: 'server', recovery: 'check' },
  submit: { type: 'submit', attempt: push },
  notice: { type: 'notice', notice: { key: 'form.fixErrors' } },
  paid: { type: 'paid', receipt },
  await: { type: 'await', attempt: push },
  send: { type: 'send' },
  refused: { type: 'refused', why: 'otp_invalid' },
  lost: { type: 'lost' },
  cancel: { type: 'cancel' },
  edit: { type: 'edit' },
  share: { type: 'share' },
  // An attempt under way that is another phone's (outcome.apply): nothing of it is shown.
  'read:theirs': {
    type: 'read',
    intent: intent('pending', { approval_expires_at: '2026-11-02T10:01:00.000+01:00' }),
    now: NOW,
    theirs: true,
  },
};

// The screen each event leads to from each screen ('·': the same screen, the event refused).
// Columns in the order of EVENTS.
const TABLE = `
                 load     refuse  r:paid     r:pend   r:late   r:pay  fail   submit      notice paid       await   send            refused         lost   cancel   edit   share  r:their
loading          loading  error   succeeded  pending  unknown  form   error  ·           ·      ·          ·       ·               ·               error  ·        ·       ·      elsewhere
form             ·        ·       succeeded  pending  unknown  ·      error  confirming  form   ·          ·       ·               ·               error  canceled ·       shared elsewhere
confirming       ·        ·       succeeded  pending  unknown  form   error  ·           form   succeeded  pending ·               ·               error  ·        ·       ·      elsewhere
pending          ·        ·       succeeded  pending  unknown  form   error  ·           ·      succeeded  pending ·               ·               error  canceled ·       ·      elsewhere
pending:otp      ·        ·       succeeded  pending  unknown  form   error  ·           ·      succeeded  pending pending:sending ·               error  canceled ·       ·      elsewhere
pending:sending  ·        ·       succeeded  pending  unknown  form   error  ·           ·      succeeded  pending ·               pending:otp     error  canceled ·       ·      elsewhere
unknown          ·        ·       succeeded  pending  unknown  form   error  ·           ·      ·          ·       ·               ·               error  canceled ·       ·      elsewhere
succeeded        ·        ·       ·          ·        ·        ·      ·      ·           ·      ·          ·       ·               ·               ·      ·        ·       ·      ·
failed           ·        ·       succeeded  pending  unknown  form   failed ·           ·      ·          ·       ·               ·               error  canceled form    shared elsewhere
canceled         loading  ·       ·          ·        ·        ·      ·      ·           ·      ·          ·       ·               ·               ·      ·        ·       ·      ·
error            loading  ·       succeeded  pending  unknown  form   error  ·           ·      ·          ·       ·               ·               error  canceled ·       ·      elsewhere
shared           ·        ·       succeeded  ·        ·        ·      error  ·           ·      ·          ·       ·               ·               error  canceled form    ·      ·
elsewhere        ·        ·       succeeded  pending  unknown  form   error  ·           ·      ·          ·       ·               ·               error  canceled ·       ·      elsewhere
`;

const rows = TABLE.trim()
  .split('\n')
  .slice(1)
  .map((line) => line.trim().split(/\s+/));
const name = (screen: Screen) =>
  screen.name === 'pending' && screen.attempt.step.type === 'step'
    ? screen.attempt.step.sending
      ? 'pending:sending'
      : 'pending:otp'
    : screen.name;

describe('transition', () => {
  it('the table has a row for every screen and a column for every event', () => {
    expect(rows.map((row) => row[0])).toEqual(Object.keys(SCREENS));
    for (const row of rows) expect(row).toHaveLength(Object.keys(EVENTS).length + 1);
  });

  describe.each(rows.map((row) => [row[0]!, row.slice(1)] as const))('from %s', (from, expected) => {
    it.each(Object.keys(EVENTS).map((event, i) => [event, expected[i]!] as const))('%s → %s', (event, to) => {
      const screen = SCREENS[from]!;
      const next = transition(screen, EVENTS[event]!);
      if (to === '·') expect(next).toBe(screen);
      else {
        expect(next).not.toBe(screen);
        expect(name(next)).toBe(to);
      }
    });
  });

  it('a payment handed on, read paid, is a receipt that says so, without the number it was paid from', () => {
    const read = intent('succeeded', {
      payment_method: { type: 'momo', momo: { country: 'cg', operator_name: 'mtn', msisdn_last4: '4321' } },
    });
    const next = transition(SCREENS.shared!, { type: 'read', intent: read, now: NOW });
    expect(next).toMatchObject({ name: 'succeeded', receipt: { method: null, byOther: true, reference: 'ch_1' } });
    // The intent ended otherwise (canceled, expired): said, not followed for ever.
    const ended = transition(SCREENS.shared!, {
      type: 'read',
      intent: intent('canceled', { cancellation_reason: 'expired' }),
      now: NOW,
    });
    expect(ended).toEqual({ name: 'error', error: 'expired', recovery: null });
  });

  it('a read of another phone’s attempt (its failure’s reason dropped by the outcome): under way, `elsewhere` with nothing of it; paid, the receipt paid by someone else, without its number; ended unpaid, the form', () => {
    // Its step is never shown, even a one-time code's.
    const otpRead = intent('pending', {
      next_action: { type: 'enter_otp', enter_otp: { dial_code: '#144#391#', length: 6, expires_at: null } },
    });
    for (const from of ['loading', 'form', 'pending:otp', 'elsewhere'])
      expect(transition(SCREENS[from]!, { type: 'read', intent: otpRead, now: NOW, theirs: true })).toEqual({
        name: 'elsewhere',
      });
    const paid = intent('succeeded', {
      payment_method: { type: 'momo', momo: { country: 'cg', operator_name: 'airtel', msisdn_last4: '4321' } },
    });
    expect(transition(SCREENS.elsewhere!, { type: 'read', intent: paid, now: NOW, theirs: true })).toMatchObject({
      name: 'succeeded',
      receipt: { method: null, byOther: true },
    });
    const ended = intent('requires_payment_method');
    expect(transition(SCREENS.elsewhere!, { type: 'read', intent: ended, now: NOW, theirs: true })).toEqual({
      name: 'form',
    });
  });

  it('a read of a pending attempt past its window and grace is "still verifying", before it is not', () => {
    const read = intent('pending', { approval_expires_at: '2026-11-02T10:01:00.000+01:00' });
    const deadline = followUntil({ ...push, expiresAt: Date.parse(read.approval_expires_at!) });
    expect(transition(SCREENS.form!, { type: 'read', intent: read, now: deadline }).name).toBe('pending');
    expect(transition(SCREENS.form!, { type: 'read', intent: read, now: deadline + 1 }).name).toBe('unknown');
  });

  it('a read keeps the code the page is sending; a refused code says why, and the next one clears it', () => {
    const read = intent('pending', {
      next_action: {
        type: 'enter_otp',
        enter_otp: { dial_code: '#144#391#', length: 6, expires_at: '2026-11-02T10:01:00.000+01:00' },
      },
    });
    const after = transition(SCREENS['pending:sending']!, { type: 'read', intent: read, known: sending, now: NOW });
    expect(after).toMatchObject({ attempt: { step: { sending: true } } });
    const wrong = transition(after, { type: 'refused', why: 'otp_invalid' });
    expect(wrong).toMatchObject({ attempt: { step: { sending: false, refused: 'otp_invalid' } } });
    expect(transition(wrong, { type: 'send' })).toMatchObject({
      attempt: { step: { sending: true, refused: null } },
    });
  });

  it('a refusal the step says ends the attempt (an expired code) ends it at once; a read that fails then leaves it ended, saying why', () => {
    const ended = transition(SCREENS['pending:sending']!, { type: 'refused', why: 'otp_expired', ends: true });
    expect(ended).toEqual({ name: 'failed', reason: 'approval_timeout', ended: sending });
    // Never the code field again, and the new request stays on offer (`edit`, then the form).
    const unread = transition(ended, { type: 'fail', error: 'network', recovery: 'check' });
    expect(unread).toEqual({ name: 'failed', reason: 'approval_timeout', ended: sending, error: 'network' });
    expect(transition(unread, { type: 'edit' })).toEqual({ name: 'form' });
    // A read that lands says what the service says, and no more of what went wrong.
    const read = intent('requires_payment_method', {
      last_payment_error: { code: 'approval_timeout', message: 'The payment request expired.' },
    });
    expect(transition(unread, { type: 'read', intent: read, now: NOW })).toEqual({
      name: 'failed',
      reason: 'approval_timeout',
    });
    // Any other refusal keeps the code step, with the service's reason (or the kind of failure):
    // the transition knows no step's error codes, only whether the step said the refusal ends it.
    for (const why of ['otp_invalid', 'rate_limited', 'otp_not_expected', 'network', 'http', 'otp_expired'])
      expect(transition(SCREENS['pending:sending']!, { type: 'refused', why })).toMatchObject({
        name: 'pending',
        attempt: { step: { type: 'step', name: 'enter_otp', sending: false, refused: why } },
      });
  });

  it('the form keeps its notice when a read says it is still the form', () => {
    const noticed: Screen = { name: 'form', notice: { key: 'error.notSent' } };
    expect(transition(noticed, { type: 'read', intent: intent('requires_payment_method'), now: NOW })).toBe(noticed);
  });
});
