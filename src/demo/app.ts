// The demo merchant: a small shop that integrates momo-checkout the way a real merchant would,
// its server calling the payment service through the project's own client (src/api). It runs
// against the in-process sandbox unless a real service is configured.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { type Client, type ClientConfig, createClient, isApiError, type WebhookFault } from '../api';
import { compressVariants, variantResponse, type Variants } from '../server/compress';
import { cartLines, cartTotal, sessionItems } from './catalog';
import { demoLinksApp } from './links';
import { demoOrders } from './orders';
import { type EndpointState, noDemoEndpoint, receiveDelivery, registerDemoEndpoint } from './webhooks';
import { isSameSiteFormPost, methodNotAllowed, readForm, shopPageResponse } from './responses';
import { shopMessagePage, shopPage, successPage } from './pages';
import { type ShopLang, STRINGS, shopLangOf } from './strings';

/** A real payment service (env MOMO_API_BASE and MOMO_SECRET_KEY). */
export interface DemoApi {
  baseUrl: string;
  secretKey: string;
  /** Where that service's hosted page lives; default: the origin of `baseUrl`. */
  checkoutBaseUrl?: string;
}

export interface DemoOptions {
  /** A real service; when absent, the sandbox below, reached in process at the request's origin. */
  api?: DemoApi | undefined;
  /** The in-process sandbox's fetch. */
  sandboxFetch: (req: Request) => Promise<Response>;
  /**
   * Where customers reach this shop (e.g. `http://localhost:3000`): the origin of its return
   * addresses. Never taken from a request's Host, which anyone may forge.
   */
  shopBaseUrl: string;
  /** The sandbox's checkoutBaseUrl when it is not this server (so the form may go there). */
  sandboxCheckoutBaseUrl?: string | undefined;
  /** Where the shop keeps its orders and what fulfillment follows; default: a new temporary folder, removed by `close`. */
  ordersDir?: string | undefined;
  /** Delivery faults the sandbox plays on the shop's own webhook endpoint (env DEMO_WEBHOOK_FAULTS). */
  webhookFaults?: readonly WebhookFault[] | undefined;
}

/** The demo's routes, relative to where it is mounted (/demo), and `close` to stop following payments. */
export interface Demo {
  app: Hono;
  /** Whether its webhook endpoint was registered (`absent`: a service without them, polling alone). */
  webhooks: Promise<EndpointState>;
  close(): Promise<void>;
}

/** Any `sk_test_…` key is a merchant to the sandbox. */
export const SANDBOX_SECRET_KEY = 'sk_test_demo';
export const DEMO_ACCOUNT_ID = 'acct_demo';

const CSS = readFileSync(new URL('./demo.css', import.meta.url));
const SCRIPT = readFileSync(new URL('./demo.js', import.meta.url));
const SESSION_ID = /^cs_[A-Za-z0-9]{1,64}$/;
const ORDER_REF = /^CMD-[0-9A-F]{12}$/;

const newOrderRef = () => `CMD-${randomBytes(6).toString('hex').toUpperCase()}`;
const originOf = (address: string) => new URL(address).origin;

