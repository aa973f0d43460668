// @vitest-environment node
// The plain pages' cookies (src/server/plain-cookie.ts): `Secure` wherever the payer's page is https —
// the public address says so even when a load balancer that ends TLS passes the request on as plain
// http — and only without it where the page is served over plain http, as to a tester's phone on the
// LAN (`npm start --host`, http://192.168.1.10:3000), whose browser would drop a `Secure` cookie and
// then could not show the number typed. Through the app `npm start` serves, in process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp, type ServerApp } from '../../src/server/app';
import { paymentCookie, servedOverHttps } from '../../src/server/plain-cookie';
import { testNumber as number } from '../browser/support/harness';
import { TOKEN } from '../sandbox/helpers';
import { type DistFixture, makeDistFixture } from './helpers';
import { payer, tokenOf } from './plain-setup';

let fixture: DistFixture;
const made: ServerApp[] = [];
beforeAll(() => {
  fixture = makeDistFixture();
});
afterAll(async () => {
  for (const served of made) await served.close();
  fixture?.cleanup();
});

/**
 * A payer's browser at `page` (the origin it typed) paying from the plain form of a server whose public
 * address is `publicUrl`: the cookies it is given, the relative's mark's and the typed number's.
 */
async function cookiesAt(publicUrl: string, page: string) {
  const served = createServerApp({ publicUrl, distDir: fixture.distDir, compressApi: false });
  made.push(served);
  const fetch = (path: string, init?: RequestInit) => served.app.fetch(new Request(`${page}${path}`, init));
  const created = await fetch('/v1/payment-intents', {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ amount: 5000, currency: 'xaf' }),
  });
  const { intent_id: id } = (await created.json()) as { intent_id: string };
  const relative = (await fetch(`/pay/${id}?relative`)).headers.get('set-cookie') ?? '';
  const token = tokenOf(await (await fetch(`/pay/${id}?plain=1`)).text());
  const posted = await fetch(`/pay/${id}`, {
    method: 'POST',
    body: new URLSearchParams({ token, ...payer(number('never_approved').national) }).toString(),
    // The browser says the origin it shows: the public address's where TLS ends before this server.
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: new URL(publicUrl).protocol === 'https:' ? publicUrl : page,
      'Sec-Fetch-Site': 'same-origin',
    },
  });
  expect(posted.status).toBe(303);
  return { relative, typed: posted.headers.get('set-cookie') ?? '' };
}

describe('the plain pages’ cookies › Secure as the page is', () => {
  it('without Secure for a page over plain http on the LAN (npm start --host: a tester’s phone)', async () => {
    const { relative, typed } = await cookiesAt('http://localhost:3000', 'http://192.168.1.10:3000');
    expect(relative).toMatch(/^momo_relative=1; Path=\/pay\/pi_\w+; Max-Age=86400; HttpOnly; SameSite=Lax$/);
    expect(typed).toMatch(/^momo_typed=[^;]+; Path=\/pay\/pi_\w+; Max-Age=3600; HttpOnly; SameSite=Strict$/);
  });

  it('Secure where the public address is https, the request arriving as http from a load balancer that ends TLS', async () => {
    const { relative, typed } = await cookiesAt('https://checkout.example.com', 'http://checkout.example.com');
    expect(relative).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
    expect(typed).toMatch(/; HttpOnly; Secure; SameSite=Strict$/);
  });
});

describe('servedOverHttps', () => {
  it.each([
    ['a request over https', 'https://checkout.example.com/pay/pi_1', undefined, true],
    [
      'an https public address, the request passed on as http',
      'http://checkout.example.com/pay/pi_1',
      'https://checkout.example.com',
      true,
    ],
    ['a LAN page, the public address http', 'http://192.168.1.10:3000/pay/pi_1', 'http://localhost:3000', false],
    ['plain http, no public address', 'http://192.168.1.10:3000/pay/pi_1', undefined, false],
  ] as const)('%s: %s', (_, url, publicUrl, https) => {
    expect(servedOverHttps(new Request(url), publicUrl)).toBe(https);
  });
});

describe('paymentCookie', () => {
  it('is the payment’s pages’ alone, out of scripts’ reach, Secure as asked', () => {
    const cookie = { name: 'momo_x', value: '1', id: 'pi_1', maxAgeS: 60, sameSite: 'Lax' } as const;
    expect(paymentCookie({ ...cookie, secure: true })).toBe(
      'momo_x=1; Path=/pay/pi_1; Max-Age=60; HttpOnly; Secure; SameSite=Lax',
    );
    expect(paymentCookie({ ...cookie, secure: false })).toBe(
      'momo_x=1; Path=/pay/pi_1; Max-Age=60; HttpOnly; SameSite=Lax',
    );
  });
});
