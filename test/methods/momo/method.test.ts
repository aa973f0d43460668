// @vitest-environment node
// Mobile money as a payment method of the checkout: its fields, rules, request and display, all
// from its own folder.
import { describe, expect, it } from 'vitest';
import { paymentMethodDataSchema } from '../../../src/api/schemas';
import { momo, type MomoValues } from '../../../src/methods/momo/method';
import { numberFor } from '../../support/checkout-bed';

const NBSP = /\u00a0/g;
const typing = (steps: [keyof MomoValues, string][], start = momo.initial('cg'), currency: string | null = null) => {
  let state = { values: start, filled: new Set<string>() as ReadonlySet<string> };
  for (const [field, raw] of steps) state = momo.edit(state.values, field, raw, state.filled, currency);
  return state;
};

describe('momo › the form', () => {
  it("starts in the payer's country when it is supported, else Congo", () => {
    expect(momo.initial('cm')).toEqual({ country: 'cm', operator: '', phone: '' });
    expect(momo.initial('fr')).toEqual({ country: 'cg', operator: '', phone: '' });
    expect(momo.initial()).toEqual({ country: 'cg', operator: '', phone: '' });
  });

  it('formats the number as typed and chooses the wallet of its network, saying it filled it in', () => {
    const { values, filled } = typing([['phone', '061234567']]);
    expect(values).toEqual({ country: 'cg', operator: 'mtn', phone: '06 123 4567' });
    expect(filled.has('operator')).toBe(true);
  });

  it('keeps a wallet the payer chose by hand, and follows the number again once they have not', () => {
    const chosen = typing([
      ['operator', 'airtel'],
      ['phone', '061234567'],
    ]);
    expect(chosen.values.operator).toBe('airtel');
    expect(chosen.filled.has('operator')).toBe(false);
    const detected = typing([
      ['phone', '06'],
      ['phone', '05'],
    ]);
    expect(detected.values.operator).toBe('airtel');
  });

  it('drops a wallet the new country does not have, and formats the number for it', () => {
    expect(
      typing([
        ['phone', '051234567'],
        ['country', 'cm'],
      ]).values.operator,
    ).toBe('');
    expect(
      typing([
        ['phone', '061234567'],
        ['country', 'cm'],
      ]).values.operator,
    ).toBe('mtn');
    const { values: gabon } = typing([
      ['operator', 'airtel'],
      ['country', 'ga'],
      ['phone', '077123456'],
    ]);
    expect(gabon).toEqual({ country: 'ga', operator: 'airtel', phone: '077 12 34 56' });
  });
  it('never leaves a wallet "detected" once the number is of no network it knows', () => {
    const detected = typing([['phone', '06 123 4500']]);
    expect(detected.values.operator).toBe('mtn');
    expect(detected.filled.has('operator')).toBe(true);
    const changed = typing([
      ['phone', '06 123 4500'],
      ['phone', '01 123 4500'],
    ]);
    expect(changed.filled.has('operator')).toBe(false);
    // A number of another network chooses that network's wallet, still said to be detected.
    const other = typing([
      ['phone', '06 123 4500'],
      ['phone', '05 512 3400'],
    ]);
    expect(other.values.operator).toBe('airtel');
    expect(other.filled.has('operator')).toBe(true);
    // One the payer chose by hand stays theirs.
    const chosen = typing([
      ['operator', 'airtel'],
      ['phone', '01 123 4500'],
    ]);
    expect(chosen.values.operator).toBe('airtel');
  });

  it('takes the country of a number typed or pasted with its calling code, if it can pay in the currency', () => {
    const pasted = typing([['phone', '+237 6 71 23 45 00']], momo.initial('cg'), 'xaf');
    expect(pasted.values).toMatchObject({ country: 'cm', operator: 'mtn' });
    expect(pasted.values.phone.replace(NBSP, ' ')).toMatch(/^\+237 6/);
    expect(typing([['phone', '00221 77 123 45 00']], momo.initial('cg'), 'xof').values).toMatchObject({
      country: 'sn',
      operator: 'orange',
    });
    // Cameroon cannot pay an XOF intent: the country stays, the number says what is wrong.
    expect(typing([['phone', '+237 6 71 23 45 00']], momo.initial('sn'), 'xof').values.country).toBe('sn');
  });

  it("pays in the currency from the payer's country, else the merchant's, else the first that can", () => {
    expect(momo.payIn(momo.initial('cg'), 'xof', ['ci', 'sn'])).toEqual({ country: 'ci' });
    expect(momo.payIn(momo.initial('cg'), 'xof', [undefined, 'sn'])).toEqual({ country: 'sn' });
    expect(momo.payIn(momo.initial('cg'), 'xof', ['cm', undefined])).toEqual({ country: 'sn' });
    expect(momo.payIn(momo.initial('cm'), 'xaf', ['sn'])).toEqual({});
  });
});

