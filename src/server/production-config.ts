// The production server's settings (`momo-checkout-server`), read once at start from its command line
// and environment — one build for every environment. Each flag wins over its variable:
//   --api-base URL    MOMO_API_BASE    the payment service (required), without its /v1
//   --public-url URL  MOMO_PUBLIC_URL  where payers reach this server (required): session links' and
//                                      forms' origin; https turns HSTS on
//   --port N          PORT             default 8080
//   --host ADDR       HOST             default 0.0.0.0 (a container's or a load balancer's backend)
//                     MOMO_FORM_KEY    the no-JavaScript forms' keys, shared by every instance
//                                      (required): comma-separated, the first signs, all verify
// A missing or malformed setting throws a ConfigError that names it; nothing is guessed.
import { createHmac } from 'node:crypto';
import { parseArgs } from 'node:util';
import { MIN_FORM_KEY_BYTES } from './form-token';

export interface ProductionConfig {
  /** The payment service's base address, e.g. `https://api.example.com` (no trailing `/`, no `/v1`). */
  apiBase: string;
  /** Where payers reach this server, e.g. `https://checkout.example.com` (an origin). */
  publicUrl: string;
  port: number;
  host: string;
  /** The form keys, the signing one first. */
  formKeys: Uint8Array[];
}

/** A setting that is missing or malformed: its message names it. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const PRODUCTION_USAGE = `Usage: momo-checkout-server --api-base URL --public-url URL [--port 8080] [--host 0.0.0.0]
  --api-base URL    (or MOMO_API_BASE) the payment service, e.g. https://api.example.com — required
  --public-url URL  (or MOMO_PUBLIC_URL) where payers reach this server, e.g. https://checkout.example.com — required
  --port N          (or PORT) port to listen on; default 8080
  --host ADDR       (or HOST) interface to listen on; default 0.0.0.0
  MOMO_FORM_KEY     the no-JavaScript forms' secret, the same on every instance — required:
                    ${MIN_FORM_KEY_BYTES}+ characters (openssl rand -base64 32); a comma-separated list
                    rotates (the first signs, all verify); the start line shows each key's
                    fingerprint, to compare across instances
Serves the hosted page (/pay/…), widget.js, its steps and catalogues, the isolated frame (/embed),
the payment without JavaScript, lasting receipts (/receipt/…), payment links' pages (/l/…),
/healthz and /readyz. See docs/operations.md.`;

type Env = Readonly<Record<string, string | undefined>>;

export function readProductionConfig(args: readonly string[], env: Env): ProductionConfig {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        'api-base': { type: 'string' },
        'public-url': { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
      },
    }));
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
  const setting = (flag: string, variable: string) => {
    const given = values[flag];
    return typeof given === 'string'
      ? { name: `--${flag}`, text: given }
      : { name: variable, text: env[variable] === '' ? undefined : env[variable] };
  };

  const apiBase = httpAddress(setting('api-base', 'MOMO_API_BASE'), 'the payment service', { path: true });
  const publicUrl = httpAddress(setting('public-url', 'MOMO_PUBLIC_URL'), 'where payers reach this server', {
    path: false,
  });

  const port = setting('port', 'PORT');
  const portNumber = port.text === undefined ? 8080 : Number(port.text);
  if (port.text !== undefined && (!/^\d{1,5}$/.test(port.text) || portNumber > 65535))
    throw new ConfigError(`${port.name} must be a port number (0-65535), not "${port.text}".`);

  const host = setting('host', 'HOST').text ?? '0.0.0.0';

  return { apiBase, publicUrl, port: portNumber, host, formKeys: formKeysOf(env.MOMO_FORM_KEY) };
}

/**
 * An http(s) address with nothing a browser would not send back as is: no credentials, query or
 * fragment. `path`: a base may carry a path prefix (a service behind a gateway); an origin may not.
 */
function httpAddress(
  { name, text }: { name: string; text: string | undefined },
  what: string,
  { path }: { path: boolean },
): string {
  if (text === undefined) throw new ConfigError(`${name} is required: ${what} (e.g. https://…).`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`${name} must be an http(s) address, not "${text}".`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ConfigError(`${name} must be an http(s) address, not "${text}".`);
  if (url.username || url.password || url.search || url.hash)
    throw new ConfigError(`${name} must hold no credentials, query or fragment: "${url.origin}…".`);
  const prefix = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  if (!path && prefix !== '') throw new ConfigError(`${name} must be an origin (no path), e.g. ${url.origin}.`);
  return `${url.origin}${prefix}`;
}

/** MOMO_FORM_KEY's keys: each long enough to be a secret, none twice. */
export function formKeysOf(text: string | undefined): Uint8Array[] {
  if (!text)
    throw new ConfigError(
      `MOMO_FORM_KEY is required: a secret of ${MIN_FORM_KEY_BYTES}+ characters shared by every instance (openssl rand -base64 32).`,
    );
  const keys = text.split(',').map((key) => key.trim());
  keys.forEach((key, index) => {
    const which = keys.length > 1 ? `MOMO_FORM_KEY's key ${index + 1}` : 'MOMO_FORM_KEY';
    if (Buffer.byteLength(key) < MIN_FORM_KEY_BYTES)
      throw new ConfigError(
        `${which} is too short: ${MIN_FORM_KEY_BYTES} characters at least (openssl rand -base64 32).`,
      );
    if (/\s/.test(key)) throw new ConfigError(`${which} holds a space or a line break.`);
    if (new Set(key).size < 8)
      throw new ConfigError(`${which} is not random enough: make one with openssl rand -base64 32.`);
    if (keys.indexOf(key) !== index) throw new ConfigError(`${which} is given twice.`);
  });
  return keys.map((key) => Buffer.from(key));
}

/**
 * Each form key's fingerprint, for the start line: 8 hex digits of an HMAC under the key, so an
 * operator can see that every instance holds the same keys in the same order (an instance with
 * another key refuses the others' forms and cannot open their receipt links) without the key in a
 * log. It tells nothing a payer cannot already test: every form carries a token signed by the key.
 */
export function formKeyFingerprints(keys: readonly Uint8Array[]): string[] {
  return keys.map((key) =>
    createHmac('sha256', key).update('momo-checkout form key fingerprint').digest('hex').slice(0, 8),
  );
}
