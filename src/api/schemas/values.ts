// Values the service's requests and resources share, which a payer's page never reads (its own are
// ./fields): phone numbers as the service writes them, the whole e-mail rule, metadata.
import * as z from 'zod/mini';
import { emailSchema } from './fields';

/** Digits with the country calling code and no `+`, as the service writes phone numbers. */
export const msisdnSchema = z.string().check(z.regex(/^[1-9]\d{7,14}$/));
const octets = (text: string) => new TextEncoder().encode(text).length;

/**
 * The e-mail rule whole (decision: docs/decisions.md): the page's `emailSchema`, with the lengths RFC 6531
 * sets counted as it counts them, in UTF-8 octets: ≤ 64 before the @, ≤ 253 after, ≤ 254 in all.
 */
export const emailAddressSchema = emailSchema.check(
  z.refine((text) => {
    const at = text.lastIndexOf('@');
    return octets(text.slice(0, at)) <= 64 && octets(text.slice(at + 1)) <= 253 && octets(text) <= 254;
  }),
);
export const metadataSchema = z.record(
  z.string().check(z.maxLength(40)),
  z.union([z.string().check(z.maxLength(500)), z.number(), z.boolean()]),
);
