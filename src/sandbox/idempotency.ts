// Idempotency-Key support: a retried request (same key, same body) gets the first answer again
// instead of doing the work twice. Only successful answers are kept, so a refused request can be
// corrected and sent again with the same key. Answers are records of the store (kept a day).
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { SandboxError } from './errors';
import { jsonResponse } from './json';
import type { Owner } from './store/records';
import { IDEMPOTENCY_TTL_MS, type Store } from './store/store';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyRequest {
  /** Who the key belongs to: a merchant token's hash, or one intent for confirms. */
  scope: string;
  /** Whose share of the sandbox the answer weighs on. */
  owner: Owner;
  key: string | null;
  fingerprint: string;
}

export interface Reply {
  status: number;
  body: unknown;
}

/**
 * Reads the optional Idempotency-Key header; a malformed one is refused rather than ignored. A
 * service without the extension (`supported` false) ignores the header, as it would any other.
 */
export function idempotencyKeyOf(c: Context, supported: boolean): string | null {
  const key = c.req.header('idempotency-key');
  if (key === undefined || !supported) return null;
  if (!KEY_PATTERN.test(key)) {
    throw new SandboxError('invalid_request', 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.');
  }
  return key;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, canonical(v)]));
  }
  return value;
}

/** Same method, path and JSON value (key order ignored) ⇒ same fingerprint. */
export function fingerprintOf(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(canonical(body))}`)
    .digest('hex');
}

export const hashOf = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * Runs `work` unless the key was already used. Synchronous on purpose: the look-up, the work and
 * the recording happen without yielding, so concurrent retries cannot both do the work.
 */
export function runIdempotent(store: Store, request: IdempotencyRequest, now: number, work: () => Reply): Response {
  if (request.key === null) return toResponse(work());
  const id = `${request.scope}\n${request.key}`;
  const previous = store.answer(id);
  if (previous && now - previous.storedAt < IDEMPOTENCY_TTL_MS) {
    if (previous.fingerprint !== request.fingerprint) {
      throw new SandboxError(
        'idempotency_key_reused',
        'This Idempotency-Key was already used with a different request.',
      );
    }
    return jsonResponse(previous.status, previous.body, { 'Idempotent-Replayed': 'true' });
  }
  const reply = work();
  if (reply.status < 300) {
    const record = {
      fingerprint: request.fingerprint,
      status: reply.status,
      body: structuredClone(reply.body),
      storedAt: now,
    };
    store.write([{ kind: 'answer', id, owner: request.owner, record }], request.owner, 'none');
  }
  return toResponse(reply);
}

const toResponse = (reply: Reply): Response => jsonResponse(reply.status, reply.body);
