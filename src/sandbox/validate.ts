// Schema validation with answers a developer can act on: the dotted path of the first problem and
// an English sentence naming it.
import type * as z from 'zod/mini';
import { SINGLE_LINE } from '../api/schemas/fields';
import { COUNTRIES, findCountry } from '../phone';
import { invalidField, SandboxError } from './errors';

type Issue = z.core.$ZodIssue;

/** Hints for fields whose format is a convention rather than something obvious from a type. */
const FORMAT_HINTS: Readonly<Record<string, string>> = {
  amount: 'must be a positive whole number, as an integer or as digits in a string',
  total: 'must be a positive whole number',
  currency: 'must be a lower-case three-letter currency code such as "xaf"',
  country: 'must be a lower-case two-letter country code such as "cg"',
  msisdn: 'must be the mobile number as digits with the country calling code and no "+", such as "242061234567"',
  operator_name: 'must be a lower-case operator name such as "mtn"',
  receipt_email: 'must be a valid e-mail address',
  support_email: 'must be a valid e-mail address',
  support_phone:
    'must be a phone number in international form: "+", the country calling code and the number, such as "+242061234567"',
  name: 'must be plain text of 1 to 60 characters, without line breaks, control, zero-width or direction characters',
  accountId: 'must be an account id starting with "acct_"',
  productId: 'must be a product id starting with "prt_"',
  expiresAt:
    'must be a date and time with its offset, such as "2026-03-10T10:30:00+01:00", from 60 seconds to 24 hours from now',
};

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The characters a single line refuses, by kind, for the message that names the one found. */
function kindOf(character: string): string {
  if (/[\n\r\u2028\u2029]/u.test(character)) return 'a line break';
  if (/\p{Cc}/u.test(character)) return 'a control character';
  if (/[\u200b-\u200d\u2060\ufeff]/u.test(character)) return 'a zero-width character';
  return 'a direction control';
}

/** Why a text is not a single line (`SINGLE_LINE`): the first character it refuses, by code and kind. */
function notSingleLine(name: string, value: unknown): string {
  const found = typeof value === 'string' ? [...value].find((c) => !SINGLE_LINE.test(c)) : undefined;
  const which = found
    ? `: it holds U+${(found.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')} (${kindOf(found)})`
    : '';
  return `${name} must be a single line of plain text, without line breaks, control characters (U+0000 to U+001F, U+007F to U+009F), zero-width characters (U+200B to U+200D, U+2060, U+FEFF) or direction controls${which}.`;
}

function describe(issue: Issue, field: string, input: unknown): string {
  const name = `\`${field}\``;
  const leaf = String(issue.path.at(-1) ?? '');
  const hint = FORMAT_HINTS[leaf];
  switch (issue.code) {
    case 'invalid_type':
      if (valueAt(input, issue.path) === undefined) return `${name} is required.`;
      return hint ? `${name} ${hint}.` : `${name} must be of type ${issue.expected}.`;
    case 'too_small':
      if (issue.origin === 'string')
        return issue.minimum === 1
          ? `${name} must not be empty.`
          : `${name} must have at least ${issue.minimum} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${name} must contain at least ${issue.minimum} item(s).`;
      return `${name} must be ${issue.inclusive ? 'at least' : 'greater than'} ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string') return `${name} must have at most ${issue.maximum} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${name} must contain at most ${issue.maximum} items.`;
      return `${name} must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}.`;
    case 'invalid_value':
      return `${name} must be one of: ${issue.values.map((v) => JSON.stringify(v)).join(', ')}.`;
    case 'invalid_format':
      if (issue.format === 'regex' && issue.pattern === String(SINGLE_LINE))
        return notSingleLine(name, valueAt(input, issue.path));
      return hint ? `${name} ${hint}.` : `${name} has an invalid format.`;
    case 'invalid_union':
    case 'custom':
    case 'not_multiple_of':
      return hint ? `${name} ${hint}.` : `${name} has an invalid format.`;
    default:
      return `${name} is invalid.`;
  }
}

/**
 * Bidirectional controls: the embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069)
 * and the marks (U+200E, U+200F, U+061C). In an item name or a payer's name they can make a line
 * read otherwise than it is ("Riz Total : 10 000" beside a 5 000 total); no merchant or payer text
 * needs them (a page isolates each text it shows), so the sandbox refuses them everywhere.
 */
export const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/u;

/** The dotted path of the first text (value or key) of `value` holding a bidirectional control, or null. */
function bidiPath(value: unknown, path: string[]): string[] | null {
  if (typeof value === 'string') return BIDI_CONTROLS.test(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (BIDI_CONTROLS.test(key)) return [...path, key];
    const found = bidiPath(inner, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** Throws 400 `invalid_request` naming the first field of `value` that holds a bidirectional control. */
export function refuseBidiControls(value: unknown): void {
  const path = bidiPath(value, []);
  if (!path) return;
  const field = path.join('.') || '(body)';
  throw invalidField(
    field,
    `\`${field}\` must not contain bidirectional control characters (U+202A to U+202E, U+2066 to U+2069, U+200E, U+200F, U+061C): they can make a text read otherwise than it is.`,
  );
}

/**
 * Parses `input` with `schema`, or throws 400 `invalid_request` naming the first bad field; a
 * text anywhere in it holding a bidirectional control is one (`refuseBidiControls`).
 */
export function parseWith<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) {
    refuseBidiControls(result.data);
    return result.data;
  }
  const issue = result.error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    const field = [...issue.path, issue.keys[0]].map(String).join('.');
    throw invalidField(field, `\`${field}\` is not a known field.`);
  }
  if (!issue || issue.path.length === 0) {
    throw new SandboxError('invalid_request', 'The request body must be a JSON object.');
  }
  const field = issue.path.map(String).join('.');
  throw invalidField(field, describe(issue, field, input));
}

export const MAX_AMOUNT = 10_000_000;

/** The currencies of the supported countries: mobile money is paid in the country's own. */
const CURRENCIES: readonly string[] = [...new Set(COUNTRIES.map((country) => country.currency))];

/** A currency some supported country pays in; with a country given, that country's currency. */
export function checkedCurrency(currency: string, country?: string): string {
  const expected = country === undefined ? undefined : findCountry(country)?.currency;
  if (expected !== undefined && currency !== expected) {
    throw invalidField('currency', `\`currency\` must be "${expected}", the currency of country "${country}".`);
  }
  if (!CURRENCIES.includes(currency)) {
    throw invalidField(
      'currency',
      `\`currency\` "${currency}" is not paid by mobile money here; use ${CURRENCIES.map((c) => `"${c}"`).join(' or ')}.`,
    );
  }
  return currency;
}

/** Turns the amount of a request (integer or numeric text) into an integer within the limits. */
export function checkedAmount(value: number | string, field = 'amount'): number {
  const amount = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_AMOUNT) {
    throw invalidField(field, `\`${field}\` must be a whole number from 1 to ${MAX_AMOUNT}.`);
  }
  return amount;
}
