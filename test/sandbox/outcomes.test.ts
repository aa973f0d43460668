// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { confirmResultSchema } from '../../src/api/schemas';
import { approvalOf } from '../../src/methods/momo/approval';
import { findCountry, TEST_NUMBERS, TEST_SUFFIXES } from '../../src/phone';
import { FAILURE_MESSAGES, OUTCOME_RULES, lateApprovalMs, outcomeFor } from '../../src/sandbox/outcomes';
import { APPROVAL_MS, expectJson, PENDING_TIMEOUT_MS, setup, START, testNumber } from './helpers';

const timing = { approvalMs: APPROVAL_MS, pendingTimeoutMs: PENDING_TIMEOUT_MS };

describe('OUTCOME_RULES', () => {
  it('has one rule per suffix 90–96 and one default', () => {
    expect(OUTCOME_RULES.map((r) => r.suffix)).toEqual(['90', '91', '92', '93', '94', '95', '96', null]);
    for (const rule of OUTCOME_RULES) expect(rule.description).toMatch(/^[A-Z].+\.$/);
  });

  it('agrees with the suffixes of the phone module’s test numbers', () => {
    for (const rule of OUTCOME_RULES) {
      if (rule.suffix !== null) expect(TEST_SUFFIXES[rule.outcome]).toBe(rule.suffix);
      else expect(OUTCOME_RULES.some((r) => r.suffix === TEST_SUFFIXES[rule.outcome])).toBe(false);
    }
  });

  it('picks a rule from the last two digits only', () => {
    expect(outcomeFor('061234590').outcome).toBe('declined');
    expect(outcomeFor('061239093').outcome).toBe('approved_at_once');
    expect(outcomeFor('061234597').outcome).toBe('approved_after_delay');
  });

  it('approves late 2 s before the expiry, or a tenth of it when the timeout is short', () => {
    expect(lateApprovalMs(timing)).toBe(PENDING_TIMEOUT_MS - 2000);
    expect(lateApprovalMs({ approvalMs: 100, pendingTimeoutMs: 5000 })).toBe(4500);
  });

  it('has an English sentence for every failure code', () => {
    for (const message of Object.values(FAILURE_MESSAGES)) expect(message).toMatch(/^[A-Z][^_]+\.$/);
  });
});

interface Expectation {
  confirm: 'pending' | 'succeeded' | 'failed';
  /** Still pending just before this moment (ms after confirm), final from it on; 0 = at once. */
  settlesAt: number;
  final: 'succeeded' | 'failed';
  failure: string | null;
}

// Written out from the brief, independently of the table, so a wrong table fails here.
const EXPECTED: Record<string, Expectation> = {
  declined: { confirm: 'pending', settlesAt: APPROVAL_MS, final: 'failed', failure: 'payer_declined' },
  insufficient_funds: { confirm: 'pending', settlesAt: APPROVAL_MS, final: 'failed', failure: 'insufficient_funds' },
  never_approved: { confirm: 'pending', settlesAt: PENDING_TIMEOUT_MS, final: 'failed', failure: 'approval_timeout' },
  approved_at_once: { confirm: 'succeeded', settlesAt: 0, final: 'succeeded', failure: null },
  operator_unavailable: { confirm: 'failed', settlesAt: 0, final: 'failed', failure: 'operator_unavailable' },
  approved_late: { confirm: 'pending', settlesAt: PENDING_TIMEOUT_MS - 2000, final: 'succeeded', failure: null },
  approved_after_delay: { confirm: 'pending', settlesAt: APPROVAL_MS, final: 'succeeded', failure: null },
  // No prompt, nobody approves from the menu: it expires (the menu: test/sandbox/routes/menu.test.ts).
  prompt_lost: { confirm: 'pending', settlesAt: PENDING_TIMEOUT_MS, final: 'failed', failure: 'approval_timeout' },
};

// Wallets that approve with a code or in their app follow their own table (approvals.test.ts).
const PUSHED = TEST_NUMBERS.filter((n) => approvalOf(n.country, n.operator).kind === 'push');

