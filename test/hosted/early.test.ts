// The hosted page's early reads: index.html's inline script starts them with the same idea of a
// client secret and a page address as the rest of the checkout, and the API client takes each
// over once, for the same address only.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_SECRET_PATTERN } from '../../src/api/schemas/client-secret';
import { withEarlyReads } from '../../src/hosted/early';
import { EMBED_PATH } from '../../src/hosted/embed';
import { LANGS, LANGUAGES } from '../../src/i18n/languages';
import { HOSTED_PAGE_PATH } from '../../src/server/apps/hosted-page';
import { PRERENDERED } from '../../scripts/prerender';
import { withFetchedLangs } from '../../scripts/vite/catalogues';

// As the build and dev mode serve it: the languages of its early read written in from the table.
const html = withFetchedLangs(
  readFileSync(join(__dirname, '../../index.html'), 'utf8'),
  LANGUAGES,
  Object.keys(PRERENDERED),
);
const inline = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

/** A page still loading; `api`: the API its server named in <meta name="momo-api"> (none: this page's origin). */
const loadingPage = (api?: string) => ({
  readyState: 'loading',
  querySelector: (selector: string) =>
    selector === 'meta[name="momo-api"]' && api !== undefined ? { content: api } : null,
});

/** Runs index.html's inline script on an address; answers the reads it started. */
function earlyReadsAt(address: string, stored: Record<string, string> = {}, api?: string): string[] {
  const url = new URL(address);
  const started: string[] = [];
  const window: { momoEarlyReads?: Record<string, unknown> } = {};
  const run = new Function('location', 'sessionStorage', 'fetch', 'window', 'document', inline);
  run(
    { pathname: url.pathname, search: url.search, hash: url.hash },
    { getItem: (key: string) => stored[key] ?? null },
    (path: string, init: RequestInit) => {
      // Without credentials, so on connections of their own: never the page's, which its script takes.
      expect(init.credentials).toBe('omit');
      started.push(path);
    },
    window,
    loadingPage(api),
  );
  const sent = started.slice().sort();
  expect(Object.keys(window.momoEarlyReads ?? {}).sort()).toEqual(sent);
  return sent;
}

describe('hosted page › index.html starts the first reads', () => {
  const secret = 'pi_abc123_secret_XYZ789';

  it('reads the intent named by the secret, or the session named by the path (which brings its intent)', () => {
    expect(earlyReadsAt(`https://pay.example/pay/pi_abc123#${secret}`)).toEqual(['/v1/payment-intents/pi_abc123']);
    expect(earlyReadsAt(`https://pay.example/pay/cs_s1#${secret}`)).toEqual(['/v1/sessions/cs_s1']);
    // A reload: the tab kept the secret (the address no longer has it).
    expect(earlyReadsAt('https://pay.example/pay/pi_abc123', { 'momo-secret:/pay/pi_abc123': secret })).toEqual([
      '/v1/payment-intents/pi_abc123',
    ]);
    expect(earlyReadsAt('https://pay.example/pay/cs_s1', { 'momo-secret:/pay/cs_s1': secret })).toEqual([
      '/v1/sessions/cs_s1',
    ]);
  });

  it('starts the catalogue of a language loaded only when chosen, when ?lang= names one', () => {
    expect(earlyReadsAt(`https://pay.example/pay/pi_abc123?lang=ar#${secret}`)).toEqual([
      '/i18n/ar.json',
      '/v1/payment-intents/pi_abc123',
    ]);
    expect(earlyReadsAt('https://pay.example/embed?lang=PT')).toEqual(['/i18n/pt.json']);
    // Every language of the table: the built-in one and those a page prerenders bring their texts.
    for (const lang of LANGS) {
      const brought = lang === LANGS[0] || Object.hasOwn(PRERENDERED, lang);
      expect(earlyReadsAt(`https://pay.example/embed?lang=${lang}`), lang).toEqual(
        brought ? [] : [`/i18n/${lang}.json`],
      );
    }
    for (const lang of ['de', 'ar.json', '../v1', 'arx'])
      expect(earlyReadsAt(`https://pay.example/pay/pi_abc123?lang=${lang}`), lang).toEqual([]);
  });

  it('reads the session or the intent from the API the server named, the catalogue from this page’s origin', () => {
    const api = 'https://api.example.com';
    expect(earlyReadsAt(`https://pay.example/pay/pi_abc123?lang=ar#${secret}`, {}, api)).toEqual([
      '/i18n/ar.json',
      'https://api.example.com/v1/payment-intents/pi_abc123',
    ]);
    expect(earlyReadsAt(`https://pay.example/pay/cs_s1#${secret}`, {}, `${api}/checkout`)).toEqual([
      'https://api.example.com/checkout/v1/sessions/cs_s1',
    ]);
    // An empty one is this page's origin, as none.
    expect(earlyReadsAt(`https://pay.example/pay/cs_s1#${secret}`, {}, '')).toEqual(['/v1/sessions/cs_s1']);
  });

  it('knows a secret as the checkout does, and sends nothing else but ids', () => {
    expect(inline).toContain(CLIENT_SECRET_PATTERN.slice(0, CLIENT_SECRET_PATTERN.lastIndexOf('[')));
    expect(earlyReadsAt('https://pay.example/pay/pi_abc123#pi_abc123_sc_XYZ')).toEqual([
      '/v1/payment-intents/pi_abc123',
    ]);
    expect(earlyReadsAt('https://pay.example/pay/pi_abc123#not-a-secret')).toEqual([]);
    expect(earlyReadsAt('https://pay.example/embed')).toEqual([]);
    for (const path of earlyReadsAt(`https://pay.example/pay/cs_s1#${secret}`)) expect(path).not.toContain('secret');
    // The session paths it reads are hosted-page paths.
    expect(HOSTED_PAGE_PATH.test('/pay/cs_s1')).toBe(true);
  });
});

