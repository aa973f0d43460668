// @vitest-environment node
// The demo merchant through the real server: the shop page, the checkout session redirect, the
// payment link, the success page, and how it fails.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_ID, SANDBOX_SECRET_KEY } from '../../src/demo/app';
import { PRODUCTS, cartLines, cartTotal, formatXaf } from '../../src/demo/catalog';
import { createSandbox } from '../../src/sandbox';
import { startCheckoutServer } from '../../src/server/checkout-server';
import { TEST_NUMBERS } from '../../src/phone';
import { rawRequest, setupDistServer } from '../server/helpers';

// Payments approve 300 ms after the confirm, not the sandbox's 4 s: the orders page waits for one
// in real time (the demo's fulfillment follows it on its own real schedule).
const running = setupDistServer({ sandboxOptions: { approvalMs: 300 } });

const TOTAL = cartTotal(cartLines());
const SECRET = /pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+/;

async function shop(query = ''): Promise<{ res: Response; html: string }> {
  const res = await fetch(`${running.server.url}/demo${query}`);
  return { res, html: await res.text() };
}

const orderOf = (page: string) => /name="order" value="([^"]+)"/.exec(page)?.[1] ?? '';

function checkout(fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${running.server.url}/demo/checkout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

async function createSessionFromForm(): Promise<{
  sessionId: string;
  location: string;
  intentId: string;
  secret: string;
}> {
  const { html } = await shop();
  const res = await checkout({ order: orderOf(html), lang: 'fr' }, { 'Sec-Fetch-Site': 'same-origin', Origin: 'null' });
  expect(res.status).toBe(303);
  const location = res.headers.get('location') ?? '';
  const match = /\/pay\/(cs_[A-Za-z0-9]+)\?lang=fr#((pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+)$/.exec(location);
  if (!match) throw new Error(`unexpected location ${location}`);
  return { location, sessionId: match[1] as string, secret: match[2] as string, intentId: match[3] as string };
}

describe('GET /demo', () => {
  it('renders the products and the cart total in FCFA, in French by default', async () => {
    const { res, html } = await shop();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toContain('<html lang="fr">');
    for (const product of PRODUCTS) {
      expect(product.id).toMatch(/^prt_/);
      expect(html).toContain(product.name.fr);
      expect(html).toContain(formatXaf(product.price));
    }
    expect(formatXaf(15_000)).toBe('15\u202f000\u00a0FCFA');
    expect(html).toContain(formatXaf(TOTAL));
    expect(html).toContain('Payer avec Mobile Money');
    expect(html).toContain('href="/demo?lang=en"');
  });

  it('is served under a strict CSP, without inline script or style, and with no referrer', async () => {
    const { res, html } = await shop();
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/^default-src 'self'; script-src 'self'; style-src 'self';/);
    expect(csp).not.toContain('unsafe');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    expect(html).toContain('<link rel="stylesheet" href="/demo/demo.css">');
  });

  it('serves its stylesheet', async () => {
    const res = await fetch(`${running.server.url}/demo/demo.css`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await res.text()).toContain('.products');
  });

  it('stores nothing: any number of GETs (prefetchers, crawlers) create no payment', async () => {
    const count = async () => {
      const res = await fetch(`${running.server.url}/v1/payment-intents?perPage=1`, {
        headers: { Authorization: `Bearer ${SANDBOX_SECRET_KEY}` },
      });
      return ((await res.json()) as { meta: { total: number } }).meta.total;
    };
    const before = await count();
    for (let i = 0; i < 3; i++) expect((await shop()).res.status).toBe(200);
    expect((await fetch(`${running.server.url}/demo`, { method: 'HEAD' })).status).toBe(200);
    expect(await count()).toBe(before);
  });

  it('creates the payment link’s intent when the customer clicks, then sends them to its hosted page, in the shop’s language', async () => {
    const { html } = await shop();
    const order =
      /action="\/demo\/pay-link">\s*<input type="hidden" name="order" value="(CMD-[0-9A-F]+)">/.exec(html)?.[1] ?? '';
    const post = () =>
      fetch(`${running.server.url}/demo/pay-link`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
        body: new URLSearchParams({ order, lang: 'fr' }).toString(),
      });
    const res = await post();
    expect(res.status).toBe(303);
    const match = /\/pay\/(pi_[A-Za-z0-9]+)\?lang=fr#((pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+)$/.exec(
      res.headers.get('location') ?? '',
    );
    expect(match?.[3]).toBe(match?.[1]);
    const intent = await (await fetch(`${running.server.url}/v1/payment-intents/${match?.[1]}`)).json();
    expect(intent).toMatchObject({ amount: TOTAL, currency: 'xaf', status: 'requires_payment_method' });
    // A second click of the same order: the same payment.
    expect((await post()).headers.get('location')).toBe(res.headers.get('location'));
  });

  it('gives the shop script the widget’s and the dialog’s payments on request (their own, once each), refused from other sites', async () => {
    const { html } = await shop();
    const widgetOrder = /id="show-widget" data-order="(CMD-[0-9A-F]+)" data-lang="fr"/.exec(html)?.[1] ?? '';
    const dialogOrder = /id="open-dialog" data-order="(CMD-[0-9A-F]+)" data-lang="fr"/.exec(html)?.[1] ?? '';
    const ask = (order: string, purpose: string, site = 'same-origin') =>
      fetch(`${running.server.url}/demo/intent`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': site },
        body: new URLSearchParams({ order, lang: 'fr', purpose }).toString(),
      });
    const widget = (await (await ask(widgetOrder, 'widget')).json()) as { intentId: string; clientSecret: string };
    const dialog = (await (await ask(dialogOrder, 'dialog')).json()) as { intentId: string; clientSecret: string };
    expect(widget.clientSecret.startsWith(`${widget.intentId}_secret_`)).toBe(true);
    expect(dialog.clientSecret).toMatch(SECRET);
    expect(dialog.intentId).not.toBe(widget.intentId);
    expect(((await (await ask(widgetOrder, 'widget')).json()) as { intentId: string }).intentId).toBe(widget.intentId);
    expect((await ask(widgetOrder, 'widget', 'cross-site')).status).toBe(403);
    expect(html).toContain('<script src="/widget.js" defer></script>');
    expect(html).toContain('<script src="/demo/demo.js" defer></script>');
    const script = await (await fetch(`${running.server.url}/demo/demo.js`)).text();
    expect(script).toContain("fetch('/demo/intent'");
    expect(script).toContain('MomoCheckout.open(');
    expect(script).toContain("document.createElement('momo-checkout')");
  });

  it('shows the sandbox test numbers', async () => {
    const { html } = await shop();
    const number = (outcome: string) =>
      TEST_NUMBERS.find((n) => n.country === 'cg' && n.operator === 'mtn' && n.outcome === outcome)?.national;
    expect(html).toContain(`${number('approved_at_once')}`);
    expect(html).toContain(`${number('declined')}`);
  });

  it('speaks English with ?lang=en and says when a payment was canceled', async () => {
    const en = await shop('?lang=en');
    expect(en.html).toContain('<html lang="en">');
    expect(en.html).toContain('Pay with Mobile Money');
    expect(en.html).toContain('data-lang="en">Pay here, without leaving the shop</button>');
    const notice = '<p class="notice" role="status">';
    expect(en.html).not.toContain(`${notice}Payment canceled`);
    expect((await shop('?canceled=1')).html).toContain(`${notice}Paiement annulé`);
    expect((await shop('?canceled=1&lang=en')).html).toContain(`${notice}Payment canceled`);
  });
});

