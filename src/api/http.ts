// The one HTTP helper every endpoint goes through: it owns the time limit, the retries of reads,
// and the mapping of every kind of answer to data or to an ApiError.
import { type Clock, pause, systemClock } from './clock';
import { ApiError, isTransient } from './errors';
import { readText } from './read-text';
import { errorBodyParser } from './schemas/parsers';
// widget.js never holds a read (ClientConfig.heldReadS): what does is left out of it.
import { IN_WIDGET } from '../components/surface';
import type { Parser } from './schemas/rules';

export interface ClientConfig {
  /** Where the service lives, e.g. `https://api.example.com` (paths start with `/v1`). */
  baseUrl: string;
  /** Merchant secret token (`sk_…`). Server side only: never give it to a browser. */
  token?: string;
  /** A `fetch` implementation; defaults to the global one. Tests pass the sandbox's. */
  fetch?: (request: Request) => Promise<Response>;
  /** Time limit of one request, in ms. */
  timeoutMs?: number;
  /**
   * Seconds a follower's conditional read asks the service to hold it while the state it holds
   * stays the same (`Prefer: wait=N`, RFC 7240; an extension the sandbox has, which a bare service
   * ignores, answering at once): one request in place of several, and a change answered as it
   * happens. Only for a service on the page's own origin: `Prefer` is no header a cross-origin
   * request may send without asking leave first, which a bare service would refuse.
   */
  heldReadS?: number;
  /** How many times a read is tried again after a transient failure. */
  readRetries?: number;
  /** The clock of time limits and retry pauses (and of the checkout built on this client). */
  clock?: Clock;
  /**
   * The largest answer read, in bytes (default 1 MiB; the service's largest, a page of 100
   * remittances, weighs about 70 KB). A larger one is not read further: ApiError `invalid_response`.
   */
  maxAnswerBytes?: number;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: the service answers a repeated key with the first answer. */
  idempotencyKey?: string;
}

interface RequestSpec<T> extends CallOptions {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  /** A zod schema of the contract (servers) or its compiled rules (browsers: ./schemas/parsers). */
  schema: Parser<T>;
  /** A conditional read the service may hold until the state changes (ClientConfig.heldReadS). */
  hold?: boolean;
  /**
   * A read that may be conditional: the answer's ETag and body are kept (per client config, never
   * in the browser's cache: answers are no-store), and a conditional read sends the tag in
   * If-None-Match and takes a 304 Not Modified as the body that came with it. Any GET keeps what it
   * read whole; only `conditional` ones send the tag.
   */
  conditional?: boolean;
  /**
   * A write whose answer may carry the tag of this read (a path) as the write left it (an
   * extension: a confirm's answer, the intent's read): kept without a body, so the next conditional
   * read names it and may be held from the start, where it would otherwise be answered at once to
   * learn the new state's tag. The service never answers it 304 (that reader holds no body).
   */
  tagFor?: string;
}

/**
 * The last answer of each GET that came with an ETag: the tag and its text, by address, per client
 * config; a tag a write's answer gave (RequestSpec.tagFor) has no text.
 */
interface Held {
  etag: string;
  text: string | null;
}
const held = new WeakMap<ClientConfig, Map<string, Held>>();
/** Addresses remembered per config (a checkout follows one intent; a server's client reads many, rarely conditionally). */
const MAX_HELD = 8;