describe('hosted page › the API client takes the early reads over', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers a GET of the same address once with the early read, then fetches as usual', async () => {
    const early = { '/v1/payment-intents/pi_1': Promise.resolve(new Response('early')) };
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      fetched.push(`${request.method} ${new URL(request.url).pathname}`);
      return new Response('late');
    });
    const send = withEarlyReads(early);
    const get = (path: string, method = 'GET') => send(new Request(`${location.origin}${path}`, { method }));
    expect(await (await get('/v1/payment-intents/pi_1')).text()).toBe('early');
    expect(await (await get('/v1/payment-intents/pi_1')).text()).toBe('late');
    expect(await (await get('/v1/payment-intents/pi_2')).text()).toBe('late');
    expect(fetched).toEqual(['GET /v1/payment-intents/pi_1', 'GET /v1/payment-intents/pi_2']);
  });

  it('never hands an early read to another origin’s client', async () => {
    const early = { '/v1/payment-intents/pi_1': Promise.resolve(new Response('early')) };
    vi.stubGlobal('fetch', async () => new Response('late'));
    const send = withEarlyReads(early);
    expect(await (await send(new Request('https://api.elsewhere.example/v1/payment-intents/pi_1'))).text()).toBe(
      'late',
    );
    expect(early).toHaveProperty(['/v1/payment-intents/pi_1']);
  });

  it('takes over a read started at the API the server named, on another origin, by its whole address', async () => {
    const early: Record<string, Promise<Response>> = {
      'https://api.example.com/checkout/v1/payment-intents/pi_1': Promise.resolve(new Response('early')),
      [`${location.origin}/v1/sessions/cs_1`]: Promise.resolve(new Response('early session')),
    };
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      fetched.push(request.url);
      return new Response('late');
    });
    const send = withEarlyReads(early);
    const get = (url: string) => send(new Request(url)).then((response) => response.text());
    expect(await get('https://api.other.example/checkout/v1/payment-intents/pi_1')).toBe('late');
    expect(await get('https://api.example.com/checkout/v1/payment-intents/pi_1')).toBe('early');
    expect(await get('https://api.example.com/checkout/v1/payment-intents/pi_1')).toBe('late');
    // The API named by its whole address, on this page's own origin.
    expect(await get(`${location.origin}/v1/sessions/cs_1`)).toBe('early session');
    expect(fetched).toEqual([
      'https://api.other.example/checkout/v1/payment-intents/pi_1',
      'https://api.example.com/checkout/v1/payment-intents/pi_1',
    ]);
  });
});

/**
 * Runs index.html's inline script on a page in the given state, with a fake browser: what it
 * appends to the head, and the page's events and timers, to fire as a test says.
 */