describe('links built from the configured address, never from Host', () => {
  // A name this loopback server answers under, but not the address it was given; any other name is refused (below).
  const forged = { Host: 'localhost:1', 'X-Forwarded-Host': 'evil.example' };

  it('refuses a name that is not its own on loopback (DNS rebinding), the shop’s orders and the API alike', async () => {
    for (const path of ['/demo/orders', '/v1/payment-intents?perPage=1', '/pay/pi_abc'])
      expect((await rawRequest(running.server.url, path, { Host: 'evil.example:3000' })).status, path).toBe(421);
    expect((await rawRequest(running.server.url, '/demo/orders', { Host: 'localhost:1' })).status).toBe(200);
  });

  it('the demo answers 303 to the hosted page at its own address, with return addresses there too', async () => {
    const order = orderOf((await shop()).html);
    const res = await rawRequest(
      running.server.url,
      '/demo/checkout',
      { ...forged, 'Content-Type': 'application/x-www-form-urlencoded' },
      'POST',
      `order=${order}&lang=fr`,
    );
    expect(res.status).toBe(303);
    const location = String(res.headers.location);
    expect(location.startsWith(`${running.server.url}/pay/cs_`)).toBe(true);
    const sessionId = /\/pay\/(cs_[A-Za-z0-9]+)\?lang=fr#/.exec(location)?.[1];
    const session = await (await fetch(`${running.server.url}/v1/sessions/${sessionId}`)).json();
    expect(session.successUrl).toBe(`${running.server.url}/demo/success?session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancelUrl).toBe(`${running.server.url}/demo?canceled=1`);
  });

  it('a session created through the API gets its url at the server’s address', async () => {
    const body = JSON.stringify({
      total: 1000,
      currency: 'xaf',
      accountId: 'acct_x',
      successUrl: 'https://shop.example/ok',
      cancelUrl: 'https://shop.example/no',
      metadata: {},
      items: [{ productId: 'prt_x', quantity: 1, price: 1000, productName: 'X' }],
    });
    const res = await rawRequest(
      running.server.url,
      '/v1/sessions',
      { ...forged, Authorization: 'Bearer sk_test_x', 'Content-Type': 'application/json' },
      'POST',
      body,
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString()).url).toMatch(new RegExp(`^${running.server.url}/pay/cs_`));
  });

  it('uses publicUrl when one is configured', async () => {
    const other = await startCheckoutServer({
      port: 0,
      distDir: running.fixture.distDir,
      publicUrl: 'https://pay.example.cg/',
    });
    try {
      const order = orderOf(await (await fetch(`${other.url}/demo`)).text());
      const res = await rawRequest(
        other.url,
        '/demo/checkout',
        { 'Content-Type': 'application/x-www-form-urlencoded' },
        'POST',
        `order=${order}`,
      );
      expect(String(res.headers.location)).toMatch(/^https:\/\/pay\.example\.cg\/pay\/cs_/);
    } finally {
      await other.close();
    }
  });
});

describe('POST /demo/checkout', () => {
  it('creates a session and answers 303 to its hosted page on the same origin', async () => {
    const { location, sessionId, intentId } = await createSessionFromForm();
    expect(location.startsWith(`${running.server.url}/pay/cs_`)).toBe(true);

    const res = await fetch(`${running.server.url}/v1/sessions/${sessionId}`);
    expect(res.status).toBe(200);
    const session = await res.json();
    expect(session).toMatchObject({
      id: sessionId,
      status: 'open',
      paymentIntentId: intentId,
      total: TOTAL,
      currency: 'xaf',
      accountId: 'acct_demo',
      successUrl: `${running.server.url}/demo/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${running.server.url}/demo?canceled=1`,
    });
    expect(session.items).toHaveLength(cartLines().length);
    expect((await fetch(`${running.server.url}/pay/${sessionId}`)).status).toBe(200);
  });

  it('gives the same session for the same order (Idempotency-Key), a new one for a new order', async () => {
    const { html } = await shop();
    const order = orderOf(html);
    expect(order).toMatch(/^CMD-[0-9A-F]{12}$/);
    const first = await checkout({ order, lang: 'fr' });
    const again = await checkout({ order, lang: 'fr' });
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    const other = await checkout({ order: orderOf((await shop()).html), lang: 'fr' });
    expect(other.headers.get('location')).not.toBe(first.headers.get('location'));
  });

  it('keeps the language on the way back', async () => {
    const res = await checkout({ order: orderOf((await shop('?lang=en')).html), lang: 'en' });
    // To the hosted page in English, and back to the shop in English.
    const sessionId = /\/pay\/(cs_[A-Za-z0-9]+)\?lang=en#/.exec(res.headers.get('location') ?? '')?.[1];
    const session = await (await fetch(`${running.server.url}/v1/sessions/${sessionId}`)).json();
    expect(session.successUrl).toBe(`${running.server.url}/demo/success?session_id={CHECKOUT_SESSION_ID}&lang=en`);
    expect(session.items[0].productName).toBe(PRODUCTS[0]?.name.en);
  });

  it('refuses posts from other sites, GETs, and bodies that are not forms', async () => {
    expect((await checkout({ order: 'x' }, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await checkout({ order: 'x' }, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await fetch(`${running.server.url}/demo/checkout`)).status).toBe(405);
    const json = await fetch(`${running.server.url}/demo/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
    const huge = await checkout({ order: 'x'.repeat(10_000) });
    expect(huge.status).toBe(400);
  });
});

describe('GET /demo/success', () => {
  it('says honestly that an unpaid session is not paid', async () => {
    const { sessionId } = await createSessionFromForm();
    const res = await fetch(`${running.server.url}/demo/success?session_id=${sessionId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Paiement pas encore reçu');
    expect(html).not.toContain('paiement reçu</h1>');
    expect(html).toContain(formatXaf(TOTAL));
    expect(html).toContain('data-status="open"');
    expect(res.headers.get('content-security-policy')).toMatch(
      /^default-src 'self'; script-src 'self'; style-src 'self';/,
    );
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('says paid once the payment has succeeded', async () => {
    const { sessionId, intentId, secret } = await createSessionFromForm();
    const approving = TEST_NUMBERS.find(
      (n) => n.country === 'cg' && n.operator === 'mtn' && n.outcome === 'approved_at_once',
    );
    const confirm = await fetch(`${running.server.url}/v1/payment-intents/${intentId}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_secret: secret,
        first_name: 'Awa',
        last_name: 'Mbemba',
        receipt_email: 'awa@example.com',
        payment_method_data: { type: 'momo', momo: { country: 'cg', msisdn: approving?.msisdn, operator_name: 'mtn' } },
      }),
    });
    expect(await confirm.json()).toMatchObject({ status: 'succeeded' });
    const html = await (await fetch(`${running.server.url}/demo/success?session_id=${sessionId}&lang=en`)).text();
    expect(html).toContain('Thank you, payment received');
    expect(html).toContain('data-status="complete"');
    expect(html).not.toContain('http-equiv="refresh"');
  });

  it('escapes what the service sends back', async () => {
    const hostile = '<img src=x onerror=alert(1)>"\'&';
    const created = await fetch(`${running.server.url}/v1/sessions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${SANDBOX_SECRET_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        total: 100,
        currency: 'xaf',
        accountId: DEMO_ACCOUNT_ID,
        successUrl: 'https://shop.example/ok',
        cancelUrl: 'https://shop.example/ko',
        metadata: { order: 'CMD-0123456789AB' },
        items: [{ productId: 'prt_x', quantity: 1, price: 100, productName: hostile }],
      }),
    });
    const { id } = (await created.json()) as { id: string };
    const html = await (await fetch(`${running.server.url}/demo/success?session_id=${id}`)).text();
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;');
  });

  it('refuses ids that are not cs_… and says when a session does not exist', async () => {
    for (const id of ['', 'pi_abc', 'cs_', 'cs_<script>alert(1)</script>', 'cs_../../x']) {
      const res = await fetch(`${running.server.url}/demo/success?session_id=${encodeURIComponent(id)}`);
      expect(res.status, id).toBe(400);
      expect(await res.text()).not.toContain('<script>alert');
    }
    const unknown = await fetch(`${running.server.url}/demo/success?session_id=cs_doesNotExist`);
    expect(unknown.status).toBe(404);
  });
});

describe('GET /demo/orders', () => {
  it('shows paid, within the approval window, the order of a payer who closed the tab at the approval screen', {
    timeout: 60_000,
  }, async () => {
    const { intentId, secret } = await createSessionFromForm();
    const orders = async () => (await fetch(`${running.server.url}/demo/orders?lang=en`)).text();
    const order = /data-order="(CMD-[0-9A-F]+)" data-state="open"/.exec(await orders())?.[1];
    expect(order).toMatch(/^CMD-/);
    // The payer confirms, is shown "approve on your phone", approves there and closes the tab:
    // the shop's success page is never visited.
    const approving = TEST_NUMBERS.find(
      (n) => n.country === 'cg' && n.operator === 'mtn' && n.outcome === 'approved_after_delay',
    );
    const confirm = await fetch(`${running.server.url}/v1/payment-intents/${intentId}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_secret: secret,
        first_name: 'Awa',
        last_name: 'Mbemba',
        receipt_email: 'awa@example.com',
        payment_method_data: { type: 'momo', momo: { country: 'cg', msisdn: approving?.msisdn, operator_name: 'mtn' } },
      }),
    });
    expect(await confirm.json()).toMatchObject({ status: 'pending' });
    let page = '';
    for (let waited = 0; waited < 50_000 && !page.includes(`data-order="${order}" data-state="paid"`); waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      page = await orders();
    }
    expect(page).toContain(`data-order="${order}" data-state="paid"`);
    expect(page).toContain(`<td>Paid</td>`);
    expect(page).toContain(formatXaf(TOTAL));
  });
});

