// @vitest-environment node
// Issue 29, item 7: every test number pays through its own wallet's flow. A payer types it in the
// method's form (src/methods/momo/method.ts), which selects the wallet its number says
// (./support/selection.ts: its own, or none for a wallet that takes every network, which the payer
// then picks); the confirm it sends makes the sandbox (in-process, app.fetch) ask for that
// wallet's approval — the push, a one-time code or its app, as approval.ts says — and the numbers
// that approve pay to the end through that step, charged to that wallet.
import { describe, expect, it } from 'vitest';
import { confirmResultSchema } from '../../src/api/schemas';
import type { PaymentMethodData } from '../../src/api/types';
import { approvalOf } from '../../src/methods/momo/approval';
import { momo } from '../../src/methods/momo/method';
import { RIGHT_CODE } from '../../src/methods/momo/steps/enter_otp.sandbox';
import { COUNTRIES, TEST_NUMBERS, type TestNumber } from '../../src/phone';
import { APPROVAL_MS, BASE, confirmBody, expectJson, setup } from '../sandbox/helpers';
import { expectedSelection } from './support/selection';

const STEP_OF = { push: 'approve_on_phone', enter_otp: 'enter_otp', open_wallet: 'open_wallet' } as const;

/** The form's values once a payer has typed the number, and picked their wallet where it was not selected. */
function typed(number: TestNumber, currency: string) {
  let { values, filled } = { values: momo.initial(number.country), filled: new Set<string>() as ReadonlySet<string> };
  ({ values, filled } = momo.edit(values, 'phone', number.national, filled, currency));
  const selected = values.operator;
  if (values.operator !== number.operator)
    ({ values, filled } = momo.edit(values, 'operator', number.operator, filled, currency));
  return { selected, values };
}

const currencyOf = (number: TestNumber) => COUNTRIES.find((c) => c.code === number.country)!.currency;

describe('TEST_NUMBERS › each pays through its own wallet’s flow', () => {
  it.each(TEST_NUMBERS.map((n) => [`${n.country} ${n.operator} ${n.national} (${n.outcome})`, n] as const))(
    '%s',
    async (_label, number) => {
      const currency = currencyOf(number);
      const { selected, values } = typed(number, currency);
      expect(selected || undefined, 'the wallet typing the number selects').toBe(expectedSelection(number));
      expect(values.operator).toBe(number.operator);
      for (const rule of Object.values(momo.rules)) expect(rule(values)).toBeNull();
      const data = momo.data(values) as PaymentMethodData;
      expect(data).toEqual({
        type: 'momo',
        momo: { country: number.country, msisdn: number.msisdn, operator_name: number.operator },
      });

      const t = setup();
      const intent = await t.newIntent(5000, currency);
      const answer = await expectJson(
        await t.call('POST', `/v1/payment-intents/${intent.intent_id}/confirm`, {
          token: null,
          body: confirmBody(intent.client_secret, number, { payment_method_data: data }),
        }),
        200,
        confirmResultSchema,
      );
      const flow = approvalOf(number.country, number.operator).kind;
      if (number.outcome === 'operator_unavailable') {
        // 94 fails at the confirm, before any step, whatever the wallet.
        expect(answer.status).toBe('failed');
        return;
      }
      if (flow === 'push' && number.outcome === 'approved_at_once') {
        expect({ status: answer.status, step: answer.next_action ?? null }).toEqual({
          status: 'succeeded',
          step: null,
        });
      } else {
        expect(answer.status).toBe('pending');
        expect(answer.next_action?.type).toBe(STEP_OF[flow]);
      }
      if (number.outcome !== 'approved_after_delay' && number.outcome !== 'approved_at_once') return;

      // The payer approves the way the step asks; the intent is paid, from this wallet.
      if (flow === 'enter_otp') {
        const sent = await t.call('POST', `/v1/payment-intents/${intent.intent_id}/otp`, {
          token: null,
          body: { client_secret: intent.client_secret, code: RIGHT_CODE },
        });
        expect(sent.status).toBe(200);
      } else if (flow === 'open_wallet') {
        const path = answer.next_action!.open_wallet!.url.slice(BASE.length);
        await t.call('POST', path, {
          token: null,
          raw: new URLSearchParams({ answer: 'approve' }),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      } else {
        t.clock.advance(APPROVAL_MS);
      }
      const paid = await t.readIntent(intent.intent_id);
      expect(paid.status).toBe('succeeded');
      expect(paid.payment_method?.momo).toMatchObject({ operator_name: number.operator });
    },
  );
});
