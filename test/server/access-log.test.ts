// @vitest-environment node
// The access log (src/server/access-log.ts): one JSON line per request with its time, method,
// path, status, duration and bytes, and nothing else: over the real server, a payment without
// JavaScript (its form's token and the payer's number, name and e-mail in the body), the isolated
// frame and payers' links with secrets in their query or their path leave none of it in a line.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { accessLog, loggedPath } from '../../src/server/access-log';
import { testNumber } from '../sandbox/helpers';
import { setupDistServer } from './helpers';

describe('accessLog', () => {
  /** A small app behind the middleware, on a clock the test moves. */
  function logged() {
    const lines: string[] = [];
    let time = 1000;
    const app = new Hono();
    app.use(
      accessLog((line) => lines.push(line), { now: () => time, date: () => new Date('2026-11-29T08:00:00.000Z') }),
    );
    app.get('/slow', () => {
      time += 12.34;
      return new Response('four', { status: 201, headers: { 'Content-Length': '4' } });
    });
    app.get('/fails', () => {
      throw new Error('boom');
    });
    app.onError(() => new Response('error', { status: 500 }));
    return { app, lines, parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
  }

  it('writes one JSON line per request: time, method, path, status, duration, bytes', async () => {
    const { app, lines, parsed } = logged();
    await app.fetch(new Request('http://checkout.test/slow?x=1'));
    await app.fetch(new Request('http://checkout.test/nowhere', { method: 'POST' }));
    await app.fetch(new Request('http://checkout.test/fails'));
    await app.fetch(new Request('http://checkout.test/slow', { method: 'HEAD' }));
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      '{"time":"2026-11-29T08:00:00.000Z","method":"GET","path":"/slow","status":201,"ms":12.3,"bytes":4}',
    );
    expect(parsed().map(({ method, path, status }) => [method, path, status])).toEqual([
      ['GET', '/slow', 201],
      ['POST', '/nowhere', 404],
      ['GET', '/fails', 500],
      ['HEAD', '/slow', 201],
    ]);
    expect(parsed()[3]).not.toHaveProperty('bytes'); // a HEAD sends none
    expect(parsed()[1]).not.toHaveProperty('bytes'); // a length not known before the body is sent: left out
  });

  it('keeps a well-formed request id, and no other header', async () => {
    const { app, parsed } = logged();
    await app.fetch(new Request('http://checkout.test/slow', { headers: { 'X-Request-Id': 'lb-7f3a.01' } }));
    await app.fetch(
      new Request('http://checkout.test/slow', {
        headers: { 'X-Request-Id': 'a b"c', Authorization: 'Bearer sk_test_abc', Cookie: 'session=1' },
      }),
    );
    expect(parsed()[0]?.request_id).toBe('lb-7f3a.01');
    expect(Object.keys(parsed()[1] ?? {})).toEqual(['time', 'method', 'path', 'status', 'ms', 'bytes']);
  });

  it('never fails the answer when the log cannot be written', async () => {
    const app = new Hono();
    app.use(
      accessLog(() => {
        throw new Error('EPIPE');
      }),
    );
    app.get('/', (c) => c.text('ok'));
    expect((await app.fetch(new Request('http://checkout.test/'))).status).toBe(200);
  });
});

