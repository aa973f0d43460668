// The token of a plain (no-JavaScript) payment form: issued with the form, posted back in a hidden
// field, checked before anything is sent. It binds the form to its page's id, to the moment it was
// issued and to the number of attempts the intent had then, under a key: for `npm start` and the
// sandbox command one made at start and written nowhere (a restart voids the forms out: the payer is
// shown the form again); for the production server (`momo-checkout-server`) the keys of its
// MOMO_FORM_KEY, shared by every instance, so a form shown by one is taken by another and survives a
// deploy. The first key signs; every key verifies, so a new key can be rolled out before it signs.
// The confirm's Idempotency-Key is derived from it: one form, one confirm, whichever instance takes it.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a form may be posted after it was shown: long enough to type on a feature phone. */
export const FORM_TOKEN_TTL_MS = 60 * 60 * 1000;

export type TokenCheck = { ok: true; attempts: number } | { ok: false; reason: 'invalid' | 'expired' };

export interface FormTokens {
  /** A token for a form of the page `id`, whose intent had `attempts` attempts when it was shown. */
  issue(id: string, attempts: number): string;
  /** Whether `token` was issued by this server for `id`, and not too long ago. */
  verify(id: string, token: string): TokenCheck;
  /** The Idempotency-Key of what `token`'s form sends (`purpose`: the confirm, or a code for a charge). */
  idempotencyKey(token: string, purpose: string): string;
}

const TOKEN = /^([0-9]{1,15})\.([0-9]{1,3})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** The fewest bytes a form key may have: a shorter secret could be guessed. */
export const MIN_FORM_KEY_BYTES = 32;

export function createFormTokens({
  keys = [randomBytes(32)],
  now = Date.now,
}: {
  /** The first signs, every one verifies (a key being rolled out, or one being retired). */
  keys?: readonly Uint8Array[];
  now?: () => number;
} = {}): FormTokens {
  const [signing] = keys;
  if (!signing) throw new RangeError('createFormTokens needs at least one key.');
  const signed = (key: Uint8Array, id: string, issuedAt: string, attempts: string, nonce: string) =>
    createHmac('sha256', key).update(`form\n${id}\n${issuedAt}\n${attempts}\n${nonce}`).digest('base64url');
  /** What a token of `id` says, if one of the keys signed it. */
  const signedFields = (id: string, token: string): { attempts: number; issuedAt: number } | null => {
    const parts = TOKEN.exec(token);
    if (!parts) return null;
    const [, issuedAt = '', attempts = '', nonce = '', given = ''] = parts;
    const genuine = keys.some((key) =>
      timingSafeEqual(Buffer.from(signed(key, id, issuedAt, attempts, nonce)), Buffer.from(given)),
    );
    return genuine ? { attempts: Number(attempts), issuedAt: Number(issuedAt) } : null;
  };
  return {
    issue(id, attempts) {
      const issuedAt = String(now());
      const nonce = randomBytes(16).toString('base64url');
      return `${issuedAt}.${attempts}.${nonce}.${signed(signing, id, issuedAt, String(attempts), nonce)}`;
    },
    verify(id, token) {
      const fields = signedFields(id, token);
      if (!fields) return { ok: false, reason: 'invalid' };
      const age = now() - fields.issuedAt;
      if (age < 0 || age > FORM_TOKEN_TTL_MS) return { ok: false, reason: 'expired' };
      return { ok: true, attempts: fields.attempts };
    },
    // Not the token itself: the service stores and may log its keys; nothing there can be turned back
    // into a form. A hash of the token, not a MAC under one key: every instance, whichever keys it
    // holds during a rotation, derives the same key from the same form (one form, one confirm), and
    // only whoever holds the token (the payer's screen) can derive it.
    idempotencyKey: (token, purpose) =>
      `nojs_${createHash('sha256').update(`idempotency\n${purpose}\n${token}`).digest('base64url')}`,
  };
}