describe('momo › rules', () => {
  const check = (values: MomoValues) => ({
    country: momo.rules.country(values),
    operator: momo.rules.operator(values),
    phone: momo.rules.phone(values),
  });

  it('passes a valid number of the chosen wallet', () => {
    expect(check({ country: 'cg', operator: 'mtn', phone: '06 123 4567' })).toEqual({
      country: null,
      operator: null,
      phone: null,
    });
  });

  it('asks for a wallet of the country, names the country of an invalid number, and warns of another network', () => {
    expect(check({ country: 'cg', operator: 'orange', phone: '07 123 4567' })).toEqual({
      country: null,
      operator: { key: 'error.operator.empty' },
      phone: { key: 'error.phone.invalid', params: { country: 'cg' } },
    });
    expect(momo.rules.phone({ country: 'cg', operator: 'airtel', phone: '06 123 4567' })).toEqual({
      key: 'error.phone.other_network',
      params: { network: 'MTN', wallet: 'Airtel Money' },
      warning: true,
    });
    expect(momo.rules.phone({ country: 'cg', operator: 'mtn', phone: '06 12' })).toEqual({
      key: 'error.phone.too_short',
    });
  });
});

describe('momo › the request', () => {
  it('pays from the msisdn in international digits, in the shape the contract accepts', () => {
    const number = numberFor('approved_after_delay', 'ga', 'airtel');
    const data = momo.data({ country: 'ga', operator: 'airtel', phone: number.national });
    expect(data).toEqual({ type: 'momo', momo: { country: 'ga', msisdn: number.msisdn, operator_name: 'airtel' } });
    expect(paymentMethodDataSchema.safeParse(data).success).toBe(true);
  });

  it('makes no request from a number it cannot read', () => {
    expect(momo.data({ country: 'cg', operator: 'mtn', phone: '06 12' })).toBeUndefined();
    expect(momo.data({ country: 'zz', operator: 'mtn', phone: '06 123 4567' })).toBeUndefined();
  });

  it('puts what the service refuses under the field the payer can fix', () => {
    const values = { country: 'cm', operator: 'mtn', phone: '6 71 23 45 67' };
    expect(momo.refusal('payment_method_data.momo.msisdn', values)).toEqual([
      'phone',
      { key: 'error.phone.invalid', params: { country: 'cm' } },
    ]);
    expect(momo.refusal('payment_method_data.momo.country', values)).toEqual([
      'phone',
      { key: 'error.phone.invalid', params: { country: 'cm' } },
    ]);
    expect(momo.refusal('payment_method_data.momo.operator_name', values)).toEqual([
      'operator',
      { key: 'error.operator.empty' },
    ]);
    expect(momo.refusal('payment_method_data.type', values)).toBeUndefined();
    expect(momo.refusal('first_name', values)).toBeUndefined();
  });
});

describe('momo › an attempt as the payer sees it', () => {
  it('shows the number in full as the field holds it (formatted as typed), and masked from an intent read', () => {
    const number = numberFor('approved_after_delay', 'cm', 'orange');
    const typed = momo.edit({ country: 'cm', operator: '', phone: '' }, 'phone', number.national, new Set(), 'xaf')
      .values.phone;
    expect(typed).toMatch(/^\d+( \d+)+$/);
    const fromForm = momo.view({ country: 'cm', operator: 'orange', phone: typed });
    expect(fromForm).toEqual({ type: 'momo', country: 'cm', operator: 'orange', phone: typed });
    const fromRead = momo.viewOfIntent({
      type: 'momo',
      momo: { country: 'cm', operator_name: 'orange', msisdn_last4: number.msisdn.slice(-4) },
    });
    expect(fromRead && { ...fromRead, phone: fromRead.phone.replace(NBSP, ' ') }).toEqual({
      ...fromForm,
      phone: '+237 • •• •• 34 00',
    });
  });

  it('shows no number for a number that is not one', () => {
    expect(momo.view({ country: 'cm', operator: 'orange', phone: '12' }).phone).toBe('');
  });

  it('has nothing to show from a read without its detail', () => {
    expect(momo.viewOfIntent({ type: 'momo' })).toBeNull();
  });
});

describe('momo.edit › a wallet said to be down', () => {
  const down = [{ country: 'cg', operator_name: 'mtn', status: 'down', delay_seconds: null }];
  const empty = { country: 'cg', operator: '', phone: '' };

  it('is not chosen from the number; up, it is', () => {
    expect(momo.edit(empty, 'phone', '061234567', new Set(), 'xaf', down).values.operator).toBe('');
    expect(momo.edit(empty, 'phone', '061234567', new Set(), 'xaf', []).values.operator).toBe('mtn');
  });

  it('chosen from the number before the report came, it is let go; chosen by hand, it stays', () => {
    const auto = momo.edit(empty, 'phone', '061234567', new Set(), 'xaf');
    const again = momo.edit(auto.values, 'phone', auto.values.phone, auto.filled, 'xaf', down);
    expect(again.values.operator).toBe('');
    expect(again.filled.has('operator')).toBe(false);
    const byHand = { country: 'cg', operator: 'mtn', phone: '' };
    expect(momo.edit(byHand, 'phone', '061234567', new Set(), 'xaf', down).values.operator).toBe('mtn');
  });
});
