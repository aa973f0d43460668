// The token of a plain (no-JavaScript) payment form: issued with the form, posted back in a hidden
// field, checked before anything is sent. It binds the form to its page's id, to the moment it was
// issued and to the number of attempts the intent had then, under a key this server makes at start
// and never writes anywhere (a restart voids the forms out: the payer is shown the form again).
// The confirm's Idempotency-Key is derived from it: one form, one confirm.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

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

export function createFormTokens({
  key = randomBytes(32),
  now = Date.now,
}: {
  key?: Uint8Array;
  now?: () => number;
} = {}): FormTokens {
  const mac = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
  const signed = (id: string, issuedAt: string, attempts: string, nonce: string) =>
    mac(`form\n${id}\n${issuedAt}\n${attempts}\n${nonce}`);
  return {
    issue(id, attempts) {
      const issuedAt = String(now());
      const nonce = randomBytes(16).toString('base64url');
      return `${issuedAt}.${attempts}.${nonce}.${signed(id, issuedAt, String(attempts), nonce)}`;
    },
    verify(id, token) {
      const parts = TOKEN.exec(token);
      if (!parts) return { ok: false, reason: 'invalid' };
      const [, issuedAt = '', attempts = '', nonce = '', given = ''] = parts;
      const expected = Buffer.from(signed(id, issuedAt, attempts, nonce));
      if (!timingSafeEqual(expected, Buffer.from(given))) return { ok: false, reason: 'invalid' };
      const age = now() - Number(issuedAt);
      if (age < 0 || age > FORM_TOKEN_TTL_MS) return { ok: false, reason: 'expired' };
      return { ok: true, attempts: Number(attempts) };
    },
    // Not the token itself: the service stores and may log its keys; nothing there can be turned back into a form.
    idempotencyKey: (token, purpose) => `nojs_${mac(`idempotency\n${purpose}\n${token}`)}`,
  };
}
