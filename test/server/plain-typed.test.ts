// @vitest-environment node
// The number a payer typed, kept by their browser for the plain pages (src/server/plain-typed.ts):
// read back whole or not at all, and shown only for the attempt it started, with the service's last digits.
import { describe, expect, it } from 'vitest';
import type { PaymentIntent } from '../../src/api/types';
import { readTyped, type Typed, typedCookie, typedFor } from '../../src/server/plain-typed';

const typed: Typed = { attempts: 1, country: 'cm', operator: 'mtn', phone: '6 71 23 45 96' };
const withCookie = (cookie: string) => new Request('https://pay.example/pay/pi_1/status', { headers: { cookie } });
const intent = (charges: number, last4: string, operator = 'mtn') =>
  ({
    payment_method: { type: 'momo', momo: { country: 'cm', operator_name: operator, msisdn_last4: last4 } },
    event: { charges: Array.from({ length: charges }, () => ({})) },
  }) as unknown as PaymentIntent;

describe('the typed number’s cookie', () => {
  it('is the payment’s pages’ alone, for an hour, out of scripts’ reach, and reads back as written', () => {
    const header = typedCookie('pi_1', typed, true);
    expect(header).toBe(
      'momo_typed=1%7Ccm%7Cmtn%7C6%2071%2023%2045%2096; Path=/pay/pi_1; Max-Age=3600; HttpOnly; Secure; SameSite=Strict',
    );
    // A page over plain http (test/server/plain-cookie.test.ts): a browser would drop a Secure one.
    expect(typedCookie('pi_1', typed, false)).toBe(header.replace('Secure; ', ''));
    expect(readTyped(withCookie(`other=1; ${header.split(';')[0]}`))).toEqual(typed);
  });

  it.each([
    ['no cookie', ''],
    ['not a number', 'momo_typed=1%7Ccm%7Cmtn%7C%3Cscript%3E'],
    ['an unknown wallet', 'momo_typed=1%7Ccm%7Cnowallet%7C671234596'],
    ['a field missing', 'momo_typed=1%7Ccm%7C671234596'],
    ['bad percent-encoding', 'momo_typed=%E0%A4%A'],
  ])('is nothing when it does not read whole: %s', (_, cookie) => {
    expect(readTyped(withCookie(cookie))).toBeNull();
  });
});

describe('typedFor', () => {
  it('gives the number as typed for the attempt it started, its last digits the service’s', () => {
    expect(typedFor(typed, intent(1, '4596'))).toBe('6 71 23 45 96');
  });

  it.each([
    ['another attempt since', intent(2, '4596')],
    ['other last digits', intent(1, '4597')],
    ['another wallet', intent(1, '4596', 'orange')],
  ])('is null for %s', (_, read) => {
    expect(typedFor(typed, read)).toBeNull();
  });
});
