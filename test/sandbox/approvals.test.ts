// @vitest-environment node
// The sandbox plays each wallet's approval as the wallet works (src/methods/momo/approval.ts): the
// push, a one-time code (Orange Money in Senegal, Côte d'Ivoire, Mali, Burkina Faso), the wallet's
// app (Wave); `next_action` says which. A bare service has none of it: every wallet pushes.
import { describe, expect, it } from 'vitest';
import { confirmResultSchema, paymentIntentSchema } from '../../src/api/schemas';

import { approvalOf } from '../../src/methods/momo/approval';
import { RIGHT_CODE } from '../../src/methods/momo/steps/enter_otp.sandbox';
import { TEST_NUMBERS, type TestOutcome } from '../../src/phone';
import {
  APPROVAL_MS,
  BASE,
  expectError,
  expectJson,
  PENDING_TIMEOUT_MS,
  setup,
  START,
  testNumber as numberFor,
} from './helpers';

const testNumber = (country: string, operator: string, outcome: TestOutcome) => numberFor(outcome, country, operator);

const orangeSn = (outcome: TestOutcome = 'approved_after_delay') => testNumber('sn', 'orange', outcome);
const waveSn = (outcome: TestOutcome = 'approved_after_delay') => testNumber('sn', 'wave', outcome);

async function started(t: ReturnType<typeof setup>, number = orangeSn()) {
  const intent = await t.newIntent(5000, 'xof');
  const answer = await expectJson(await t.confirm(intent, number), 200, confirmResultSchema);
  return { intent, answer };
}

const code = (
  t: ReturnType<typeof setup>,
  intent: { intent_id: string; client_secret: string },
  value: string,
  headers: Record<string, string> = {},
) =>
  t.call('POST', `/v1/payment-intents/${intent.intent_id}/otp`, {
    token: null,
    headers,
    body: { client_secret: intent.client_secret, code: value },
  });

describe('one-time code (Orange Money, Senegal)', () => {
  it('confirm answers pending with enter_otp: the code to dial, its length, when it expires', async () => {
    const t = setup();
    const { intent, answer } = await started(t);
    expect(answer.status).toBe('pending');
    const expiresAt = new Date(t.clock.now() + PENDING_TIMEOUT_MS).getTime();
    expect(answer.next_action).toEqual({
      type: 'enter_otp',
      enter_otp: { dial_code: '#144#391#', length: 6, expires_at: expect.any(String) },
    });
    expect(Date.parse(answer.next_action!.enter_otp!.expires_at)).toBe(expiresAt);
    // Nothing happens by itself: the operator waits for the code.
    t.clock.advance(APPROVAL_MS * 3);
    const read = await t.readIntent(intent.intent_id);
    expect(read.status).toBe('pending');
    expect(read.next_action?.type).toBe('enter_otp');
  });

  it('a wrong code (000000) is refused on `code` and the attempt still waits; 123456 pays', async () => {
    const t = setup();
    const { intent } = await started(t);
    await expectError(await code(t, intent, '000000'), 400, 'otp_invalid', 'code');
    expect((await t.readIntent(intent.intent_id)).next_action?.type).toBe('enter_otp');
    const paid = await expectJson(await code(t, intent, '123456'), 200, confirmResultSchema);
    expect(paid.status).toBe('succeeded');
    const read = await t.readIntent(intent.intent_id);
    expect(read.status).toBe('succeeded');
    expect(read.next_action).toBeNull();
  });

  it('three wrong codes fail the attempt (otp_invalid); the intent is payable again', async () => {
    const t = setup();
    const { intent } = await started(t);
    for (let i = 0; i < 3; i++) await expectError(await code(t, intent, '000000'), 400, 'otp_invalid', 'code');
    const read = await t.readIntent(intent.intent_id);
    expect(read.status).toBe('requires_payment_method');
    expect(read.last_payment_error?.code).toBe('otp_invalid');
    await expectError(await code(t, intent, '123456'), 409, 'otp_not_expected');
  });

  it('any code after the attempt expired is expired; the attempt failed with approval_timeout', async () => {
    const t = setup();
    const { intent } = await started(t);
    t.clock.advance(PENDING_TIMEOUT_MS);
    await expectError(await code(t, intent, '123456'), 409, 'otp_expired');
    expect((await t.readIntent(intent.intent_id)).last_payment_error?.code).toBe('approval_timeout');
  });

  it('the last two digits still choose where they apply: 91 lacks the funds once the code is in', async () => {
    const t = setup();
    const { intent } = await started(t, orangeSn('insufficient_funds'));
    const answer = await expectJson(await code(t, intent, '123456'), 200, confirmResultSchema);
    expect(answer.status).toBe('failed');
    expect((await t.readIntent(intent.intent_id)).last_payment_error?.code).toBe('insufficient_funds');
  });

  it('94 fails at confirm: there is no code to ask for', async () => {
    const t = setup();
    const { answer } = await started(t, orangeSn('operator_unavailable'));
    expect(answer.status).toBe('failed');
    expect(answer.next_action).toBeNull();
  });

  it('a code needs the intent’s secret, and one replayed with its Idempotency-Key is answered once', async () => {
    const t = setup();
    const { intent } = await started(t);
    await expectError(
      await code(t, { ...intent, client_secret: `${intent.intent_id}_secret_wrong` }, '123456'),
      401,
      'invalid_client_secret',
    );
    const first = await code(t, intent, '123456', { 'Idempotency-Key': 'k1' });
    const again = await code(t, intent, '123456', { 'Idempotency-Key': 'k1' });
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
  });

  it('a push wallet takes no code', async () => {
    const t = setup();
    const intent = await t.newIntent(5000, 'xaf');
    const answer = await expectJson(
      await t.confirm(intent, testNumber('cm', 'mtn', 'approved_after_delay')),
      200,
      confirmResultSchema,
    );
    expect(answer.next_action).toEqual({
      type: 'approve_on_phone',
      approve_on_phone: { ussd_code: '*126#', expires_at: expect.any(String) },
    });
    await expectError(await code(t, intent, '123456'), 409, 'otp_not_expected');
  });
});

