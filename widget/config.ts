// What a merchant's integration decides, checked and defaulted: where the API is, which language,
// and a clear console message (never a secret in it) when something is wrong.
import { parseClientSecret } from '../src/api/schemas/client-secret';
import { isLang, type Lang, pickLang } from '../src/i18n';

let loadedFrom: string | undefined;

/** Remembers where the widget's code was loaded from: the API is there unless told otherwise. */
export function setScriptUrl(url: string | undefined): void {
  try {
    const { origin, protocol } = new URL(url || '');
    loadedFrom = protocol === 'https:' || protocol === 'http:' ? origin : undefined;
  } catch {
    loadedFrom = undefined;
  }
}

/**
 * The service's address: the option (with or without a trailing `/v1`, as the sandbox prints it,
 * and as the API client takes it), else where widget.js came from, else this page's origin.
 */
export const apiBaseOf = (option: string | undefined): string =>
  option?.replace(/\/+(?:v1\/*)?$/, '') || loadedFrom || location.origin;

export const report = (problem: string): void => console.error(`momo-checkout: ${problem}`);

/** `fr`, `en`, `ar`, `es`, `pt` (or `fr-CG`, `ar-TD`…); anything else is reported, then the browser's language is used. */
export function langOf(requested: string | null | undefined): Lang {
  // biome-ignore lint/style/noNonNullAssertion: split() gives at least one part
  const base = (requested || '').trim().toLowerCase().split('-')[0]!;
  if (base && !isLang(base))
    report(
      `lang "${requested}" is not supported: use "fr", "en", "ar", "es" or "pt". Using the browser's language instead.`,
    );
  return pickLang(isLang(base) ? base : null, navigator.languages);
}

/** What is wrong with an intent id and client secret, before anything is sent; null if they look right. */
export function linkProblem(intentId: string, secret: string): string | null {
  if (!intentId) return 'the payment intent id is missing (attribute intent="pi_…", option intentId).';
  if (!/^pi_[A-Za-z0-9]+$/.test(intentId)) return 'the payment intent id is malformed: it looks like "pi_…".';
  if (!secret) return 'the client secret is missing (attribute client-secret, option clientSecret).';
  const parsed = parseClientSecret(secret);
  const owner = parsed && parsed.intentId;
  if (owner ? owner !== intentId : !secret.startsWith(`${intentId}_`))
    return `the client secret does not belong to payment intent ${intentId}.`;
  if (!owner) return 'the client secret is malformed: it looks like "pi_…_secret_…".';
  return null;
}