describe('GET /demo/orders › a payment’s short reference', () => {
  it('lists each order’s reference, and finds the order by it typed as a customer reads it out', {
    timeout: 60_000,
  }, async () => {
    const { intentId } = await createSessionFromForm();
    const intent = (await (await fetch(`${running.server.url}/v1/payment-intents/${intentId}`)).json()) as {
      reference: string;
    };
    expect(intent.reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{3}-[0-9A-HJKMNP-TV-Z]{3}$/);
    // The order's line shows it once the shop's fulfillment has read the intent.
    let page = '';
    for (let waited = 0; waited < 30_000 && !page.includes(`<code>${intent.reference}</code>`); waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      page = await (await fetch(`${running.server.url}/demo/orders?lang=en`)).text();
    }
    const order = new RegExp(
      `data-order="([^"]+)" data-state="open"><td><code>[^<]+</code></td><td><code>${intent.reference}</code>`,
    ).exec(page)?.[1];
    expect(order).toBeTruthy();
    const find = async (typed: string) =>
      (await fetch(`${running.server.url}/demo/orders?lang=en&reference=${encodeURIComponent(typed)}`)).text();
    // Lower case, a space for the dash, O for 0: as typed from a customer's call.
    const found = await find(intent.reference.toLowerCase().replace('-', ' ').replace(/0/g, 'o'));
    expect(found).toContain(`<p id="found" role="status">Order <code>${order}</code></p>`);
    // The search does not reload under the shop assistant's typing.
    expect(found).not.toContain('http-equiv="refresh"');
    const unused = intent.reference === 'ZZZ-ZZZ' ? 'YYY-YYY' : 'ZZZ-ZZZ';
    expect(await find(unused)).toContain('No payment of the shop has this reference.');
    expect(await find('K7M')).toContain('This is not a reference: 6 letters and digits, like K7M-4Q2.');
  });
});

