import { randomBytes, randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 24;

/** Uniform base62 text: bytes ≥ 248 are thrown away so that no character is favoured. */
export function randomBase62(length = RANDOM_LENGTH): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export type IdPrefix =
  | 'pi'
  | 'pm'
  | 'ch'
  | 'tr'
  | 'rem'
  | 'wt'
  | 'cs'
  | 'wal'
  | 'txn'
  | 'ext'
  | 'we'
  | 'evt'
  | 'wd'
  | 'plink';

export const newId = (prefix: IdPrefix): string => `${prefix}_${randomBase62()}`;

/** `pi_<random part of the intent id>_secret_<24 random>`: tied to its intent, unguessable. */
export function newClientSecret(intentId: string): string {
  return `${intentId}_secret_${randomBase62()}`;
}

/** An operator-style numeric reference (mobile-money operators number their transactions). */
export function numericReference(length = 10): string {
  let out = String(randomInt(1, 10));
  while (out.length < length) out += String(randomInt(0, 10));
  return out;
}
