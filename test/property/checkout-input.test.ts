// @vitest-environment node
// Property-based tests of everything a payer or a merchant can feed the checkout: whatever the
// input, nothing throws, and what is sent is always a request the service accepts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { confirmRequestSchema, paymentIntentViewSchema, publicSessionSchema } from '../../src/api/schemas';
import { safeReturnUrl } from '../../src/checkout/return-url';
import { confirmRequest, type FormValues, formErrors } from '../../src/checkout/form';
import { isBlocking } from '../../src/checkout/validation';
import { readAddress } from '../../src/hosted/location';
import { formatAmount } from '../../src/i18n';
import {
  checkPhone,
  COUNTRIES,
  detectWallet,
  formatAsTyped,
  isValidMsisdn,
  maskMsisdn,
  nationalDigits,
  TEST_NUMBERS,
  toMsisdn,
} from '../../src/phone';
import { NATIONAL_PLANS } from '../../src/phone/countries';
import { isMobileMsisdn } from '../../src/sandbox/phone';

const RUNS = 2000;
const countries = fc.constantFrom(...COUNTRIES.map((c) => c.code), 'xx', '', 'CG');
const operators = fc.constantFrom('mtn', 'airtel', 'orange', 'moov', 'wave', 'mixx', 'telecel', '', 'MTN', 'x');
/** Text a payer could type or paste: any unicode, digits with separators, real numbers. */
const typed = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.stringMatching(/^[+0-9 ().-]{0,24}$/),
  fc.constantFrom(...TEST_NUMBERS.map((n) => n.national), ...TEST_NUMBERS.map((n) => `+${n.msisdn}`)),
);
const names = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 120 }),
  fc.constantFrom('Élodie', "N'Goma-Mbemba", 'Jean Paul', '<script>', 'ا'),
);
const emails = fc.oneof(fc.emailAddress(), fc.string({ maxLength: 60 }), fc.constantFrom('a@b.cg', 'x@', '@y.cm'));
const randomForms = fc.record<FormValues>({
  firstName: names,
  lastName: names,
  email: emails,
  country: countries,
  operator: operators,
  phone: typed,
});
/** Forms a careful payer fills in (a real number, its operator), so valid forms are drawn often. */
const carefulForms = fc
  .record<FormValues>({
    firstName: fc.constantFrom('Élodie', 'Jean-Paul', "N'Goma", 'Awa'),
    lastName: names,
    email: emails,
    country: fc.constant(''),
    operator: fc.constant(''),
    phone: fc.constant(''),
  })
  .chain((form) =>
    fc
      .constantFrom(...TEST_NUMBERS)
      .map((n): FormValues => ({ ...form, country: n.country, operator: n.operator, phone: n.national })),
  );
const forms = fc.oneof(randomForms, carefulForms);

describe('property › the payer form', () => {
  it('never throws, and a form that passes validation always builds a confirm the service accepts', () => {
    let accepted = 0;
    fc.assert(
      fc.property(forms, (form) => {
        const errors = formErrors(form);
        if (isBlocking(errors)) return;
        const body = confirmRequest(form, 'pi_abc_secret_def');
        expect(body).toBeDefined();
        expect(confirmRequestSchema.safeParse(body).success).toBe(true);
        expect(isValidMsisdn(form.country, body!.payment_method_data.momo.msisdn)).toBe(true);
        accepted++;
      }),
      { numRuns: RUNS },
    );
    // The generator must reach valid forms too, or the property proves nothing.
    expect(accepted).toBeGreaterThan(0);
  });

  it('builds valid confirms from every sandbox test number', () => {
    for (const number of TEST_NUMBERS) {
      const form: FormValues = {
        firstName: 'Awa',
        lastName: 'Ndong',
        email: 'awa@example.cm',
        country: number.country,
        operator: number.operator,
        phone: number.national,
      };
      expect(isBlocking(formErrors(form)), number.national).toBe(false);
      expect(confirmRequest(form, 's')?.payment_method_data.momo.msisdn).toBe(number.msisdn);
    }
  });
});