function boot(page: { pathname?: string; readyState?: string; visibilityState?: string; paintTiming?: boolean }) {
  const appended: string[] = [];
  const listeners: Record<string, () => void> = {};
  const timers: [() => void, number][] = [];
  const observers: ((name: string) => void)[] = [];
  const document = {
    readyState: page.readyState ?? 'loading',
    visibilityState: page.visibilityState ?? 'visible',
    querySelector: (selector: string) =>
      selector === 'link[rel="preload"][as="script"]' ? { href: 'https://pay.example/assets/index-abc.js' } : null,
    createElement: () => ({ src: '' }),
    head: { appendChild: (script: { src: string }) => appended.push(script.src) },
  };
  class PerformanceObserver {
    static supportedEntryTypes = page.paintTiming === false ? ['navigation'] : ['navigation', 'paint'];
    constructor(private readonly callback: (list: unknown, observer: PerformanceObserver) => void) {}
    observe() {
      observers.push((name) => this.callback({ getEntries: () => [{ name }] }, this));
    }
    disconnect() {}
  }
  const run = new Function(
    'location',
    'sessionStorage',
    'fetch',
    'window',
    'document',
    'addEventListener',
    'PerformanceObserver',
    'setTimeout',
    inline,
  );
  run(
    { pathname: page.pathname ?? '/pay/pi_abc123', search: '', hash: '' },
    { getItem: () => null },
    () => {},
    {},
    document,
    (type: string, listener: () => void) => (listeners[type] = listener),
    PerformanceObserver,
    (callback: () => void, ms: number) => timers.push([callback, ms]),
  );
  return {
    appended,
    parsed: () => listeners.DOMContentLoaded?.(),
    /** The browser reports a paint: the first paint (the background), then the first contentful one. */
    painted: (name = 'first-contentful-paint') => {
      for (const fire of observers) fire(name);
    },
    /** Its timers up to 1 s (not the 8 s of "never a dead form", below). */
    timersFire: () => {
      for (const [fire, ms] of timers) if (ms <= 1000) fire();
    },
  };
}

describe('hosted page › index.html runs the page script once the first screen is painted', () => {
  const script = 'https://pay.example/assets/index-abc.js';

  it('runs it after the first contentful paint of the parsed page, once', () => {
    const page = boot({});
    page.parsed();
    expect(page.appended).toEqual([]);
    // The background alone, painted a frame before the form on a busy phone: not yet.
    page.painted('first-paint');
    expect(page.appended).toEqual([]);
    page.painted();
    expect(page.appended).toEqual([script]);
    page.painted();
    page.timersFire();
    expect(page.appended).toEqual([script]);
  });

  it('never before the page is parsed whole, even once painted', () => {
    const page = boot({});
    page.painted();
    expect(page.appended).toEqual([]);
    page.parsed();
    expect(page.appended).toEqual([script]);
  });

  it('after 1 s when no paint comes', () => {
    const page = boot({ readyState: 'interactive' });
    expect(page.appended).toEqual([]);
    page.timersFire();
    expect(page.appended).toEqual([script]);
  });

  it('as soon as the page is parsed where no paint is to be waited for: no paint timing, a page not shown, the widget frame', () => {
    for (const state of [{ paintTiming: false }, { visibilityState: 'hidden' }, { pathname: EMBED_PATH }]) {
      const page = boot(state);
      expect(page.appended, JSON.stringify(state)).toEqual([]);
      page.parsed();
      expect(page.appended, JSON.stringify(state)).toEqual([script]);
    }
  });
});

describe('hosted page › index.html asks for the page script once the page has arrived whole', () => {
  it('preloads the script the build names as soon as the page’s response has ended, before the page is parsed', () => {
    const timing = { responseEnd: 0 };
    const timers: (() => void)[] = [];
    const appended: { rel: string; as: string; href: string }[] = [];
    const listeners: Record<string, () => void> = {};
    const document = {
      readyState: 'loading',
      visibilityState: 'hidden',
      querySelector: (selector: string) =>
        selector === 'meta[name="momo-script"]' ? { content: '/assets/index-abc.js' } : null,
      createElement: () => ({ rel: '', as: '', href: '' }),
      head: { appendChild: (link: { rel: string; as: string; href: string }) => appended.push(link) },
    };
    const run = new Function(
      'location',
      'sessionStorage',
      'fetch',
      'window',
      'document',
      'addEventListener',
      'PerformanceObserver',
      'setTimeout',
      'performance',
      inline,
    );
    const fire = () => {
      for (const timer of timers.splice(0)) timer();
    };
    run(
      { pathname: '/pay/pi_abc123', search: '', hash: '' },
      { getItem: () => null },
      () => {},
      {},
      document,
      (type: string, listener: () => void) => (listeners[type] = listener),
      undefined,
      (callback: () => void) => timers.push(callback),
      { getEntriesByType: (type: string) => (type === 'navigation' ? [timing] : []) },
    );
    // The page still arriving: asked again a moment later, nothing preloaded yet.
    fire();
    expect(appended).toEqual([]);
    timing.responseEnd = 1234;
    fire();
    expect(appended).toEqual([{ rel: 'preload', as: 'script', href: '/assets/index-abc.js' }]);
    fire();
    expect(appended).toHaveLength(1);
  });
});

