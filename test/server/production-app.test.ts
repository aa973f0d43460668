// @vitest-environment node
// What momo-checkout-server serves (src/server/production-app.ts), against a payment service that
// is not itself: the packaged sandbox's server on a port of its own. No /v1 and no /demo of its
// own; the page's policy names the service; and a no-JavaScript form shown by one instance is
// taken by another holding the same key, also in the middle of a key rotation, with one charge; so is
// a receipt link. Behind a load balancer that ends TLS, its cookies stay Secure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { createProductionApp, type ProductionApp } from '../../src/server/production-app';
import { type RunningServer, startSandboxServer } from '../../src/server/sandbox-server';
import { numberFor } from '../support/checkout-bed';
import { type DistFixture, makeDistFixture } from './helpers';

const PUBLIC = 'https://checkout.example.com';
const OLD_KEY = Buffer.from('kY3v9+2mQ0rT8sLw1xZb6nA4cH7dJ5eF0gP2iU9oR3s=');
const NEW_KEY = Buffer.from('Zq1W8e3R7t2Y6u0I5o9P4a8S1d7F3g6H2j0K5l9Z8x=');

let dist: DistFixture;
let service: RunningServer;
beforeAll(async () => {
  dist = makeDistFixture();
  service = await startSandboxServer({ port: 0, host: '127.0.0.1', distDir: dist.distDir, sandboxOptions: {} });
});
afterAll(async () => {
  await service?.close();
  dist?.cleanup();
});

const instance = (formKeys: Uint8Array[]): ProductionApp =>
  createProductionApp({
    apiBase: service.url,
    publicUrl: PUBLIC,
    formKeys,
    distDir: dist.distDir,
    accessLog: () => {},
  });

const get = (app: ProductionApp, path: string) => app.app.fetch(new Request(`${PUBLIC}${path}`));
const post = (app: ProductionApp, path: string, form: Record<string, string>) =>
  app.app.fetch(
    new Request(`${PUBLIC}${path}`, {
      method: 'POST',
      body: new URLSearchParams(form).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: PUBLIC, 'Sec-Fetch-Site': 'same-origin' },
    }),
  );
const tokenOf = (html: string) => /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';

async function newIntent() {
  const momo = createClient({ baseUrl: service.url, token: 'sk_test_production' });
  const intent = await momo.createIntent({ amount: 5000, currency: 'xaf' });
  const attempts = async () => (await momo.getIntent(intent.intent_id)).event.charges.length;
  return { id: intent.intent_id, attempts };
}

function payerOf(token: string) {
  return {
    token,
    country: 'cg',
    operator: '',
    phone: numberFor('approved_after_delay').national,
    firstName: 'Élodie',
    lastName: 'Goma',
    email: 'elodie@example.cg',
    lang: 'fr',
  };
}

describe('momo-checkout-server’s app', () => {
  it('serves the checkout and nothing of the sandbox or the demo', async () => {
    const app = instance([OLD_KEY]);
    const { id } = await newIntent();
    const page = await get(app, `/pay/${id}`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`connect-src 'self' ${service.url}`);
    expect(csp).toContain(`img-src 'self' ${service.url}`);
    expect((await get(app, '/widget.js')).status).toBe(200);
    for (const path of [`/v1/payment-intents/${id}`, '/v1/sessions', '/demo', '/demo/orders', '/'])
      expect((await get(app, path)).status, path).toBe(404);
  });

  it('takes on one instance a no-JavaScript form shown by another, across a key rotation, with one charge', async () => {
    const { id, attempts } = await newIntent();
    // Instance A still signs with the old key; B already signs with the new one and still verifies the old.
    const a = instance([OLD_KEY]);
    const b = instance([NEW_KEY, OLD_KEY]);
    const shown = await get(a, `/pay/${id}?plain=1`);
    const token = tokenOf(await shown.text());
    expect(token).not.toBe('');

    const taken = await post(b, `/pay/${id}`, payerOf(token));
    expect(taken.status).toBe(303);
    expect(taken.headers.get('location')).toBe(`/pay/${id}/status?lang=fr`);
    // The payer's second press reaches A: the same form, the same Idempotency-Key, no second charge.
    const again = await post(a, `/pay/${id}`, payerOf(token));
    expect(again.status).toBe(303);
    expect(await attempts()).toBe(1);
    const status = await get(a, `/pay/${id}/status?lang=fr`);
    expect(status.status).toBe(200);
  });

  it('keeps the plain pages’ cookies Secure behind a load balancer that ends TLS (the request as http)', async () => {
    const { id } = await newIntent();
    const app = instance([OLD_KEY]);
    const behind = (path: string, init?: RequestInit) =>
      app.app.fetch(new Request(`${PUBLIC.replace('https:', 'http:')}${path}`, init));
    const relative = await behind(`/pay/${id}?relative`);
    expect(relative.headers.get('set-cookie')).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
    const token = tokenOf(await (await behind(`/pay/${id}?plain=1`)).text());
    const paid = await behind(`/pay/${id}`, {
      method: 'POST',
      body: new URLSearchParams(payerOf(token)).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: PUBLIC, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('set-cookie')).toMatch(
      /^momo_typed=[^;]+; Path=\/pay\/pi_\w+; Max-Age=3600; HttpOnly; Secure; SameSite=Strict$/,
    );
  });

  it('refuses a form signed by a key no instance holds any more, sending nothing', async () => {
    const { id, attempts } = await newIntent();
    const retired = instance([OLD_KEY]);
    const token = tokenOf(await (await get(retired, `/pay/${id}?plain=1`)).text());
    const answer = await post(instance([NEW_KEY]), `/pay/${id}`, payerOf(token));
    expect(answer.status).not.toBe(303);
    expect(await answer.text()).toContain('name="token"'); // the form again, with a new token
    expect(await attempts()).toBe(0);
  });

  it('opens on every instance a receipt link made by one, across a key rotation; none after its key is retired', async () => {
    const { id } = await newIntent();
    const secret = (await createClient({ baseUrl: service.url }).getIntent(id)).client_secret;
    const answer = await instance([OLD_KEY]).app.fetch(
      new Request(`${PUBLIC}/pay/${id}/receipt-link`, {
        method: 'POST',
        body: new URLSearchParams({ client_secret: secret }).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://shop.example' },
      }),
    );
    expect(answer.status).toBe(200);
    const { url } = (await answer.json()) as { url: string };
    expect(url.startsWith(`${PUBLIC}/receipt/`)).toBe(true);
    const path = url.slice(PUBLIC.length);
    for (const keys of [[OLD_KEY], [NEW_KEY, OLD_KEY]]) {
      const page = await get(instance(keys), `${path}?lang=en`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('No payment has been made yet.');
    }
    expect((await get(instance([NEW_KEY]), path)).status).toBe(404);
  });
});
