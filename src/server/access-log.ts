// The access log: one JSON line per request, for an operator's log collector —
//   {"time":"2026-11-29T08:00:00.000Z","method":"POST","path":"/pay/pi_…","status":303,"ms":12.3,"bytes":0}
// What a line may carry is only that: the path without its query, record ids cut to their kind and
// anything that looks like a secret, a phone number or an e-mail address replaced (../api/redact.ts);
// never a body, never a header but a well-formed request id. A payer's link holds its client secret
// in the fragment, which never reaches a server; a query may hold anything, so it is never logged.
import type { MiddlewareHandler } from 'hono';
import { redact } from '../api/redact';

export interface AccessLogOptions {
  /** Milliseconds, for the duration. Default performance.now. */
  now?: () => number;
  /** The time a line is stamped with. Default the current date. */
  date?: () => Date;
}

/** A path is cut at this many characters: a line stays a line. */
const MAX_PATH = 200;
/** A run of 8 digits or more, separators between them allowed: a phone number (or a card's). */
const DIGITS = /\+?\d(?:[\s.()-]*\d){7,}/g;
const EMAIL = /[^\s/@]+@[^\s/@]+/g;
/** A request id a proxy or a load balancer set: logged only if it is one (no room for anything else). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The pathname as a log may show it. */
export function loggedPath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname); // an encoded number or secret is still one
  } catch {
    // malformed escapes: logged as sent
  }
  const cleaned = redact(path)
    // A receipt link's token opens a payment's receipt: the log keeps the address's kind, not which one.
    .replace(/^\/+receipt\/+[^/]+/, '/receipt/…')
    .replace(EMAIL, '[email]')
    .replace(DIGITS, '[number]');
  return cleaned.length > MAX_PATH ? `${cleaned.slice(0, MAX_PATH)}…` : cleaned;
}

/** A Hono middleware writing one line per request to `write` (stdout in production: `console.log`). */
export function accessLog(
  write: (line: string) => void,
  { now = () => performance.now(), date = () => new Date() }: AccessLogOptions = {},
): MiddlewareHandler {
  return async (c, next) => {
    const started = now();
    let failed = false;
    try {
      await next();
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      const req = c.req.raw;
      const res = failed ? undefined : c.res;
      const status = res?.status ?? 500;
      const length = res?.headers.get('Content-Length');
      const requestId = req.headers.get('X-Request-Id');
      const line: Record<string, string | number> = {
        time: date().toISOString(),
        method: /^[A-Z]{1,16}$/.test(req.method) ? req.method : 'OTHER',
        path: loggedPath(new URL(req.url).pathname),
        status,
        ms: Math.round((now() - started) * 10) / 10,
      };
      if (length && req.method !== 'HEAD' && status !== 304) line.bytes = Number(length);
      if (requestId && REQUEST_ID.test(requestId)) line.request_id = requestId;
      try {
        write(JSON.stringify(line));
      } catch {
        // a log that cannot be written never fails the answer
      }
    }
  };
}