function heldFor(config: ClientConfig): Map<string, Held> {
  let map = held.get(config);
  // biome-ignore lint/suspicious/noAssignInExpressions: browser code; as two statements it minifies 3 bytes longer
  if (!map) held.set(config, (map = new Map()));
  return map;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_ANSWER_BYTES = 1024 * 1024;
const DEFAULT_READ_RETRIES = 2;
const BACKOFF_MS = [400, 1200, 3000];
const MAX_BODY_TEXT = 300;

/**
 * `value ?? fallback`, as a call: the bundles' engine floor lowers each `??` (and `?.`) to a
 * temporary of its own, written out at every use (vite.config.ts); one small function costs fewer
 * bytes of every payer's first load.
 */
const or = <T>(value: T | null | undefined, fallback: T): T => (value == null ? fallback : value);

export async function request<T>(config: ClientConfig, spec: RequestSpec<T>): Promise<T> {
  // Only reads are retried: a write that failed without an answer may have been carried out.
  const attempts = spec.method === 'GET' ? 1 + or(config.readRetries, DEFAULT_READ_RETRIES) : 1;
  for (let attempt = 1; ; attempt++) {
    try {
      return await send(config, spec);
    } catch (error) {
      if (attempt >= attempts || !isTransient(error)) throw error;
      const retryAfterMs = or((error as ApiError).retryAfter, 0) * 1000;
      await pause(
        or(config.clock, systemClock),
        Math.max(retryAfterMs, or(BACKOFF_MS[attempt - 1], 3000)) * (0.75 + Math.random() / 2),
        spec.signal,
      );
      if (spec.signal && spec.signal.aborted) throw new ApiError('aborted', 'Request aborted');
    }
  }
}

async function send<T>(config: ClientConfig, spec: RequestSpec<T>): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (spec.body !== undefined) headers['Content-Type'] = 'application/json';
  if (config.token) headers.Authorization = `Bearer ${config.token}`;
  if (spec.idempotencyKey) headers['Idempotency-Key'] = spec.idempotencyKey;

  const base = config.baseUrl.replace(/\/+$/, '');
  const url = base + spec.path;
  // Only after the service gave an ETag: a service that never does is never sent the header (which a
  // browser's cross-origin request would have to ask leave for first).
  const heldHere = held.get(config);
  const known = spec.conditional && spec.method === 'GET' && heldHere ? heldHere.get(url) : undefined;
  if (known) headers['If-None-Match'] = known.etag;
  // Held only while the state is one the page holds: a read of a changed state is answered at once.
  const holdS = !IN_WIDGET && known && spec.hold && config.heldReadS ? config.heldReadS : 0;
  if (holdS) headers.Prefer = `wait=${holdS}`;

  const controller = new AbortController();
  const onAbort = () => controller.abort();
  const { signal } = spec;
  if (signal) signal.addEventListener('abort', onAbort);
  let timedOut = false;
  const clock = or(config.clock, systemClock);
  // A held read's time limit starts when the service may stop holding it.
  const timer = clock.setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    or(config.timeoutMs, DEFAULT_TIMEOUT_MS) + holdS * 1000,
  );
  try {
    let response: Response;
    let text: string;
    try {
      const req = new Request(url, {
        method: spec.method,
        headers,
        body: spec.body === undefined ? null : JSON.stringify(spec.body),
        signal: controller.signal,
        // The checkout's address may carry an intent id in its path: tell the service nothing.
        // (Credentials keep their default: no cookie goes cross-origin, and a same-origin page
        // reuses its open connection — one round trip less on a slow network.)
        referrerPolicy: 'no-referrer',
      });
      // Both waits end when the time limit does, even with a fetch that ignores the signal, and
      // the body's too: a response can hang half-way.
      response = await untilAborted(or(config.fetch, fetch)(req), controller.signal);
      text = await untilAborted(
        readText(response, or(config.maxAnswerBytes, DEFAULT_MAX_ANSWER_BYTES), spec),
        controller.signal,
      );
    } catch (cause) {
      if (cause instanceof ApiError) throw cause;
      if (timedOut) throw new ApiError('timeout', `No answer from ${spec.method} ${spec.path} in time`, { cause });
      if (signal && signal.aborted) throw new ApiError('aborted', 'Request aborted', { cause });
      throw new ApiError('network', `Could not reach the service for ${spec.method} ${spec.path}`, { cause });
    }
    if (response.status === 304) {
      // Not modified: the state is the one this tag came with. A 304 to a request that named no tag,
      // or naming another, is no answer to it (never a state taken from elsewhere).
      const tag = response.headers.get('ETag');
      if (!known || known.text === null || (tag !== null && tag !== known.etag)) {
        throw new ApiError(
          'invalid_response',
          `The service answered 304 to ${spec.method} ${spec.path} without holding the tag it was sent`,
          { status: 304 },
        );
      }
      return parseAnswer(new Response(null, { status: 200 }), known.text, spec);
    }
    const result = parseAnswer(response, text, spec);
    // A read's tag, kept with its text; a write's tag of a read, without (widget.js never holds a
    // read: it would save it nothing).
    const tag = response.headers.get('ETag');
    const tagged = spec.method === 'GET' ? url : !IN_WIDGET && spec.tagFor && base + spec.tagFor;
    // (Read again: another request may have kept a tag meanwhile.)
    const heldNow = held.get(config);
    if (tagged && (tag !== null || (heldNow && heldNow.has(tagged)))) {
      const map = heldFor(config);
      map.delete(tagged);
      if (tag !== null) {
        map.set(tagged, { etag: tag, text: tagged === url ? text : null });
        if (map.size > MAX_HELD) map.delete(map.keys().next().value as string);
      }
    }
    return result;
  } finally {
    clock.clearTimeout(timer);
    if (signal) signal.removeEventListener('abort', onAbort);
  }
}

function parseAnswer<T>(response: Response, text: string, spec: RequestSpec<T>): T {
  let json: unknown;
  let isJson = true;
  try {
    json = JSON.parse(text);
  } catch {
    isJson = false;
  }
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('Retry-After'));
    const parsed = isJson ? errorBodyParser.safeParse(json) : undefined;
    const error = parsed && parsed.success ? parsed.data.error : undefined;
    throw new ApiError('http', error ? error.message : `The service answered ${response.status}`, {
      status: response.status,
      code: error && error.code,
      field: error && error.field,
      retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      bodyText: error ? undefined : text.slice(0, MAX_BODY_TEXT),
    });
  }
  if (!isJson) {
    throw new ApiError('invalid_response', `The answer to ${spec.method} ${spec.path} is not JSON`, {
      status: response.status,
    });
  }
  const result = spec.schema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue ? issue.path.map(String).join('.') : '';
    throw new ApiError(
      'invalid_response',
      `The answer to ${spec.method} ${spec.path} has an invalid field: ${field || '(root)'}`,
      {
        status: response.status,
        field,
      },
    );
  }
  return result.data;
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