describe('loggedPath', () => {
  it('cuts record ids to their kind and replaces secrets, numbers and addresses, encoded or not', () => {
    expect(loggedPath('/pay/pi_3xAmPl3Id9')).toBe('/pay/pi_…');
    expect(loggedPath('/pay/cs_3xAmPl3Id9/status')).toBe('/pay/cs_…/status');
    expect(loggedPath('/receipt/6ORVkIYn-KrCuFbcYj5QQWI44OVaPoZSg6ux4IaVmfdudoqTB9C')).toBe('/receipt/…');
    // Doubled slashes reach the same router's 404, and still name the token: kept out too.
    expect(loggedPath('//receipt/6ORVkIYn-KrCuFbcYj5QQWI44OVaPoZSg6ux4IaVmfdudoqTB9C')).toBe('/receipt/…');
    expect(loggedPath('/receipt//6ORVkIYn-KrCuFbcYj5QQWI44OVaPoZSg6ux4IaVmfdudoqTB9C')).toBe('/receipt/…');
    expect(loggedPath('/pay/pi_3xAmPl3Id9_secret_Q2hhcmdlU2VjcmV0')).not.toMatch(/_secret_|Q2hh/);
    expect(loggedPath('/v1/sk_test_abcdef')).toBe('/v1/[redacted]');
    expect(loggedPath('/pay/%2B242%2006%20123%204593')).toBe('/pay/[number]');
    expect(loggedPath('/pay/+242061234593')).toBe('/pay/[number]');
    expect(loggedPath('/pay/elodie%40example.cg')).toBe('/pay/[email]');
    expect(loggedPath('/pay/%E0%A4%A')).toBe('/pay/%E0%A4%A'); // malformed: as sent, still redacted
    expect(loggedPath(`/${'a'.repeat(500)}`)).toHaveLength(201);
    expect(loggedPath('/assets/index-Ab12Cd34.js')).toBe('/assets/index-Ab12Cd34.js');
  });
});

const lines: string[] = [];
const running = setupDistServer({ accessLog: (line) => lines.push(line) });

describe('the server’s access log', () => {
  it('holds no form token, client secret or payer’s detail: a payment without JavaScript, /embed, links with secrets', async () => {
    const url = running.server.url;
    const created = await fetch(`${url}/v1/payment-intents`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk_test_accesslog', 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: 2500, currency: 'xaf' }),
    });
    const intent = (await created.json()) as { intent_id: string; client_secret: string };
    const form = await (await fetch(`${url}/pay/${intent.intent_id}?plain=1`)).text();
    const token = /name="token" value="([^"]+)"/.exec(form)?.[1] ?? '';
    expect(token.length).toBeGreaterThan(20);
    const phone = testNumber('approved_after_delay');
    const paid = await fetch(`${url}/pay/${intent.intent_id}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: url, 'Sec-Fetch-Site': 'same-origin' },
      body: new URLSearchParams({
        token,
        country: 'cg',
        operator: '',
        phone: phone.national,
        firstName: 'Élodie',
        lastName: 'Goma',
        email: 'elodie@example.cg',
        lang: 'fr',
      }).toString(),
    });
    expect(paid.status).toBe(303); // the payment went through: the log saw a real one
    const secret = encodeURIComponent(intent.client_secret);
    const paths = [
      `/embed?intent=${intent.intent_id}&client_secret=${secret}&phone=${encodeURIComponent(phone.msisdn)}`,
      `/pay/${intent.intent_id}?client_secret=${secret}&token=${encodeURIComponent(token)}&email=elodie%40example.cg`,
      `/pay/${intent.client_secret}`,
      `/pay/${encodeURIComponent(`+${phone.msisdn}`)}`,
    ];
    for (const path of paths) await fetch(`${url}${path}`);

    const log = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(log.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([
      'POST /v1/payment-intents 201',
      'GET /pay/pi_… 200',
      'POST /pay/pi_… 303',
      'GET /embed 200',
      'GET /pay/pi_… 200',
      'GET /pay/[redacted] 404',
      'GET /pay/[number] 404',
    ]);
    for (const entry of log) {
      expect(Object.keys(entry).sort()).toEqual(expect.arrayContaining(['method', 'ms', 'path', 'status', 'time']));
      expect(typeof entry.ms).toBe('number');
      expect(new Date(String(entry.time)).toISOString()).toBe(entry.time);
    }
    const text = lines.join('\n');
    const digits = phone.msisdn.replace(/\D/g, '');
    for (const leak of [
      token,
      intent.client_secret,
      intent.intent_id,
      '_secret_',
      'sk_test',
      digits,
      digits.slice(-8),
      phone.national,
      'Goma',
      'lodie',
      'example.cg',
    ]) {
      expect(text).not.toContain(leak);
    }
  });
});
