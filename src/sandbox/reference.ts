// Extension (docs/decisions.md): a payment's short reference, which a payer reads out over the phone
// to the shop and the shop types in to find the payment — where a 27-character charge id cannot be
// read out. Six characters of Crockford's base32 (digits and capitals without I, L, O and U, which
// are taken for 1, 1, 0 or are easy to misread), grouped for reading: "K7M-4Q2". 32⁶ ≈ 10⁹ of them,
// so one is drawn again only when the merchant already has it (`taken`). Read back tolerantly:
// any case, with or without the dash or spaces, O for 0 and I or L for 1, as Crockford decodes.
import { randomInt } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 6;
/** Draws before giving up: a merchant would need most of 10⁹ references for one to fail. */
const DRAWS = 100;

/** A new reference ("K7M-4Q2") that `taken` does not hold (it is asked with the reference's canonical form, "K7M4Q2"). */
export function newReference(taken: (canonical: string) => boolean): string {
  for (let draw = 0; draw < DRAWS; draw++) {
    let canonical = '';
    while (canonical.length < LENGTH) canonical += ALPHABET[randomInt(ALPHABET.length)];
    if (!taken(canonical)) return grouped(canonical);
  }
  throw new Error('No free payment reference was found');
}

/** "K7M4Q2" → "K7M-4Q2": two groups of three, as the payer reads it out. */
export const grouped = (canonical: string): string => `${canonical.slice(0, 3)}-${canonical.slice(3)}`;

/**
 * What a person typed or read out ("k7m 4q2", "K7M-4Q2", "k7m-4q2"…) as the canonical reference
 * ("K7M4Q2"), or null when it cannot be one: case, dashes, spaces, dots and any dash are dropped, O read as
 * 0, I and L as 1; any other letter outside the alphabet (U included) makes it no reference.
 */
export function canonicalReference(text: string): string | null {
  const canonical = text
    .toUpperCase()
    .replace(/[\s.\-\u2010-\u2015]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return canonical.length === LENGTH && [...canonical].every((c) => ALPHABET.includes(c)) ? canonical : null;
}