describe('property › phone numbers', () => {
  it('every function is total on any input', () => {
    fc.assert(
      fc.property(countries, typed, operators, (country, input, operator) => {
        formatAsTyped(country, input);
        checkPhone(country, input, operator);
        detectWallet(country, input);
        nationalDigits(country, input);
        maskMsisdn(input);
        toMsisdn(country, input);
      }),
      { numRuns: RUNS },
    );
  });

  it('formatting as typed keeps every digit the payer typed and is stable', () => {
    fc.assert(
      fc.property(countries, fc.stringMatching(/^[0-9 ]{0,16}$/), (country, input) => {
        const formatted = formatAsTyped(country, input);
        expect(formatted.replace(/\D/g, '')).toBe(input.replace(/\D/g, ''));
        expect(formatAsTyped(country, formatted)).toBe(formatted);
      }),
      { numRuns: RUNS },
    );
  });

  it('a number accepted for sending is valid for its country, and its mask shows at most 4 digits', () => {
    fc.assert(
      fc.property(countries, typed, (country, input) => {
        const msisdn = toMsisdn(country, input);
        if (msisdn === undefined) return;
        expect(checkPhone(country, input)).toBeNull();
        expect(isValidMsisdn(country, msisdn)).toBe(true);
        expect(maskMsisdn(msisdn).replace(/\D/g, '').length).toBeLessThanOrEqual(4 + 3);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('property › phone numbers of every country', () => {
  /** A country and an NSN of its mobile length, often starting like one of its networks' numbers. */
  const numbers = fc.constantFrom(...COUNTRIES).chain((country) => {
    const { length } = NATIONAL_PLANS[country.code];
    const starts = [
      ...country.networks.flatMap((n) => n.prefixes),
      ...TEST_NUMBERS.filter((t) => t.country === country.code).map((t) =>
        t.msisdn.slice(country.callingCode.length, -4),
      ),
      '',
    ];
    return fc
      .tuple(fc.constant(country), fc.constantFrom(...starts), fc.stringMatching(new RegExp(`^\\d{${length}}$`)))
      .map(([c, start, digits]) => [c, (start + digits).slice(0, length)] as const);
  });

  it('the checkout and the service (libphonenumber-js) accept the same numbers, however typed', () => {
    let valid = 0;
    fc.assert(
      fc.property(numbers, ([country, nsn]) => {
        const msisdn = country.callingCode + nsn;
        const service = isMobileMsisdn(country.code, msisdn);
        expect(isValidMsisdn(country.code, msisdn)).toBe(service);
        expect(toMsisdn(country.code, `+${msisdn}`)).toBe(service ? msisdn : undefined);
        const typed = formatAsTyped(country.code, `+${msisdn}`);
        expect(typed.replace(/\D/g, '')).toBe(msisdn);
        if (service) {
          valid++;
          expect(toMsisdn(country.code, typed)).toBe(msisdn);
          expect(maskMsisdn(msisdn).replace(/\D/g, '')).toBe(country.callingCode + msisdn.slice(-4));
          expect(detectWallet(country.code, typed)).not.toBe('wave');
          expect(checkPhone(country.code, typed, 'wave')).toBeNull();
        }
      }),
      { numRuns: RUNS },
    );
    expect(valid).toBeGreaterThan(RUNS / 10);
  });
});

describe('property › amounts', () => {
  it('formats any amount in any currency code without throwing, keeping the XAF digits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.string({ minLength: 0, maxLength: 5 }),
        fc.constantFrom('fr' as const, 'en' as const),
        (amount, currency, lang) => {
          expect(typeof formatAmount(amount, currency, lang)).toBe('string');
          expect(formatAmount(amount, 'xaf', lang).replace(/\D/g, '')).toBe(String(amount));
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('property › addresses', () => {
  it('a return address is either refused or an absolute http(s) URL', () => {
    const hostile = fc.constantFrom(
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x',
      '/relative',
      'http://',
      'vbscript:x',
      'https://shop.example/ok?session={CHECKOUT_SESSION_ID}',
    );
    fc.assert(
      fc.property(
        fc.oneof(fc.webUrl(), fc.string(), hostile),
        fc.option(fc.stringMatching(/^cs_[A-Za-z0-9]{1,24}$/), { nil: undefined }),
        (raw, session) => {
          const url = safeReturnUrl(raw, session);
          if (url === null) return;
          expect(url).toMatch(/^https?:\/\/[^/]/);
          expect(new URL(url).protocol).toMatch(/^https?:$/);
        },
      ),
      { numRuns: RUNS },
    );
    for (const raw of ['javascript:alert(1)', 'data:text/html,x', '//evil.example/x', '/relative', 'vbscript:x'])
      expect(safeReturnUrl(raw)).toBeNull();
  });

  it('reading the page address never throws and never takes the secret from anywhere but the fragment', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (pathname, search, hash) => {
        const address = readAddress({ pathname: `/pay/${pathname}`, search: `?${search}`, hash: `#${hash}` });
        expect(typeof address.clientSecret).toBe('string');
        if (!hash.includes('%')) expect(address.clientSecret).toBe(hash);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('property › answers of the service', () => {
  it('parsing any JSON value as an intent or a session never throws', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(typeof paymentIntentViewSchema.safeParse(value).success).toBe('boolean');
        expect(typeof publicSessionSchema.safeParse(value).success).toBe('boolean');
      }),
      { numRuns: RUNS },
    );
  });
});
