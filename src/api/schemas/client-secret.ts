// The client secret's format, in a module of its own: the checkout, the widget and the servers'
// log redaction (../redact.ts) read it, and a browser module that imports it builds no zod schema.

/**
 * A client secret: `<intent id>_secret_<random>`. The interface also allows `_sc_` for `_secret_`
 * ("contains a _sc_ or _secret suffix part"): nothing here produces that form, but a real service
 * may, so it is read — in this one place (decision: docs/decisions.md).
 */
export const CLIENT_SECRET_PATTERN = '(pi_[A-Za-z0-9]+)_(?:secret|sc)_[A-Za-z0-9]+';
export const CLIENT_SECRET = new RegExp(`^${CLIENT_SECRET_PATTERN}$`);

/** The intent a client secret belongs to, or null when `text` is not a client secret. */
export function parseClientSecret(text: string): { intentId: string } | null {
  const match = CLIENT_SECRET.exec(text);
  const intentId = match && match[1];
  return intentId ? { intentId } : null;
}