describe('GET /demo/success › the shop checks on its server', () => {
  /** A payment service that answers the session and intent it is given, whoever asks. */
  async function withService(
    session: Record<string, unknown>,
    intent: Record<string, unknown>,
    check: (url: string) => Promise<void>,
  ) {
    const sandbox = createSandbox({ env: {}, checkoutBaseUrl: 'http://checkout.test' });
    const base = (await (
      await sandbox.fetch(
        new Request('http://checkout.test/v1/sessions', {
          method: 'POST',
          headers: { Authorization: `Bearer ${SANDBOX_SECRET_KEY}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            total: 100,
            currency: 'xaf',
            accountId: DEMO_ACCOUNT_ID,
            successUrl: 'https://s.example/ok',
            cancelUrl: 'https://s.example/ko',
            metadata: { order: 'CMD-0123456789AB' },
            items: [{ productId: 'prt_x', quantity: 1, price: 100, productName: 'X' }],
          }),
        }),
      )
    ).json()) as Record<string, unknown>;
    const read = (await (
      await sandbox.fetch(
        new Request(`http://checkout.test/v1/payment-intents/${base.paymentIntentId}`, {
          headers: { Authorization: `Bearer ${SANDBOX_SECRET_KEY}` },
        }),
      )
    ).json()) as Record<string, unknown>;
    const service = createServer(async (req, res) => {
      // The shop's fulfillment lists its payments: the sandbox answers that (for this key, nothing).
      if (req.url && /^\/v1\/(?:payment-intents|sessions)\?/.test(req.url)) {
        const list = await sandbox.fetch(
          new Request(`http://checkout.test${req.url}`, {
            headers: { Authorization: req.headers.authorization ?? '' },
          }),
        );
        res.writeHead(list.status, { 'Content-Type': 'application/json' });
        res.end(await list.text());
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify(
          req.url?.startsWith('/v1/sessions/')
            ? { ...base, status: 'complete', ...session }
            : { ...read, status: 'succeeded', ...intent },
        ),
      );
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const shop = await startCheckoutServer({
      port: 0,
      distDir: running.fixture.distDir,
      demoApi: { baseUrl: `http://127.0.0.1:${(service.address() as AddressInfo).port}`, secretKey: 'sk_test_x' },
    });
    try {
      await check(shop.url);
    } finally {
      await shop.close();
      await new Promise((resolve) => service.close(resolve));
    }
  }
  const successOf = async (url: string) => fetch(`${url}/demo/success?session_id=cs_abc&lang=en`);

  it('says paid for its own session whose intent succeeded', async () => {
    await withService({}, {}, async (url) => {
      const res = await successOf(url);
      expect([res.status, await res.text()]).toEqual([200, expect.stringContaining('Thank you, payment received')]);
      // Its widget calls that service and shows the merchant's logo the service serves.
      expect(res.headers.get('content-security-policy')).toMatch(
        /; img-src 'self' http:\/\/127\.0\.0\.1:\d+ data:; connect-src 'self' http:\/\/127\.0\.0\.1:\d+;/,
      );
    });
  });

  it('does not recognise another merchant’s paid session (another account, or an intent without this shop’s order)', async () => {
    for (const [session, intent] of [
      [{ accountId: 'acct_other' }, {}],
      [{}, { metadata: { order: 'not-ours' } }],
      [{}, { metadata: null }],
    ] as const) {
      await withService(session, intent, async (url) => {
        const res = await successOf(url);
        expect(res.status).toBe(404);
        expect(await res.text()).not.toContain('payment received');
      });
    }
  });

  it('does not say paid on the session’s word alone: the intent must have succeeded for the session’s total', async () => {
    for (const intent of [{ status: 'requires_payment_method' }, { status: 'pending' }, { amount: 1 }]) {
      await withService({ status: 'complete' }, intent, async (url) => {
        const html = await (await successOf(url)).text();
        expect(html).not.toContain('payment received');
        expect(html).toContain('Payment not received yet');
      });
    }
  });
});

const payLink = (base: string) =>
  fetch(`${base}/demo/pay-link`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
    body: 'order=CMD-000000000000&lang=fr',
  });

describe('when the payment service fails', () => {
  it('shows a plain 502 page with the escaped reason, never a stack', async () => {
    // A service that refuses everything with a hostile message.
    const service = createServer((_req, res) => {
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({ error: { code: 'invalid_request', message: '<script>alert(1)</script>', field: null } }),
      );
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const { port } = service.address() as AddressInfo;
    const broken = await startCheckoutServer({
      port: 0,
      distDir: running.fixture.distDir,
      demoApi: { baseUrl: `http://127.0.0.1:${port}`, secretKey: 'sk_test_x' },
    });
    const errors: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args.join(' '));
    try {
      // The shop page itself asks the service nothing; the payment link's click does.
      expect((await fetch(`${broken.url}/demo`)).status).toBe(200);
      const res = await payLink(broken.url);
      expect(res.status).toBe(502);
      const html = await res.text();
      expect(html).toContain('Le service de paiement n’a pas pu répondre');
      expect(html).toContain('invalid_request: &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).not.toContain('<script>');
      expect(html).not.toMatch(/\bat .*\.ts:\d+|node:internal|Error:/);
      const post = await fetch(`${broken.url}/demo/checkout`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'order=CMD-000000000000&lang=en',
      });
      expect(post.status).toBe(502);
      expect(await post.text()).toContain('The payment service could not answer');
      const success = await fetch(`${broken.url}/demo/success?session_id=cs_abc`);
      expect(success.status).toBe(502);
    } finally {
      console.error = original;
      await broken.close();
      await new Promise((resolve) => service.close(resolve));
    }
    expect(errors.join('\n')).not.toContain('sk_test_x');
  });

  it('shows a plain 502 page when the service cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const broken = await startCheckoutServer({
      port: 0,
      distDir: running.fixture.distDir,
      demoApi: { baseUrl: `http://127.0.0.1:${port}`, secretKey: 'sk_test_x' },
    });
    const original = console.error;
    console.error = () => undefined;
    try {
      const res = await payLink(broken.url);
      expect(res.status).toBe(502);
      expect(await res.text()).toContain('network: Could not reach the service');
    } finally {
      console.error = original;
      await broken.close();
    }
  });
});