describe('the wallet’s app (Wave)', () => {
  it('confirm answers open_wallet with a launch address on the sandbox’s own wallet page; Approve pays', async () => {
    const t = setup();
    const { intent, answer } = await started(t, waveSn());
    const url = answer.next_action?.open_wallet?.url ?? '';
    expect(url.startsWith(`${BASE}/v1/_sandbox/wallet/${intent.intent_id}/`)).toBe(true);
    // The secret never travels in it.
    expect(url).not.toContain(intent.client_secret);
    const path = url.slice(BASE.length);
    const shown = await t.call('GET', path, { token: null });
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await shown.text()).toContain('value="approve"');
    t.clock.advance(APPROVAL_MS * 3);
    expect((await t.readIntent(intent.intent_id)).status).toBe('pending');
    await t.call('POST', path, {
      token: null,
      raw: new URLSearchParams({ answer: 'approve' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const read = await t.readIntent(intent.intent_id);
    expect(read.status).toBe('succeeded');
    expect(read.next_action).toBeNull();
  });

  it('takes an answer from a browser only through the page’s own form: another site’s POST records nothing', async () => {
    const t = setup();
    const { intent, answer } = await started(t, waveSn());
    const path = answer.next_action!.open_wallet!.url.slice(BASE.length);
    const form = (fields: Record<string, string>, origin: string) =>
      t.call('POST', path, {
        token: null,
        raw: new URLSearchParams(fields),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin,
          'sec-fetch-site': origin === BASE ? 'same-origin' : 'cross-site',
        },
      });
    // A page elsewhere knows the address (it was shared, or guessed from a log) but cannot read the page.
    for (const fields of [{ answer: 'approve' }, { answer: 'approve', token: 'forged' }] as Record<string, string>[]) {
      const refused = await form(fields, 'https://evil.example');
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain('Nothing was done');
    }
    expect((await t.readIntent(intent.intent_id)).status).toBe('pending');
    // The page's own form, as the payer's browser posts it.
    const shown = await (await t.call('GET', path, { token: null })).text();
    const token = /name="token" value="([^"]+)"/.exec(shown)?.[1] ?? '';
    expect(token).not.toBe('');
    expect((await form({ answer: 'approve', token }, BASE)).status).toBe(200);
    expect((await t.readIntent(intent.intent_id)).status).toBe('succeeded');
  });

  it('Decline fails the attempt (payer_declined); a wrong token finds no page', async () => {
    const t = setup();
    const { intent, answer } = await started(t, waveSn());
    const path = answer.next_action!.open_wallet!.url.slice(BASE.length);
    expect((await t.call('GET', `${path.slice(0, -3)}xyz`, { token: null })).status).toBe(404);
    await t.call('POST', path, {
      token: null,
      raw: new URLSearchParams({ answer: 'decline' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await t.readIntent(intent.intent_id)).last_payment_error?.code).toBe('payer_declined');
  });

  it('unanswered, the attempt expires (approval_timeout)', async () => {
    const t = setup();
    const { intent } = await started(t, waveSn());
    t.clock.advance(PENDING_TIMEOUT_MS);
    expect((await t.readIntent(intent.intent_id)).last_payment_error?.code).toBe('approval_timeout');
  });
});

describe('a bare service (the interface alone)', () => {
  it('has no next_action and no code endpoint: Orange Money Senegal and Wave push, and are approved after the delay', async () => {
    const t = setup({ extensions: false });
    for (const number of [orangeSn(), waveSn()]) {
      const intent = await t.newIntent(5000, 'xof');
      const answer = await t.confirm(intent, number);
      const body = (await answer.json()) as Record<string, unknown>;
      expect(body.status).toBe('pending');
      expect('next_action' in body).toBe(false);
      expect((await code(t, intent, '123456')).status).toBe(404);
      t.clock.advance(APPROVAL_MS);
      const read = await expectJson(
        await t.call('GET', `/v1/payment-intents/${intent.intent_id}`, { token: null }),
        200,
        paymentIntentSchema,
      );
      expect(read.status).toBe('succeeded');
    }
  });
});

// Every test number of a wallet that approves with a code or in its app, as docs/sandbox.md's table says.
const APPROVED = TEST_NUMBERS.filter((n) => approvalOf(n.country, n.operator).kind !== 'push');
const AFTER_STEP: Record<
  TestOutcome,
  { final: 'succeeded' | 'failed' | null; failure: string | null; at: 'step' | 'late' | 'expiry' }
> = {
  approved_after_delay: { final: 'succeeded', failure: null, at: 'step' },
  approved_at_once: { final: 'succeeded', failure: null, at: 'step' },
  declined: { final: 'succeeded', failure: null, at: 'step' },
  insufficient_funds: { final: 'failed', failure: 'insufficient_funds', at: 'step' },
  never_approved: { final: 'failed', failure: 'approval_timeout', at: 'expiry' },
  approved_late: { final: 'succeeded', failure: null, at: 'late' },
  operator_unavailable: { final: null, failure: null, at: 'step' },
  // The lost push is a push's: where the payer approves with a code or the app, it changes nothing.
  prompt_lost: { final: 'succeeded', failure: null, at: 'step' },
};

describe('every test number of a wallet that approves with a code or in its app', () => {
  it('covers Orange Money in sn, ci, ml, bf and Wave', () => {
    expect(new Set(APPROVED.map((n) => `${n.country} ${n.operator}`))).toEqual(
      new Set(['sn orange', 'sn wave', 'ci orange', 'ci wave', 'ml orange', 'bf orange', 'bf wave']),
    );
  });

  it.each(APPROVED.map((n) => [`${n.country} ${n.operator} …${n.suffix} (${n.outcome})`, n] as const))(
    '%s: the step, then the outcome its digits choose',
    async (_label, number) => {
      const t = setup();
      const intent = await t.newIntent(5000, 'xof');
      const answer = await expectJson(await t.confirm(intent, number), 200, confirmResultSchema);
      const expected = AFTER_STEP[number.outcome];
      if (expected.final === null) {
        expect(answer.status).toBe('failed');
        return;
      }
      expect(answer.status).toBe('pending');
      t.clock.advance(1000);
      if (answer.next_action?.type === 'enter_otp') {
        expect((await code(t, intent, RIGHT_CODE)).status).toBe(200);
      } else {
        expect(answer.next_action?.type).toBe('open_wallet');
        const path = answer.next_action!.open_wallet!.url.slice(BASE.length);
        await t.call('POST', path, {
          token: null,
          raw: new URLSearchParams({ answer: 'approve' }),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      }
      const when = { step: START + 1000, late: START + PENDING_TIMEOUT_MS - 2000, expiry: START + PENDING_TIMEOUT_MS }[
        expected.at
      ];
      t.clock.set(when - 1);
      expect((await t.readIntent(intent.intent_id)).status).toBe(
        expected.at === 'step' ? (expected.final === 'succeeded' ? 'succeeded' : 'requires_payment_method') : 'pending',
      );
      t.clock.set(when + 60_000);
      const read = await t.readIntent(intent.intent_id);
      expect(read.status).toBe(expected.final === 'succeeded' ? 'succeeded' : 'requires_payment_method');
      expect(read.last_payment_error?.code ?? null).toBe(expected.failure);
      expect(Date.parse(read.updated_at)).toBe(when);
    },
  );
});
