// The token of a lasting receipt link (`/receipt/<token>`, ./receipt-page.ts): a payment's page id
// (`pi_…` or `cs_…`) sealed with AES-256-GCM, so that the link neither shows the id (which reads the
// client secret: an intent id is as confidential as its secret, docs/decisions.md) nor can be made
// for another payment. Its keys are derived (HKDF) from the form keys (./form-token.ts: MOMO_FORM_KEY
// in production, shared by every instance, so a link sealed by one instance opens on another and
// after a deploy); a label of their own keeps the two uses apart. The first key seals, every key
// opens: a key rolled out opens links before it seals any, and a key retired voids the links it
// sealed. No expiry: a receipt is proof of payment a payer may need months later (docs/decisions.md).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface ReceiptTokens {
  /** An opaque token for the payment page `id` (`pi_…` or `cs_…`). */
  seal(id: string): string;
  /** The page id `token` was sealed for, or null: not one of ours, altered, or under a retired key. */
  open(token: string): string | null;
}

/** What a token may look like in an address (checked before any decryption). */
export const RECEIPT_TOKEN = /^[A-Za-z0-9_-]{40,160}$/;
const PAGE_ID = /^(?:pi|cs)_[A-Za-z0-9]{1,64}$/;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Bound to every token as associated data: a token of any other use of these keys does not open. */
const PURPOSE = Buffer.from('momo-checkout receipt link v1');

/** A receipt key from a form key: the same on every instance given the same MOMO_FORM_KEY. */
const receiptKey = (formKey: Uint8Array): Buffer =>
  Buffer.from(hkdfSync('sha256', formKey, new Uint8Array(0), PURPOSE, 32));

export function createReceiptTokens({
  keys = [randomBytes(32)],
}: {
  keys?: readonly Uint8Array[];
} = {}): ReceiptTokens {
  const derived = keys.map(receiptKey);
  const [sealing] = derived;
  if (!sealing) throw new RangeError('createReceiptTokens needs at least one key.');
  return {
    seal(id) {
      if (!PAGE_ID.test(id)) throw new RangeError('A receipt link is sealed for a payment page id (pi_… or cs_…).');
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', sealing, nonce).setAAD(PURPOSE);
      const sealed = Buffer.concat([cipher.update(id, 'utf8'), cipher.final()]);
      return Buffer.concat([nonce, sealed, cipher.getAuthTag()]).toString('base64url');
    },
    open(token) {
      if (!RECEIPT_TOKEN.test(token)) return null;
      const bytes = Buffer.from(token, 'base64url');
      // One spelling per token: a last character differing only in its unused bits is another address.
      if (bytes.length <= NONCE_BYTES + TAG_BYTES || bytes.toString('base64url') !== token) return null;
      const nonce = bytes.subarray(0, NONCE_BYTES);
      const sealed = bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES);
      const tag = bytes.subarray(bytes.length - TAG_BYTES);
      for (const key of derived) {
        try {
          const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES }).setAAD(PURPOSE);
          decipher.setAuthTag(tag);
          const id = Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
          // Whatever our key sealed was an id; checked again all the same before it is read.
          return PAGE_ID.test(id) ? id : null;
        } catch {
          // Not this key's (or altered): the next key, if any.
        }
      }
      return null;
    },
  };
}