describe("the demo merchant's profile", () => {
  it('names Boutique Awa, with its logo (a PNG of at most 2 KB served by this server) and a support e-mail, on its sessions and intents', async () => {
    const { sessionId, intentId } = await createSessionFromForm();
    const session = (await (await fetch(`${running.server.url}/v1/sessions/${sessionId}`)).json()) as {
      merchant: Record<string, string | null>;
    };
    expect(session.merchant).toEqual({
      name: 'Boutique Awa',
      logo_url: expect.stringMatching(new RegExp(`^${running.server.url}/v1/merchant-logos/[0-9a-f]{32}\\.png$`)),
      support_email: 'aide@boutique-awa.example',
      support_phone: '+242061234567',
    });
    const intent = (await (await fetch(`${running.server.url}/v1/payment-intents/${intentId}`)).json()) as {
      merchant: unknown;
      live_mode: number;
    };
    expect(intent).toMatchObject({ merchant: session.merchant, live_mode: 0 });

    const logo = await fetch(session.merchant.logo_url as string);
    const bytes = Buffer.from(await logo.arrayBuffer());
    expect([logo.status, logo.headers.get('content-type'), logo.headers.get('x-content-type-options')]).toEqual([
      200,
      'image/png',
      'nosniff',
    ]);
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(bytes.length).toBeLessThanOrEqual(2048);
    // 48 × 48.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([48, 48]);
  });

  it("is the shop's own: another key's intents name nobody", async () => {
    const res = await fetch(`${running.server.url}/v1/payment-intents`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk_test_someone_else', 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: 100, currency: 'xaf' }),
    });
    expect(((await res.json()) as { merchant: unknown }).merchant).toBeNull();
  });

  it('uses the shop name of its profile on its own pages', async () => {
    const { html } = await shop();
    expect(html).toContain('Boutique Awa');
    expect(html).not.toContain('Mboa');
  });
});