describe('confirm outcomes by test number', () => {
  it.each(PUSHED.map((n) => [`${n.country} ${n.operator} …${n.suffix} (${n.outcome})`, n] as const))(
    '%s behaves as the table says',
    async (_label, number) => {
      const { newIntent, readIntent, confirm, clock } = setup();
      const expected = EXPECTED[number.outcome];
      if (!expected) throw new Error(`no expectation for ${number.outcome}`);
      // In the currency of the number's country (xof in Dakar, xaf in Brazzaville).
      const intent = await newIntent(10_000, findCountry(number.country)!.currency);
      const result = await expectJson(await confirm(intent, number), 200, confirmResultSchema);
      expect(result.status).toBe(expected.confirm);
      expect(result.captured).toBe(expected.confirm === 'succeeded');

      if (expected.settlesAt > 0) {
        clock.advance(expected.settlesAt - 1);
        const before = await readIntent(intent.intent_id);
        expect(before.status).toBe('pending');
        expect(before.event.charges.map((c) => [c.type, c.status])).toEqual([['charge.pending', 'pending']]);
        expect(before.approval_expires_at).not.toBeNull();
        clock.advance(1);
      }
      const after = await readIntent(intent.intent_id);
      const charge = after.event.charges[0];
      expect(after.event.charges).toHaveLength(1);
      expect(charge?.charge_id).toBe(result.id);
      expect(after.payment_method).toEqual({
        id: result.paymentMethodId,
        type: 'momo',
        momo: { country: number.country, operator_name: number.operator, msisdn_last4: number.msisdn.slice(-4) },
      });
      expect(after.approval_expires_at).toBeNull();
      expect(after.charge_id).toBe(result.id);
      if (expected.final === 'succeeded') {
        expect(after.status).toBe('succeeded');
        expect(charge).toMatchObject({ type: 'charge.success', status: 'succeeded', captured: 1, failure_code: null });
        expect(after.event.payouts).toHaveLength(1);
        expect(after.event.payouts[0]).toMatchObject({
          type: 'payout.succeeded',
          amount: 10_000,
          amount_fee: 150,
          amount_captured: 9850,
        });
        expect(after.payout_id).toBe(after.event.payouts[0]?.payout_id);
        expect(after.last_payment_error).toBeNull();
      } else {
        expect(after.status).toBe('requires_payment_method');
        expect(charge).toMatchObject({
          type: 'charge.failed',
          status: 'failed',
          captured: 0,
          failure_code: expected.failure,
        });
        expect(charge?.failure_message).toMatch(/^[A-Z].+\.$/);
        expect(after.last_payment_error).toEqual({
          code: expected.failure,
          message: charge?.failure_message,
          charge_id: result.id,
        });
        expect(after.event.payouts).toEqual([]);
        expect(after.payout_id).toBeNull();
      }
      // The time of the change is when it happened, not when it was noticed.
      clock.advance(60_000);
      const later = await readIntent(intent.intent_id);
      expect(later.updated_at).toBe(after.updated_at);
      expect(Date.parse(later.updated_at)).toBe(START + expected.settlesAt);
    },
  );
});

describe('approval deadline', () => {
  it('shows approval_expires_at = confirm time + pendingTimeoutMs while pending', async () => {
    const { newIntent, readIntent, confirm } = setup();
    const intent = await newIntent();
    await confirm(intent, testNumber('never_approved'));
    const read = await readIntent(intent.intent_id);
    expect(Date.parse(read.approval_expires_at ?? '')).toBe(START + PENDING_TIMEOUT_MS);
  });

  it('lets a late approval (95) land before the expiry, with a custom timeout', async () => {
    const { newIntent, readIntent, confirm, clock } = setup({ pendingTimeoutMs: 60_000, approvalMs: 1000 });
    const intent = await newIntent();
    await confirm(intent, testNumber('approved_late', 'cm', 'orange'));
    clock.advance(57_999);
    expect((await readIntent(intent.intent_id)).status).toBe('pending');
    clock.advance(1);
    const read = await readIntent(intent.intent_id);
    expect(read.status).toBe('succeeded');
    expect(Date.parse(read.updated_at)).toBeLessThan(START + 60_000);
  });
});

describe('lazy transitions', () => {
  it('stamps a change with the moment it happened, even when first read an hour later', async () => {
    const { newIntent, readIntent, confirm, clock } = setup();
    const intent = await newIntent();
    await confirm(intent, testNumber('approved_after_delay'));
    clock.advance(3600_000);
    const read = await readIntent(intent.intent_id);
    const happened = Date.parse(read.created_at) + APPROVAL_MS;
    expect(Date.parse(read.updated_at)).toBe(happened);
    expect(Date.parse(read.event.updated_at)).toBe(happened);
    expect(Date.parse(read.event.charges[0]?.updated_at ?? '')).toBe(happened);
    expect(Date.parse(read.event.payouts[0]?.created_at ?? '')).toBe(happened);
  });
});

describe('fees', () => {
  it.each([
    [100, 2, 98],
    [1000, 15, 985],
    [12_345, 185, 12_160],
    [33, 0, 33],
    [10_000_000, 150_000, 9_850_000],
  ])('splits %i into a fee of %i and %i captured', async (amount, fee, captured) => {
    const { newIntent, readIntent, confirm } = setup();
    const intent = await newIntent(amount);
    await confirm(intent, testNumber('approved_at_once'));
    const payout = (await readIntent(intent.intent_id)).event.payouts[0];
    expect(payout).toMatchObject({ amount, amount_fee: fee, amount_captured: captured, status: 'succeeded' });
  });
});
