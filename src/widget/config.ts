// What a merchant's integration decides, checked and defaulted: where the API is, which language,
// and a clear console message (never a secret in it) when something is wrong.
import { parseClientSecret } from '../api/schemas/client-secret';
import { isLang, type Lang, LANGS, pickLang } from '../i18n';

/**
 * What the checkout's server writes here as it serves widget.js, in place of this string
 * (src/server/served-config.ts): the object of its own origin and the API's address. Unwritten
 * (widget.js served by the merchant, the module in a bundle), a string has neither.
 */
const served = '__MOMO_SERVED__' as unknown as { origin?: string; api?: string };

let loadedFrom: string | undefined;

/**
 * Remembers where the widget's code was loaded from, unless its server said so: its parts and the
 * API are there unless told otherwise. (An address of no origin, `file:`, `data:`, counts for none.)
 */
export function setScriptUrl(url: string | undefined): void {
  let origin: string | undefined;
  try {
    origin = new URL(url as string).origin;
  } catch {}
  loadedFrom = served.origin || (origin !== 'null' ? origin : undefined);
}

/**
 * The service's address: the option (with or without a trailing `/v1`, as the sandbox prints it,
 * and as the API client takes it), else the one widget.js's server named, else where widget.js came
 * from, else this page's origin.
 */
export const apiBaseOf = (option: string | undefined): string =>
  (option && option.replace(/\/+(?:v1\/*)?$/, '')) || served.api || loadedFrom || location.origin;

/**
 * Where the widget's own parts are (its steps, catalogues, dialog and isolated frame): where its
 * server said widget.js lives, else, as the API, the option or where widget.js came from (a bundle
 * cannot tell: its `apiBase` is the checkout's host).
 */
export const partsBaseOf = (option: string | undefined): string => served.origin || apiBaseOf(option);

export const report = (problem: string): void => console.error(`momo-checkout: ${problem}`);

/** A language of the table (`fr`, or `fr-CG`…); anything else is reported, then the browser's language is used. */
export function langOf(requested: string | null | undefined): Lang {
  // biome-ignore lint/style/noNonNullAssertion: split() gives at least one part
  const base = (requested || '').trim().toLowerCase().split('-')[0]!;
  if (base && !isLang(base))
    report(
      `lang "${requested}" is not supported: use one of "${LANGS.join('", "')}". Using the browser's language instead.`,
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