export function createDemo(options: DemoOptions): Demo {
  const { api } = options;
  const shopBase = originOf(options.shopBaseUrl);
  let css: Promise<Variants> | undefined;
  let script: Promise<Variants> | undefined;

  const apiConfig: ClientConfig = api
    ? { baseUrl: api.baseUrl, token: api.secretKey }
    : { baseUrl: shopBase, token: SANDBOX_SECRET_KEY, fetch: options.sandboxFetch };
  const client: Client = createClient(apiConfig);
  // Every payment the shop creates is followed to its end, whether or not its payer comes back.
  // A folder of its own unless told: then it goes when the demo closes.
  const ordersDir = options.ordersDir ?? mkdtempSync(join(tmpdir(), 'momo-demo-orders-'));
  // Its own webhook endpoint, registered at start with the sandbox it runs with (./webhooks.ts):
  // events wake its orders at once. Not with a real service: a merchant's account is not the
  // demo's to add endpoints to, and such a service rarely reaches this shop's address.
  const endpoint = api
    ? noDemoEndpoint
    : registerDemoEndpoint(client, `${shopBase}/demo/webhooks`, console.error, options.webhookFaults);
  const orders = demoOrders(apiConfig, ordersDir, endpoint.secret);
  const close = async () => {
    await endpoint.close();
    await orders.close();
    // A temporary folder left behind is no failure of the server's close.
    if (options.ordersDir === undefined) await rm(ordersDir, { recursive: true, force: true }).catch(() => undefined);
  };

  /** Prefix of hosted-page links: nothing when the hosted page is this server. */
  const checkoutBase = api ? (api.checkoutBaseUrl ?? originOf(api.baseUrl)) : (options.sandboxCheckoutBaseUrl ?? '');

  const page = shopPageResponse({ apiBaseUrl: api?.baseUrl, checkoutBase });

  /** What the merchant shows when the service fails: a message, never a stack. */
  function apiFailure(error: unknown, lang: ShopLang, req: Request): Response {
    if (!isApiError(error)) throw error;
    const t = STRINGS[lang];
    console.error(
      `[demo] ${req.method} ${new URL(req.url).pathname}: the payment service failed (${error.kind}${error.status ? ` ${error.status}` : ''}${error.code ? ` ${error.code}` : ''})`,
    );
    const detail = [error.code ?? error.kind, error.message].join(': ');
    return page(502, shopMessagePage(lang, t.apiErrorTitle, t.apiErrorText, detail), req);
  }

  /** The shop: nothing is created or stored for a GET; each way to pay carries its order reference. */
  function shop(req: Request, url: URL): Response {
    const lang = shopLangOf(url.searchParams.get('lang'));
    const refs = { session: newOrderRef(), link: newOrderRef(), widget: newOrderRef(), dialog: newOrderRef() };
    return page(
      200,
      shopPage({ lang, canceled: url.searchParams.get('canceled') === '1', lines: cartLines(), orders: refs }),
      req,
    );
  }

  /** The intent of an order, created once (its reference is the Idempotency-Key) and followed to its end. */
  async function intentFor(order: string, purpose: 'link' | 'widget' | 'dialog', lang: ShopLang) {
    const intent = await client.createIntent(
      {
        amount: cartTotal(cartLines()),
        currency: 'xaf',
        description: `${STRINGS[lang].shopName} ${order} (${purpose})`,
        metadata: { order },
      },
      { idempotencyKey: `demo-${purpose}-${order}` },
    );
    await orders.follow(intent);
    return intent;
  }

  /** The shop's form or script, posted from its own page: the order's reference, valid, or null. */
  async function postedOrder(
    req: Request,
    url: URL,
  ): Promise<{ form: URLSearchParams; order: string; lang: ShopLang } | Response> {
    const form = isSameSiteFormPost(req, url.origin) ? await readForm(req) : null;
    const lang = shopLangOf(form?.get('lang') ?? url.searchParams.get('lang'));
    if (form === null)
      return page(403, shopMessagePage(lang, STRINGS[lang].forbiddenTitle, STRINGS[lang].forbiddenText), req);
    const submitted = form.get('order') ?? '';
    return { form, order: ORDER_REF.test(submitted) ? submitted : newOrderRef(), lang };
  }

  /** The payment link: the intent created on the customer's click, then its hosted page. */
  async function payLink(req: Request, url: URL): Promise<Response> {
    const posted = await postedOrder(req, url);
    if (posted instanceof Response) return posted;
    const { order, lang } = posted;
    try {
      const intent = await intentFor(order, 'link', lang);
      // The checkout speaks the shop's language; the secret stays in the fragment.
      const location = `${checkoutBase || shopBase}/pay/${encodeURIComponent(intent.intent_id)}?lang=${lang}#${intent.client_secret}`;
      return new Response(null, {
        status: 303,
        headers: { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
      });
    } catch (error) {
      return apiFailure(error, lang, req);
    }
  }

  /** The shop's script asks for the payment of the widget or the dialog: its id and client secret. */
  async function intentJson(req: Request, url: URL): Promise<Response> {
    const posted = await postedOrder(req, url);
    if (posted instanceof Response) return posted;
    const { form, order, lang } = posted;
    const purpose = form.get('purpose') === 'dialog' ? 'dialog' : 'widget';
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
      });
    try {
      const intent = await intentFor(order, purpose, lang);
      return json(200, { intentId: intent.intent_id, clientSecret: intent.client_secret });
    } catch (error) {
      if (!isApiError(error)) throw error;
      console.error(
        `[demo] POST /demo/intent: the payment service failed (${error.kind}${error.status ? ` ${error.status}` : ''})`,
      );
      return json(502, { error: error.code ?? error.kind });
    }
  }

  async function checkout(req: Request, url: URL): Promise<Response> {
    if (!isSameSiteFormPost(req, url.origin)) {
      const lang = shopLangOf(url.searchParams.get('lang'));
      return page(403, shopMessagePage(lang, STRINGS[lang].forbiddenTitle, STRINGS[lang].forbiddenText), req);
    }
    const form = await readForm(req);
    const lang = shopLangOf(form?.get('lang'));
    const t = STRINGS[lang];
    if (form === null) return page(400, shopMessagePage(lang, t.forbiddenTitle, t.forbiddenText), req);

    // The order reference comes with the form, so a second click sends the same request under
    // the same Idempotency-Key and gets the same session instead of a second one.
    const submitted = form.get('order') ?? '';
    const order = ORDER_REF.test(submitted) ? submitted : newOrderRef();
    const langQuery = lang === 'en' ? '&lang=en' : '';
    const lines = cartLines();
    try {
      const session = await client.createSession(
        {
          items: sessionItems(lines, lang),
          total: cartTotal(lines),
          currency: 'xaf',
          accountId: DEMO_ACCOUNT_ID,
          successUrl: `${shopBase}/demo/success?session_id={CHECKOUT_SESSION_ID}${langQuery}`,
          cancelUrl: `${shopBase}/demo?canceled=1${langQuery}`,
          metadata: { order },
        },
        { idempotencyKey: `demo-checkout-${order}` },
      );
      // Before the customer is sent to pay: from now on the order's end cannot be missed.
      await orders.follow(session);
      const target = new URL(session.url);
      if (target.protocol !== 'https:' && target.protocol !== 'http:') {
        throw new TypeError('The service answered a session address that is not http(s).');
      }
      // The customer chose the shop's language; the hosted page keeps it (the fragment stays as it is).
      target.searchParams.set('lang', lang);
      return new Response(null, {
        status: 303,
        headers: { Location: target.href, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
      });
    } catch (error) {
      return apiFailure(error, lang, req);
    }
  }

  async function success(req: Request, url: URL): Promise<Response> {
    const lang = shopLangOf(url.searchParams.get('lang'));
    const t = STRINGS[lang];
    const id = url.searchParams.get('session_id') ?? '';
    if (!SESSION_ID.test(id)) return page(400, shopMessagePage(lang, t.badSessionTitle, t.badSessionText), req);
    try {
      // Nothing the customer's browser says is trusted: the session is read with the shop's key,
      // must be the shop's own (its account, an order of this shop on its intent), and paid means
      // the intent, read with the key too, succeeded for the session's total.
      const session = await client.getSession(id);
      const intent = session.accountId === DEMO_ACCOUNT_ID ? await client.getIntent(session.paymentIntentId) : null;
      const order = intent?.metadata?.order;
      if (!intent || typeof order !== 'string' || !ORDER_REF.test(order)) {
        return page(404, shopMessagePage(lang, t.unknownSessionTitle, t.unknownSessionText), req);
      }
      const paid =
        intent.status === 'succeeded' && intent.amount === session.total && intent.currency === session.currency;
      return page(200, successPage(lang, session, paid), req);
    } catch (error) {
      if (isApiError(error) && error.status === 404) {
        return page(404, shopMessagePage(lang, t.unknownSessionTitle, t.unknownSessionText), req);
      }
      return apiFailure(error, lang, req);
    }
  }

  // Mounted at /demo (src/server/app.ts): its addresses are relative to it. Hono joins the prefix
  // and '/' into '/demo' alone, so '/demo/' is a route of its own (an empty parameter after it).
  const app = new Hono();
  const ROOT_WITH_SLASH = '/:slash{/?}';
  // Hono answers HEAD with the GET routes (the body left out).
  app.get('/', (c) => shop(c.req.raw, new URL(c.req.url)));
  app.get(ROOT_WITH_SLASH, (c) => shop(c.req.raw, new URL(c.req.url)));
  app.get('/demo.css', async (c) => {
    css ??= compressVariants(CSS, 'text/css; charset=utf-8');
    return variantResponse(c.req.raw, await css, { cacheControl: 'no-cache' });
  });
  app.get('/demo.js', async (c) => {
    script ??= compressVariants(SCRIPT, 'text/javascript; charset=utf-8');
    return variantResponse(c.req.raw, await script, { cacheControl: 'no-cache' });
  });
  app.get('/success', (c) => success(c.req.raw, new URL(c.req.url)));
  app.get('/orders', async (c) =>
    page(200, await orders.page(shopLangOf(c.req.query('lang') ?? null), c.req.query('reference')), c.req.raw),
  );
  app.post('/checkout', (c) => checkout(c.req.raw, new URL(c.req.url)));
  app.post('/pay-link', (c) => payLink(c.req.raw, new URL(c.req.url)));
  app.post('/intent', (c) => intentJson(c.req.raw, new URL(c.req.url)));
  // Signed by the service, not posted by a page: no same-site check, the signature is the proof.
  app.post('/webhooks', (c) => receiveDelivery(c.req.raw, endpoint, orders.receiveEvent));
  app.route('/links', demoLinksApp({ client, page })); // a seller's payment links (issue 31)
  // The shop's addresses asked with another method, then every other address under it.
  for (const path of ['/checkout', '/pay-link', '/intent', '/webhooks']) app.all(path, () => methodNotAllowed('POST'));
  for (const path of ['/', ROOT_WITH_SLASH, '/demo.css', '/demo.js', '/success', '/orders'])
    app.all(path, () => methodNotAllowed('GET, HEAD'));
  app.all('/*', (c) => {
    const lang = shopLangOf(c.req.query('lang') ?? null);
    return page(404, shopMessagePage(lang, STRINGS[lang].notFoundTitle, STRINGS[lang].notFoundText), c.req.raw);
  });
  return { app, webhooks: endpoint.ready, close };
}
