// @vitest-environment node
// /healthz and /readyz (src/server/apps/health.ts): their answers, never cached, HEAD as GET; the
// probe of an external payment service (serviceAnswers): any answer below 500 within its timeout is
// a service that answers, its outcome kept a few seconds and shared by the probes meanwhile, never
// a throw; and both addresses served by the server's app, ready by default (the in-process sandbox).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp, type ServerApp } from '../../../src/server/app';
import { type CheckReady, healthApp, type Readiness, serviceAnswers } from '../../../src/server/apps/health';
import { type DistFixture, makeDistFixture } from '../helpers';

const call = (app: { fetch: (req: Request) => Response | Promise<Response> }, path: string, method = 'GET') =>
  app.fetch(new Request(`http://checkout.test${path}`, { method }));

describe('healthApp', () => {
  const notReady: CheckReady = async () => ({ ok: false, reason: 'payment service answered 502' });

  it('/healthz: 200 {"status":"ok"}, not cached, HEAD without a body, nothing but GET and HEAD', async () => {
    const app = healthApp(notReady); // the process serves, whatever the service does
    const res = await call(app, '/healthz');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual({ status: 'ok' });
    const head = await call(app, '/healthz', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-control')).toBe('no-store');
    expect(await head.text()).toBe('');
    expect((await call(app, '/healthz', 'POST')).status).toBe(405);
  });

  it('/readyz: 200 when ready, 503 with the reason when not, 503 when the check itself fails', async () => {
    const ready = await call(
      healthApp(async () => ({ ok: true })),
      '/readyz',
    );
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ok' });

    const down = await call(healthApp(notReady), '/readyz');
    expect(down.status).toBe(503);
    expect(down.headers.get('cache-control')).toBe('no-store');
    expect(await down.json()).toEqual({ status: 'unavailable', reason: 'payment service answered 502' });
    const head = await call(healthApp(notReady), '/readyz', 'HEAD');
    expect(head.status).toBe(503);
    expect(await head.text()).toBe('');

    const broken = await call(
      healthApp(async () => {
        throw new Error('boom at 10.0.0.7');
      }),
      '/readyz',
    );
    expect(broken.status).toBe(503);
    expect(await broken.json()).toEqual({ status: 'unavailable', reason: 'readiness check failed' });
  });
});

/** A fetch that answers each request with what `answer` gives, and records what it was asked. */
function fakeFetch(answer: (url: string, init: RequestInit | undefined) => Promise<Response>) {
  const asked: { url: string; init: RequestInit | undefined }[] = [];
  const impl = ((input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    asked.push({ url, init });
    return answer(url, init);
  }) as typeof fetch;
  return { impl, asked };
}

describe('serviceAnswers', () => {
  it('reads an intent no one has, unauthenticated, at the API base with or without /v1', async () => {
    for (const base of ['https://api.example.com', 'https://api.example.com/', 'https://api.example.com/v1/']) {
      const { impl, asked } = fakeFetch(async () => new Response('{}', { status: 404 }));
      expect(await serviceAnswers(base, impl)()).toEqual({ ok: true });
      expect(asked.map((a) => a.url)).toEqual(['https://api.example.com/v1/payment-intents/pi_readyz']);
      expect(new Headers(asked[0]?.init?.headers).has('authorization')).toBe(false);
    }
    const { impl, asked } = fakeFetch(async () => new Response(null, { status: 401 }));
    expect(await serviceAnswers('http://10.0.0.5:8080/momo', impl)()).toEqual({ ok: true });
    expect(asked[0]?.url).toBe('http://10.0.0.5:8080/momo/v1/payment-intents/pi_readyz');
  });

  it('counts any answer below 500 as answering, and a 5xx as not', async () => {
    const at = (status: number) =>
      serviceAnswers('https://api.example.com', fakeFetch(async () => new Response(null, { status })).impl)();
    for (const status of [200, 400, 401, 404, 429]) expect(await at(status)).toEqual({ ok: true });
    expect(await at(500)).toEqual({ ok: false, reason: 'payment service answered 500' });
    expect(await at(503)).toEqual({ ok: false, reason: 'payment service answered 503' });
  });

  it('never throws: a refused connection, a fetch that throws at once, and one that never answers (aborted at the timeout)', async () => {
    const refused = fakeFetch(async () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) });
    });
    expect(await serviceAnswers('https://api.example.com', refused.impl)()).toEqual({
      ok: false,
      reason: 'payment service unreachable (ECONNREFUSED)',
    });
    const thrown = (() => {
      throw new Error('sync');
    }) as unknown as typeof fetch;
    expect(await serviceAnswers('https://api.example.com', thrown)()).toEqual({
      ok: false,
      reason: 'payment service unreachable',
    });

    // Never answers, and ignores its signal: the probe gives up at its timeout all the same.
    let signal: AbortSignal | undefined;
    const silent = fakeFetch((_url, init) => {
      signal = init?.signal ?? undefined;
      return new Promise<Response>(() => undefined);
    });
    expect(await serviceAnswers('https://api.example.com', silent.impl, { timeoutMs: 5 })()).toEqual({
      ok: false,
      reason: 'payment service did not answer within 0.005 s',
    });
    expect(signal?.aborted).toBe(true); // the request itself is given up, not left open
  });

  it('keeps its outcome for cacheMs, shared by the probes meanwhile, then asks again', async () => {
    let time = 0;
    let status = 200;
    const answers: ((res: Response) => void)[] = [];
    const { impl, asked } = fakeFetch(() => new Promise<Response>((resolve) => answers.push(resolve)));
    const check = serviceAnswers('https://api.example.com', impl, { cacheMs: 5000, now: () => time });

    const [first, second] = [check(), check()]; // a read under way is shared
    expect(asked).toHaveLength(1);
    answers[0]?.(new Response(null, { status }));
    expect(await Promise.all([first, second])).toEqual([{ ok: true }, { ok: true }]);

    time = 4999;
    expect(await check()).toEqual({ ok: true });
    expect(asked).toHaveLength(1);

    time = 5000;
    status = 502;
    const third = check();
    expect(asked).toHaveLength(2);
    answers[1]?.(new Response(null, { status }));
    expect(await third).toEqual({ ok: false, reason: 'payment service answered 502' });
  });

  it('refuses an API base that is not an http(s) address when made, not at a probe', () => {
    expect(() => serviceAnswers('javascript:alert(1)')).toThrow();
    expect(() => serviceAnswers('not a url')).toThrow();
  });
});

describe('the server app', () => {
  let fixture: DistFixture;
  const made: ServerApp[] = [];
  beforeAll(() => {
    fixture = makeDistFixture();
  });
  afterAll(async () => {
    for (const served of made) await served.close();
    fixture?.cleanup();
  });
  const serverApp = (ready?: () => Promise<Readiness>) => {
    const served = createServerApp({
      publicUrl: 'http://127.0.0.1:3000',
      distDir: fixture.distDir,
      compressApi: true,
      ready,
      sandboxOptions: {},
    });
    made.push(served);
    return served.app;
  };

  it('serves /healthz and /readyz, ready by default (the in-process sandbox), with the base headers', async () => {
    const app = serverApp();
    for (const path of ['/healthz', '/readyz']) {
      const res = await call(app, path);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok' });
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('asks `ready` for /readyz', async () => {
    const app = serverApp(async () => ({ ok: false, reason: 'payment service did not answer within 2 s' }));
    const res = await call(app, '/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable', reason: 'payment service did not answer within 2 s' });
    expect((await call(app, '/healthz')).status).toBe(200);
  });
});
