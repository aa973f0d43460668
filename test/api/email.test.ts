// @vitest-environment node
// One e-mail rule, RFC 6531's (internationalised addresses), shared by the checkout's form and the
// sandbox: `emailSchema` (src/api/schemas/fields.ts), which the contract's `emailAddressSchema`
// completes with the lengths in UTF-8 octets.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emailAddressSchema } from '../../src/api/schemas';
import { emailSchema } from '../../src/api/schemas/fields';
import { payerRules } from '../../src/checkout/validation';

const valid = (address: string) => emailAddressSchema.safeParse(address).success;
const validOnPage = (address: string) => emailSchema.safeParse(address).success;
const octets = (text: string) => new TextEncoder().encode(text).length;

describe('the e-mail rule (RFC 5322 dot-atom, extended by RFC 6531 with any non-ASCII character)', () => {
  it.each([
    'awa@example.cg',
    'élodie@exemple.cg',
    'awa@exémple.cg',
    'Élodie.N’Goma@exemple.cg',
    '用户@例子.公司',
    'пользователь@пример.рф',
    'राम@उदाहरण.भारत',
    'awa@xn--exmple-cva.cg',
    '用户@xn--fsqu00a.xn--55qx5d',
    "o'brien+receipts@shop.example.cm",
    "!#$%&'*+-/=?^_`{|}~@example.cg",
    'a.b.c@sub-domain.example.cg',
    'AWA@EXAMPLE.CG',
    '1@2.cg',
  ])('accepts %s', (address) => {
    expect(valid(address)).toBe(true);
    expect(validOnPage(address)).toBe(true);
  });

  it.each([
    ['a one-label domain', 'a@b'],
    ['a double dot', 'a..b@c.cg'],
    ['a leading dot', '.a@c.cg'],
    ['a trailing dot in the local part', 'a.@c.cg'],
    ['a domain label starting with a hyphen', 'a@-c.cg'],
    ['a domain label ending with a hyphen', 'a@c-.cg'],
    ['a space', 'a b@c.cg'],
    ['a no-break space', 'a\u00a0b@c.cg'],
    ['a space in the domain', 'a@c d.cg'],
    ['two @', 'a@b@c.cg'],
    ['no @', 'awa.example.cg'],
    ['an empty local part', '@c.cg'],
    ['an empty domain', 'a@'],
    ['a one-letter TLD', 'a@c.g'],
    ['a numeric TLD', 'a@c.123'],
    ['a double dot in the domain', 'a@c..cg'],
    ['a trailing dot in the domain', 'a@c.cg.'],
    ['a quoted local part', '"a b"@c.cg'],
    ['an IP literal', 'a@[192.0.2.1]'],
    ['a control character', 'a\u0007@c.cg'],
    ['a C1 control character', 'a\u0085@c.cg'],
    ['a line break', 'a@c.cg\n'],
    ['an underscore in the domain', 'a@c_d.cg'],
    ['a display name', 'Awa <awa@example.cg>'],
    ['an empty string', ''],
  ])('refuses %s (%j)', (_label, address) => {
    expect(valid(address)).toBe(false);
    expect(validOnPage(address)).toBe(false);
  });

  it('counts the local part (≤ 64), the domain (≤ 253) and the whole (≤ 254) in UTF-8 octets', () => {
    const local64 = 'a'.repeat(64);
    expect(valid(`${local64}@example.cg`)).toBe(true);
    expect(valid(`${local64}a@example.cg`)).toBe(false);
    // 33 characters, 66 octets: within 64 characters, past 64 octets.
    const wide = 'é'.repeat(33);
    expect(octets(wide)).toBe(66);
    expect(valid(`${wide}@example.cg`)).toBe(false);
    expect(valid(`${'é'.repeat(32)}@example.cg`)).toBe(true);

    const label = (n: number) => 'd'.repeat(n);
    // 4 × 62 + 3 dots = 251, then ".cg": 254 octets of domain (one too many).
    const domain254 = `${[label(62), label(62), label(62), label(62)].join('.')}.cg`;
    expect(octets(domain254)).toBe(254);
    expect(valid(`a@${domain254}`)).toBe(false);
    const domain253 = `${[label(62), label(62), label(62), label(61)].join('.')}.cg`;
    expect(octets(domain253)).toBe(253);
    // The domain fits, but with "a@" the whole address is 255 octets.
    expect(valid(`a@${domain253}`)).toBe(false);
    const domain252 = `${[label(62), label(62), label(62), label(60)].join('.')}.cg`;
    expect(octets(`a@${domain252}`)).toBe(254);
    expect(valid(`a@${domain252}`)).toBe(true);
    // Non-ASCII letters count as the octets they take.
    const wideDomain = `${'é'.repeat(60)}.${'é'.repeat(60)}.cg`;
    expect(octets(wideDomain)).toBe(244);
    expect(valid(`a@${wideDomain}`)).toBe(true);
    expect(valid(`abcdefghij@${wideDomain}`)).toBe(false);
  });

  it('on the page, counts the same limits in characters, so it never refuses what the service takes', () => {
    expect(validOnPage(`${'a'.repeat(64)}@example.cg`)).toBe(true);
    expect(validOnPage(`${'a'.repeat(65)}@example.cg`)).toBe(false);
    expect(validOnPage(`a@${'d'.repeat(249)}.cg`)).toBe(true);
    expect(validOnPage(`a@${'d'.repeat(250)}.cg`)).toBe(false);
    // Past 64 octets but within 64 characters: the service has the last word.
    expect(validOnPage(`${'é'.repeat(33)}@example.cg`)).toBe(true);
    const parts = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 70 }),
      fc.constantFrom('awa', 'é'.repeat(40), '用户', 'a.b', 'd'.repeat(63)),
    );
    const addresses = fc.oneof(
      fc.emailAddress(),
      fc.tuple(parts, parts, parts).map(([a, b, c]) => `${a}@${b}.${c}`),
    );
    fc.assert(
      fc.property(addresses, (address) => {
        if (valid(address)) expect(validOnPage(address)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  // Bounded by the test's time limit, not a measured time: a pattern that backtracks on these
  // inputs takes minutes to ages, far past 10 s on any machine; a linear one takes milliseconds.
  it('answers at once even on long hostile input', () => {
    for (const text of [
      'a'.repeat(16_000),
      `a@${'a-'.repeat(8000)}`,
      `a@${'a.'.repeat(8000)}-`,
      `${'a.'.repeat(8000)}@c.cg`,
      `a@${'é'.repeat(16_000)}`,
    ]) {
      expect(valid(text)).toBe(false);
    }
  }, 10_000);
});

describe("the checkout's form applies the same rule", () => {
  it.each(['élodie@exemple.cg', 'awa@exémple.cg', '用户@例子.公司'])('lets the payer pay with %s', (email) => {
    expect(payerRules.email({ firstName: 'Élodie', lastName: 'Nganga', email })).toBeNull();
  });

  it.each(['a@b', 'a..b@c.cg', '.a@c.cg', 'a@-c.cg', 'a b@c.cg', 'a@b@c.cg'])('refuses %s', (email) => {
    expect(payerRules.email({ firstName: 'Élodie', lastName: 'Nganga', email })).toEqual({
      key: 'error.email.invalid',
    });
  });

  it('trims what the payer typed around the address, as before', () => {
    expect(payerRules.email({ firstName: 'Élodie', lastName: 'Nganga', email: '  élodie@exemple.cg ' })).toBeNull();
  });
});
