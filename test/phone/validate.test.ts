// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isValidMsisdn, nationalDigits, toMsisdn } from '../../src/phone';

describe('isValidMsisdn', () => {
  it.each([
    ['cg', '242061234567'], // MTN
    ['cg', '242055123456'], // Airtel
    ['cg', '242044321098'], // Airtel (ex-Warid)
    ['cm', '237671234567'], // MTN
    ['cm', '237652345678'], // MTN 650-654
    ['cm', '237682345678'], // MTN 680-683
    ['cm', '237699876543'], // Orange
    ['cm', '237656789012'], // Orange 655-659
    ['cm', '237661234567'], // Nexttel: a mobile number, just not a supported operator
    ['ga', '24177123456'], // Airtel
    ['ga', '24174123456'],
    ['ga', '24166123456'], // Moov
    ['ga', '24162123456'],
    ['td', '23566123456'], // Airtel
    ['td', '23599123456'], // Moov
    ['cf', '23672123456'], // Orange
  ])('accepts the mobile number %s %s', (country, msisdn) => {
    expect(isValidMsisdn(country, msisdn)).toBe(true);
  });

  it.each([
    ['cg', '242222812345', 'fixed line'],
    ['cg', '242800123456', 'non-mobile range'],
    ['cm', '237222123456', 'fixed line'],
    ['ga', '24111123456', 'fixed line'],
    ['ga', '24107123456', 'retired 8-digit plan (0 inside the NSN)'],
    ['ga', '2417123456', 'retired 7-digit plan'],
    ['td', '23522501234', 'fixed line'],
    ['cf', '23621612345', 'fixed line'],
    ['cg', '24206123456', 'one digit short'],
    ['cg', '2420612345678', 'one digit long'],
    ['cg', '24261234567', 'NSN without its leading 0'],
    ['cm', '242671234567', 'calling code of another country'],
    ['cg', '237671234567', 'a Cameroonian number'],
    ['cg', '+242061234567', 'plus sign'],
    ['cg', '242 06 123 4567', 'spaces'],
    ['cg', '242061234567 ', 'trailing space'],
    ['fr', '33612345678', 'unsupported country'],
    ['cg', '', 'empty'],
  ])('rejects %s %s (%s)', (country, msisdn) => {
    expect(isValidMsisdn(country, msisdn)).toBe(false);
  });

  it('takes the country in any case', () => {
    expect(isValidMsisdn('CG', '242061234567')).toBe(true);
  });
});

describe('toMsisdn', () => {
  it.each([
    ['cg', '061234567', '242061234567'],
    ['cg', '06 123 4567', '242061234567'],
    ['cg', '06-123-45-67', '242061234567'],
    ['cg', '(06) 123.45.67', '242061234567'],
    ['cg', '61234567', '242061234567'], // leading 0 left out
    ['cg', '+242 06 123 4567', '242061234567'],
    ['cg', '+242 6 123 4567', '242061234567'],
    ['cg', '00242061234567', '242061234567'],
    ['cg', '242061234567', '242061234567'],
    ['cg', '05 512 3456', '242055123456'],
    ['cm', '6 71 23 45 67', '237671234567'],
    ['cm', '671234567', '237671234567'],
    ['cm', '0671234567', '237671234567'], // stray 0: Cameroon has no trunk prefix
    ['cm', '+237 671 23 45 67', '237671234567'],
    ['cm', '237671234567', '237671234567'],
    ['ga', '077 12 34 56', '24177123456'],
    ['ga', '77 12 34 56', '24177123456'],
    ['ga', '+241 77 12 34 56', '24177123456'],
    ['ga', '+241 077 12 34 56', '24177123456'],
    ['ga', '066123456', '24166123456'],
    ['td', '66 12 34 56', '23566123456'],
    ['td', '+235 99 12 34 56', '23599123456'],
    ['td', '٦٦١٢٣٤٥٦', '23566123456'], // Arabic-Indic digits
    ['cf', '72 12 34 56', '23672123456'],
    ['CF', '+236 72123456', '23672123456'],
  ])('%s %j → %s', (country, input, msisdn) => {
    expect(toMsisdn(country, input)).toBe(msisdn);
  });

  it.each([
    ['cg', '06 123 456'],
    ['cg', '06 123 45678'],
    ['cg', '22 281 2345'], // fixed line
    ['cg', '+237 6 71 23 45 67'], // another country's number
    ['cg', '+33 6 12 34 56 78'],
    ['ga', '07 12 34 56'], // 8-digit plan, off since April 2024
    ['ga', '+241 07 12 34 56'],
    ['cm', '6 71 23 45'],
    ['td', '22 52 01 23'],
    ['fr', '06 12 34 56 78'],
    ['cg', ''],
    ['cg', '+'],
  ])('%s %j → undefined', (country, input) => {
    expect(toMsisdn(country, input)).toBeUndefined();
  });
});

describe('nationalDigits', () => {
  it.each([
    ['cg', '06 123 45 67', '061234567'],
    ['cg', '+242 06 123 4567', '061234567'],
    ['cg', '242061234567', '061234567'],
    ['cg', '06 12', '0612'],
    ['cg', '61234567', '61234567'], // as typed: nothing added
    ['ga', '077 12 34 90', '77123490'],
    ['ga', '+241 77 12 34 91', '77123491'],
    ['cm', '6 71 23 45 92', '671234592'],
    ['cm', '0671234593', '671234593'],
    ['td', '99 12 34 94', '99123494'],
    ['cg', '+33 6 12', ''],
    ['cg', '', ''],
  ])('%s %j → %j', (country, input, digits) => {
    expect(nationalDigits(country, input)).toBe(digits);
  });

  it('keeps the last two digits the sandbox reads', () => {
    expect(nationalDigits('cg', '+242 06 123 4595').slice(-2)).toBe('95');
  });
});
