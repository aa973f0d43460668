// The JSON of every route: answers (ETag and 304 included) and request bodies read within their bounds.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { redact } from '../api/redact';
import { readBytes } from '../api/read-text';
import { SandboxError } from './errors';

export const JSON_TYPE = 'application/json; charset=utf-8';

/** Every answer is JSON and must never be stored by a cache: it carries payment state. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': JSON_TYPE,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  });
}

/**
 * A status read a reader may already hold (extension): the answer carries a weak ETag of its body,
 * and a request whose If-None-Match names it is answered 304 Not Modified, without a body. Still
 * no-store: no cache keeps the state; a client that sent the tag keeps the body it was given with it.
 * Weak, so that the same state compressed by the server in front keeps its tag.
 */
export function conditionalJsonResponse(req: Request, body: unknown, extra: Record<string, string> = {}): Response {
  const text = JSON.stringify(body);
  const etag = etagOf(text);
  const headers = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ETag: etag, ...extra };
  if (etagListMatches(req.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  return new Response(text, { status: 200, headers: { 'Content-Type': JSON_TYPE, ...headers } });
}

/** The weak ETag of an answer's JSON text. */
export const etagOf = (text: string): string =>
  `W/"${createHash('sha256').update(text).digest('base64url').slice(0, 22)}"`;

/** What marks the tag a confirm's answer gives of the intent's read (confirmTagOf). */
const AFTER_CONFIRM = '.c';

/**
 * Extension: the tag of the intent's read as it stands after a confirm, which the confirm's answer
 * carries, marked: a status read that names it may be held (heldJsonResponse) from the first read
 * after the confirm, instead of one read answered whole at once to learn the state's tag, but is
 * never answered 304 (its reader has no body for that tag, only the confirm's answer): once the
 * wait is over, unchanged, it is answered whole.
 */
export const confirmTagOf = (body: unknown): string => etagOf(JSON.stringify(body)).replace(/"$/, `${AFTER_CONFIRM}"`);

/** Whether If-None-Match names the state whose tag is `etag`, as it was read or as a confirm left it. */
export const namesState = (ifNoneMatch: string | null, etag: string): boolean =>
  etagListMatches(ifNoneMatch, etag) ||
  (ifNoneMatch !== null && etagListMatches(ifNoneMatch.replaceAll(`${AFTER_CONFIRM}"`, '"'), etag));

/** The longest a read is held (extension, `Prefer: wait`): below the idle limit of common proxies (30 s and more). */
export const MAX_HOLD_S = 25;
/** How often a held read looks at the state again: a change is answered within this. */
export const HOLD_CHECK_MS = 200;

/**
 * The seconds a request asks to be held while what it holds stays the same (RFC 7240's
 * `Prefer: wait=N`), at most MAX_HOLD_S; 0 when it asks nothing.
 */
export function preferredWaitS(prefer: string | undefined): number {
  const match = /(?:^|[,;\s])wait\s*=\s*"?(\d{1,6})"?/i.exec(prefer ?? '');
  return match ? Math.min(MAX_HOLD_S, Number(match[1])) : 0;
}

/**
 * Extension: a conditional read that asks to wait (`Prefer: wait=N`) and already holds the state
 * is answered only once the state differs, or after N seconds (304 then), or when the reader goes:
 * one request instead of a read every few seconds, and the change seen within HOLD_CHECK_MS rather
 * than at the next read. `view` makes the answer's body as it is now (null: the resource is gone).
 * Never longer than it was asked, and never for a reader that does not hold the state.
 */
export async function heldJsonResponse(
  req: Request,
  waitS: number,
  view: () => unknown,
  now: () => number = Date.now,
): Promise<Response | null> {
  let body = view();
  const held = req.headers.get('if-none-match');
  // The wait is measured on the sandbox's clock, as every other time of its state is: a test's clock
  // alone ends it.
  const until = now() + waitS * 1000;
  while (body !== null && now() < until && !req.signal.aborted && namesState(held, etagOf(JSON.stringify(body)))) {
    await new Promise<void>((resolve) => {
      // Unref'd: a held read never keeps the process alive; its reader going ends the wait at once.
      const timer = setTimeout(done, Math.min(HOLD_CHECK_MS, Math.max(0, until - now())));
      timer.unref?.();
      req.signal.addEventListener('abort', done, { once: true });
      function done() {
        clearTimeout(timer);
        req.signal.removeEventListener('abort', done);
        resolve();
      }
    });
    body = view();
  }
  return body === null ? null : conditionalJsonResponse(req, body, { 'Preference-Applied': `wait=${waitS}` });
}

/** If-None-Match's weak comparison: any tag of the list, W/ or not, with the same opaque value. */
export function etagListMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const [type = '', ...params] = header.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json') return false;
  return params.every((param) => !param.startsWith('charset=') || param.replace(/"/g, '') === 'charset=utf-8');
}

/** Deepest nesting of objects and arrays a body may have; the deepest the API needs is 3. */
export const MAX_JSON_DEPTH = 16;

/**
 * Whether JSON text nests objects and arrays deeper than `max`, found by one pass over the text,
 * before anything parses or walks it (a walk of ~2 600 levels overflows the stack).
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // backslash: the next character is escaped
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b || char === 0x7b) {
      if (++depth > max) return true;
    } else if (char === 0x5d || char === 0x7d) {
      depth--;
    }
  }
  return false;
}

const tooLarge = (max: number) => new SandboxError('body_too_large', `The request body must not exceed ${max} bytes.`);

async function readCapped(request: Request, max: number): Promise<Uint8Array> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > max) throw tooLarge(max);
  if (request.body === null) return new Uint8Array(0);
  // The declared length may lie (or be absent with chunked encoding): count what really arrives.
  let bytes: Uint8Array | null;
  try {
    bytes = await readAtMost(request.body, max);
  } catch (error) {
    if (!(error instanceof BodyCutOff)) throw error;
    // The client went away mid-upload: nothing failed here, and nobody is left to answer.
    console.warn(
      `[sandbox] ${request.method} ${redact(new URL(request.url).pathname)}: the client stopped sending the request body`,
    );
    throw new SandboxError('invalid_request', 'The request body was cut off before its end.');
  }
  if (!bytes) throw tooLarge(max);
  return bytes;
}

/** The body stream failed before its end: the client aborted the upload or the connection died. */
export class BodyCutOff extends Error {
  constructor(cause: unknown) {
    super('The request body was cut off before its end.', { cause });
    this.name = 'BodyCutOff';
  }
}

/**
 * The whole body, or null (and the rest left unread) as soon as it passes `max` bytes. Throws
 * BodyCutOff if the stream fails first.
 */
export const readAtMost = (body: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array | null> =>
  readBytes(body, max).catch((error: unknown) => {
    throw new BodyCutOff(error);
  });

/** Checks the media type and size, then parses JSON (not yet validated). Throws 415, 413 or 400. */
export async function readJsonBody(c: Context, maxBytes: number): Promise<unknown> {
  if (!isJsonContentType(c.req.header('content-type'))) {
    throw new SandboxError(
      'unsupported_media_type',
      'The request body must be sent with Content-Type: application/json.',
    );
  }
  const bytes = await readCapped(c.req.raw, maxBytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new SandboxError('invalid_json', 'The request body is not valid UTF-8 text.');
  }
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new SandboxError(
      'invalid_request',
      `The request body must not nest objects and arrays deeper than ${MAX_JSON_DEPTH} levels.`,
    );
  }
  let protoKey = false;
  let body: unknown;
  try {
    body = JSON.parse(text, (key, value: unknown) => {
      if (key === '__proto__') protoKey = true;
      return value;
    });
  } catch {
    throw new SandboxError('invalid_json', 'The request body is not valid JSON.');
  }
  // JSON.parse keeps such a key as an own property, but copying the object assigns it, which sets
  // a prototype instead: validation would drop it silently (a merchant's metadata entry lost
  // without a word) and careless code could be polluted. Refused instead.
  if (protoKey) throw new SandboxError('invalid_request', 'A request body cannot contain a key named "__proto__".');
  return body;
}
