// Rate limits of confirms, on the sandbox's clock (tests on a fake clock see them move):
// - a payer's budget, per client and per intent, spent only by confirms that carry the intent's
//   right client secret: nobody without the secret can use it up (a guesser behind the same
//   carrier NAT as the payer included);
// - wrong secrets, per intent whatever the client: past the limit they are answered 429. A right
//   secret is still checked and still goes through, so the payer is never locked out.
// And of list reads, per merchant token, every list together (`listLimit`): a key's loops of lists
// spend its own budget, not other payers' time (issue 28).
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { RateLimit } from './config';
import type { SandboxEnv } from './hono-env';
import { SandboxError } from './errors';
import { jsonResponse } from './json';

/** Keys remembered at most; past it the least recently used goes (its requests are forgotten). */
const MAX_RATE_LIMIT_KEYS = 100_000;

/**
 * At most `limit.max` requests per key in any `limit.windowMs`. Keys are kept in the order of
 * their last recorded request, so those whose window has emptied are all at the front: dropping
 * them costs one step each, never a pass over every key.
 */
export class SlidingWindow {
  private readonly seen = new Map<string, number[]>();

  constructor(
    readonly limit: RateLimit,
    private readonly maxKeys = MAX_RATE_LIMIT_KEYS,
  ) {}

  get size(): number {
    return this.seen.size;
  }

  /** Records a request at `now` and returns 0, or records nothing and returns the seconds to wait. */
  take(key: string, now: number): number {
    const since = now - this.limit.windowMs;
    this.forgetBefore(since);
    const recent = (this.seen.get(key) ?? []).filter((at) => at > since);
    const oldest = recent[0];
    if (oldest !== undefined && recent.length >= this.limit.max) {
      this.seen.set(key, recent);
      return Math.max(1, Math.ceil((oldest + this.limit.windowMs - now) / 1000));
    }
    recent.push(now);
    this.seen.delete(key);
    this.seen.set(key, recent);
    if (this.seen.size > this.maxKeys) this.seen.delete(this.seen.keys().next().value as string);
    return 0;
  }

  private forgetBefore(since: number): void {
    for (const [key, times] of this.seen) {
      if ((times.at(-1) ?? 0) > since) return;
      this.seen.delete(key);
    }
  }
}

/** The two limits of confirm. */
export interface ConfirmLimits {
  payer: SlidingWindow;
  wrongSecret: SlidingWindow;
}

export const confirmLimits = (limit: RateLimit): ConfirmLimits => ({
  payer: new SlidingWindow(limit),
  wrongSecret: new SlidingWindow(limit),
});

/**
 * The list reads' limit, after `requireMerchant`: past it, 429 `rate_limited` with `Retry-After`.
 * Nothing when the limit is off.
 */
export const listLimit = (window: SlidingWindow | null, now: () => number) =>
  createMiddleware<SandboxEnv>(async (c, next) => {
    const wait = window?.take(c.get('owner'), now()) ?? 0;
    if (wait > 0 && window) {
      const { max, windowMs } = window.limit;
      return rateLimited(wait, `Too many list reads with this secret key (at most ${max} in ${windowMs / 1000} s)`);
    }
    await next();
  });

/** IPv6 clients are grouped by /64: one subscriber line is given a whole /64. */
function addressGroup(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1] as string;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Who is asking: the last X-Forwarded-For entry when the proxy in front is trusted (the address
 * that proxy saw; earlier entries are whatever the client claimed), else the socket's peer, else
 * one shared key for callers of `app.fetch` that pass no Node request.
 */
export function clientKey(c: Context<SandboxEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .at(-1);
    if (forwarded) return addressGroup(forwarded);
  }
  const address = c.env?.incoming?.socket?.remoteAddress;
  return address ? addressGroup(address) : 'local';
}

/** 429 `rate_limited` with `Retry-After`. */
export function rateLimited(seconds: number, message: string): Response {
  const error = new SandboxError('rate_limited', `${message}; retry after ${seconds} s.`);
  return jsonResponse(error.status, error.toBody(), { 'Retry-After': String(seconds) });
}