/**
 * Runs index.html's inline script at `address` on a page whose script never says it started (or
 * says `started`); fires the page's parse and then the longest timer it set. Returns where the page
 * went (location.replace), what it told its parent and what it kept in sessionStorage. (That Pay
 * waits for the page's script from the parse on: engine-floor.browser.test.ts, in Chromium.)
 */
function stuckPage(address: string, options: { started?: boolean | null } = {}) {
  const url = new URL(address);
  const listeners: Record<string, () => void> = {};
  const timers: [() => void, number][] = [];
  const went: string[] = [];
  const told: unknown[][] = [];
  const stored: Record<string, string> = {};
  const window: Record<string, unknown> = { momoStarted: options.started };
  const document = {
    readyState: 'loading',
    visibilityState: 'hidden',
    querySelector: () => null,
  };
  const run = new Function(
    'location',
    'sessionStorage',
    'fetch',
    'window',
    'document',
    'addEventListener',
    'PerformanceObserver',
    'setTimeout',
    'performance',
    'parent',
    inline,
  );
  run(
    {
      pathname: url.pathname,
      search: url.search,
      hash: url.hash,
      replace: (to: string) => went.push(to),
    },
    { getItem: (key: string) => stored[key] ?? null, setItem: (key: string, value: string) => (stored[key] = value) },
    () => Promise.resolve(new Response('{}')),
    window,
    document,
    (type: string, listener: () => void) => (listeners[type] = listener),
    undefined,
    (callback: () => void, ms: number) => timers.push([callback, ms]),
    { getEntriesByType: () => [] },
    { postMessage: (...args: unknown[]) => told.push(args) },
  );
  listeners.DOMContentLoaded?.();
  // The page's own timers (its paint's, its preload's) are not the one this is about: that one is
  // the longest, and the last fired.
  const [stuck, ms] = timers.reduce((longest, timer) => (timer[1] > longest[1] ? timer : longest));
  stuck();
  return { went, told, stored, ms };
}

describe('hosted page › never a dead form: a page whose script has not started in time is the plain form', () => {
  it('8 s after the page was parsed (a download that hangs says nothing), the plain form, in the language asked for', () => {
    const page = stuckPage('https://pay.example/pay/cs_1?lang=ar');
    expect(page.ms).toBe(8000);
    expect(page.went).toEqual(['?plain=1&stuck=1&lang=ar']);
    // Without ?lang=, the server reads the browser's languages.
    expect(stuckPage('https://pay.example/pay/pi_abc123').went).toEqual(['?plain=1&stuck=1']);
  });

  it('keeps the secret in the tab for the page tried again, and takes it out of the address', () => {
    const secret = 'pi_abc123_secret_XYZ789';
    const page = stuckPage(`https://pay.example/pay/pi_abc123#${secret}`);
    expect(page.stored).toEqual({ 'momo-secret:/pay/pi_abc123': secret });
    // The fragment goes: a relative address with a query has none.
    expect(page.went).toEqual(['?plain=1&stuck=1']);
  });

  it("the widget's frame (which a plain page would refuse to be framed in): tells the widget, which says what to do", () => {
    const frame = stuckPage('https://pay.example/embed?lang=fr');
    expect(frame.went).toEqual([]);
    expect(frame.told).toEqual([[{ momo: 'stuck' }, '*']]);
    // The frame's script ran and waits for its part (false): the timer still counts.
    expect(stuckPage('https://pay.example/embed', { started: false }).told).toEqual([[{ momo: 'stuck' }, '*']]);
  });

  it('nothing once the page’s script has started', () => {
    const page = stuckPage('https://pay.example/pay/cs_1', { started: true });
    expect(page.went).toEqual([]);
    expect(stuckPage('https://pay.example/embed', { started: true }).told).toEqual([]);
  });
});
