// `/healthz` and `/readyz`, for a load balancer or an orchestrator:
//   GET /healthz  200 {"status":"ok"} while the process serves
//   GET /readyz   200 {"status":"ok"} while the payment service answers, 503 {"status":"unavailable","reason":…} else
// Never cached (`no-store`), HEAD as GET. Whether the service answers is asked of `checkReady`:
// always yes for the in-process sandbox, serviceAnswers(apiBase) for an external one.
import { Hono } from 'hono';
import { onlyGetOrHead } from '../responses';
import type { ServerEnv } from './env';

export interface Readiness {
  ok: boolean;
  /** Why not, in a few words (no address, no secret): shown in /readyz's answer. */
  reason?: string;
}

export type CheckReady = () => Promise<Readiness>;

/** The in-process sandbox: it answers whenever this process does. */
export const alwaysReady: CheckReady = async () => ({ ok: true });

const json = (status: number, body: Record<string, string>) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });

export function healthApp(checkReady: CheckReady = alwaysReady): Hono<ServerEnv> {
  const app = new Hono<ServerEnv>();
  app.all('/healthz', (c) => onlyGetOrHead(c.req.raw) ?? json(200, { status: 'ok' }));
  app.all('/readyz', async (c) => {
    const refused = onlyGetOrHead(c.req.raw);
    if (refused) return refused;
    const ready = await checkReady().catch((): Readiness => ({ ok: false, reason: 'readiness check failed' }));
    return ready.ok
      ? json(200, { status: 'ok' })
      : json(503, { status: 'unavailable', reason: ready.reason ?? 'not ready' });
  });
  return app;
}

export interface ServiceAnswersOptions {
  /** How long the service has to answer. Default 2 s. */
  timeoutMs?: number;
  /** How long an outcome is kept, so that probes every second ask the service at most this often. Default 5 s. */
  cacheMs?: number;
  /** The clock the cache is measured on (tests). */
  now?: () => number;
}

/** The read the probe makes: cheap, unauthenticated, of an intent no one has (any answer below 500 will do). */
export const READY_PATH = '/v1/payment-intents/pi_readyz';

/**
 * Whether the payment service at `apiBase` answers: any HTTP answer below 500 to an unauthenticated
 * read within `timeoutMs` (a 404 or a 401 is a service that answers). The outcome is kept `cacheMs`
 * and probes meanwhile share it, as they share a read under way. Never throws; `apiBase` is checked
 * at once (an http(s) address, with or without `/v1`).
 */
export function serviceAnswers(
  apiBase: string,
  fetchImpl: typeof fetch = fetch,
  { timeoutMs = 2000, cacheMs = 5000, now = Date.now }: ServiceAnswersOptions = {},
): CheckReady {
  const base = new URL(apiBase);
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new RangeError('apiBase must be an http(s) address.');
  const url = `${base.origin}${base.pathname.replace(/\/+$/, '').replace(/\/v1$/i, '')}${READY_PATH}`;
  let kept: { at: number; outcome: Promise<Readiness> } | undefined;

  const ask = async (): Promise<Readiness> => {
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<Readiness>((resolve) => {
      timer = setTimeout(() => {
        abort.abort();
        resolve({ ok: false, reason: `payment service did not answer within ${timeoutMs / 1000} s` });
      }, timeoutMs);
    });
    const answered = (async (): Promise<Readiness> => {
      try {
        const res = await fetchImpl(url, { signal: abort.signal, headers: { Accept: 'application/json' } });
        void res.body?.cancel().catch(() => undefined);
        return res.status < 500 ? { ok: true } : { ok: false, reason: `payment service answered ${res.status}` };
      } catch (error) {
        const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
        return {
          ok: false,
          reason: `payment service unreachable${typeof code === 'string' && /^[A-Z_]{1,32}$/.test(code) ? ` (${code})` : ''}`,
        };
      }
    })();
    try {
      return await Promise.race([answered, late]);
    } finally {
      clearTimeout(timer);
    }
  };

  return () => {
    const at = now();
    if (kept === undefined || at - kept.at >= cacheMs || at < kept.at) kept = { at, outcome: ask() };
    return kept.outcome;
  };
}
