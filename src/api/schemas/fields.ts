// Field shapes shared by the whole contract (./index) and by what a payer's browser reads
// (./checkout). Only cheap, widely used definitions belong here: every one of them is built when a
// page loads.
import * as z from 'zod/mini';
import { CLIENT_SECRET } from './client-secret';

export const prefixed = (prefix: string) => z.string().check(z.regex(new RegExp(`^${prefix}_[^\\s]+$`)));
/** ISO 8601 date-time with a Z or an offset, as the service writes them. */
export const timestamp = () =>
  z.string().check(z.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:\d\d)$/));
export const nonEmpty = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
export const nullableText = () => z.nullable(z.string());
/**
 * A single line of plain text (a name, a description): none of the controls (NUL, tab, CR, LF…:
 * U+0000–U+001F, U+007F–U+009F), the line and paragraph separators (U+2028, U+2029), the zero-width
 * characters (U+200B–U+200D, U+2060, U+FEFF) or the direction marks and controls (U+200E, U+200F,
 * U+061C, U+202A–U+202E, U+2066–U+2069). Issue 28: a description took NUL, newlines and zero widths.
 */
export const SINGLE_LINE = /^[^\p{Cc}\u2028\u2029\u200b-\u200f\u2060\ufeff\u061c\u202a-\u202e\u2066-\u2069]*$/u;
/** `nonEmpty`, on one line (`SINGLE_LINE`): what request bodies take for names. */
export const singleLine = (max: number) =>
  z.string().check(z.trim(), z.minLength(1), z.maxLength(max), z.regex(SINGLE_LINE));

export const currencySchema = z.string().check(z.regex(/^[a-z]{3}$/));
export const countrySchema = z.string().check(z.regex(/^[a-z]{2}$/));
export const amountSchema = z.int().check(z.positive());
export const operatorNameSchema = z.string().check(z.regex(/^[a-z][a-z0-9_]{0,31}$/));
/**
 * An e-mail address by RFC 6531 (decision: docs/decisions.md), the one rule of the page and the service.
 * Local part: RFC 5322's dot-atom, whose characters (atext: printable ASCII but its specials) may
 * also be any non-ASCII one but a space or a control. Domain: two labels or more of letters of any
 * script, digits and inner hyphens, the last of letters (or its `xn--` form: a browser may send an
 * IDN so). No quoted local parts, comments or IP literals. Lengths here are in characters; the
 * service counts them in UTF-8 octets (`emailAddressSchema`, ./index), which are never fewer, so
 * the page refuses nothing the service would take.
 */
export const emailSchema = z
  .string()
  .check(
    z.regex(
      /^(?=[^@]{1,64}@)(?=.{1,254}$)[^\0-\x20"(),.:;<>@[\\\]\x7f-\x9f\s]+(?:\.[^\0-\x20"(),.:;<>@[\\\]\x7f-\x9f\s]+)*@(?:[\p{L}\p{Nd}](?:[\p{L}\p{M}\p{Nd}-]*[\p{L}\p{M}\p{Nd}])?\.)+(?:\p{L}[\p{L}\p{M}]+|xn--[a-z\d-]+)$/iu,
    ),
  );

/** A client secret, as the contract checks it (its format: ./client-secret). */
export const clientSecretSchema = z.string().check(z.regex(CLIENT_SECRET));
