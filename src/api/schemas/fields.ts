// Field shapes shared by the whole contract (./index) and by what a payer's browser reads
// (./checkout). Only cheap, widely used definitions belong here: every one of them is built when a
// page loads.
import * as z from 'zod/mini';

export const prefixed = (prefix: string) => z.string().check(z.regex(new RegExp(`^${prefix}_[^\\s]+$`)));
/** ISO 8601 date-time with a Z or an offset, as the service writes them. */
export const timestamp = () => z.string().check(z.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:\d\d)$/));
export const nonEmpty = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
export const nullableText = () => z.nullable(z.string());

export const currencySchema = z.string().check(z.regex(/^[a-z]{3}$/));
export const countrySchema = z.string().check(z.regex(/^[a-z]{2}$/));
export const amountSchema = z.int().check(z.positive());
export const operatorNameSchema = z.string().check(z.regex(/^[a-z][a-z0-9_]{0,31}$/));
/** The address a receipt goes to; the checkout's form checks it with the same rule. */
export const emailSchema = z.string().check(z.maxLength(254), z.regex(z.regexes.email));
export const clientSecretSchema = z.string().check(z.regex(/^pi_[A-Za-z0-9]+_(secret|sc)_[A-Za-z0-9]+$/));
