// Rate limit of confirms, per client and per intent: a sliding window over the sandbox's clock,
// so tests on a fake clock see it move. Only requests that reach the confirm route count, and a
// refused one is not recorded: a client that waits `Retry-After` seconds gets through.
import type { Context, MiddlewareHandler } from 'hono';
import type { RateLimit } from './config';
import type { Deps, SandboxEnv } from './env';
import { ApiError } from './errors';
import { jsonResponse } from './http';

/** Past this many keys, keys whose window has emptied are dropped. */
const SWEEP_ABOVE = 1000;

export class SlidingWindow {
  private readonly seen = new Map<string, number[]>();

  constructor(readonly limit: RateLimit) {}

  /** Records a request at `now` and returns 0, or records nothing and returns the seconds to wait. */
  take(key: string, now: number): number {
    const since = now - this.limit.windowMs;
    const recent = (this.seen.get(key) ?? []).filter((at) => at > since);
    const oldest = recent[0];
    if (oldest !== undefined && recent.length >= this.limit.max) {
      this.seen.set(key, recent);
      return Math.max(1, Math.ceil((oldest + this.limit.windowMs - now) / 1000));
    }
    recent.push(now);
    this.seen.set(key, recent);
    if (this.seen.size > SWEEP_ABOVE) this.sweep(since);
    return 0;
  }

  private sweep(since: number): void {
    for (const [key, times] of this.seen) if ((times.at(-1) ?? 0) <= since) this.seen.delete(key);
  }
}

/**
 * Who is asking: the last X-Forwarded-For entry when the proxy in front is trusted (the address
 * that proxy saw; earlier entries are whatever the client claimed), else the socket's peer, else
 * one shared key for callers of `app.fetch` that pass no Node request.
 */
export function clientKey(c: Context<SandboxEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').map((part) => part.trim()).filter(Boolean).at(-1);
    if (forwarded) return forwarded;
  }
  return c.env?.incoming?.socket?.remoteAddress ?? 'local';
}

function rateLimited(seconds: number, { max, windowMs }: RateLimit): Response {
  const error = new ApiError(
    'rate_limited',
    `Too many confirms of this payment intent from this client (at most ${max} in ${windowMs / 1000} s); retry after ${seconds} s.`,
  );
  return jsonResponse(error.status, error.toBody(), { 'Retry-After': String(seconds) });
}

/** Route middleware of confirm: 429 `rate_limited` with `Retry-After` once a client is over the limit. */
export function limitConfirms({ config, confirmLimit }: Deps): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    if (confirmLimit !== null) {
      const key = `${clientKey(c, config.trustProxy)}\n${c.req.param('id') ?? ''}`;
      const wait = confirmLimit.take(key, config.now());
      if (wait > 0) return rateLimited(wait, confirmLimit.limit);
    }
    await next();
  };
}
