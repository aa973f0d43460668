// @vitest-environment node
// Faults over real HTTP, as a browser or a merchant's server meets them. Two ways to serve the
// sandbox: @hono/node-server's `serve` (the Node request reaches the sandbox, so a reset resets
// the socket at once), and a listener that passes only the Request, as src/server does (a reset
// then breaks the body after the headers; the node adapter destroys the socket).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener, serve } from '@hono/node-server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/api';
import { createSandbox, type FaultRuleInput } from '../../src/sandbox';
import { confirmBody, testNumber, TOKEN } from './helpers';
import { failure } from '../support/failure';

const CONFIRM = 'POST /v1/payment-intents/:id/confirm';
const servers: Server[] = [];

// The node adapter logs the broken body of a request-only reset (one line, no stack): not here.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function served(how: 'serve' | 'request only') {
  const sandbox = createSandbox({ env: {}, faults: true });
  const server =
    how === 'serve'
      ? (serve({ fetch: sandbox.fetch, port: 0, hostname: '127.0.0.1' }) as Server)
      : createServer(getRequestListener((request) => sandbox.fetch(request)));
  if (how === 'serve') await new Promise((resolve) => server.once('listening', resolve));
  const base = await listen(server);
  const merchant = createClient({ baseUrl: base, token: TOKEN });
  const payer = createClient({ baseUrl: base, timeoutMs: 300 });
  const intent = await merchant.createIntent({ amount: 5000, currency: 'xaf' });
  const secret = intent.client_secret ?? '';
  const confirm = () => payer.confirmIntent(intent.intent_id, confirmBody(secret, testNumber('approved_after_delay')));
  const rawConfirm = () =>
    fetch(`${base}/v1/payment-intents/${intent.intent_id}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(confirmBody(secret, testNumber('approved_after_delay'))),
    });
  const charges = async () => (await merchant.getIntent(intent.intent_id)).event.charges.length;
  const inject = (rule: Omit<FaultRuleInput, 'route'>) => sandbox.faults.inject({ route: CONFIRM, ...rule });
  return { sandbox, base, confirm, rawConfirm, charges, inject, intent };
}

describe('faults over HTTP › reset', () => {
  it.each(['before', 'after'] as const)(
    'served with serve(): the socket is reset before any header (%s)',
    async (when) => {
      const { rawConfirm, charges, inject } = await served('serve');
      inject({ kind: 'reset', when });
      const error = await rawConfirm().then(
        () => null,
        (e: unknown) => e as TypeError & { cause?: { code?: string } },
      );
      expect(error).toBeInstanceOf(TypeError);
      expect(error?.cause?.code).toBe('ECONNRESET');
      expect(await charges()).toBe(when === 'before' ? 0 : 1);
    },
  );

  it.each(['before', 'after'] as const)(
    'served request-only: the body breaks and the client sees a network error (%s)',
    async (when) => {
      const { confirm, charges, inject } = await served('request only');
      inject({ kind: 'reset', when });
      expect(await failure(confirm())).toMatchObject({ kind: 'network' });
      expect(await charges()).toBe(when === 'before' ? 0 : 1);
    },
  );

  it('leaves the server answering the next request normally', async () => {
    const { confirm, inject } = await served('request only');
    inject({ kind: 'reset', when: 'before' });
    await failure(confirm());
    expect((await confirm()).status).toBe('pending');
  });
});

describe('faults over HTTP › hang', () => {
  it.each([
    ['serve', 'before'],
    ['request only', 'after'],
  ] as const)('served with %s, %s: the client times out', async (how, when) => {
    const { confirm, charges, inject, sandbox } = await served(how);
    inject({ kind: 'hang', when });
    const started = performance.now();
    expect(await failure(confirm())).toMatchObject({ kind: 'timeout' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(await charges()).toBe(when === 'before' ? 0 : 1);
    expect(sandbox.faults.hits()).toHaveLength(1);
  });
});

describe('faults over HTTP › garbled answers', () => {
  it('http_error reaches the client as an HTML page it keeps a piece of', async () => {
    const { confirm, inject } = await served('request only');
    inject({ kind: 'http_error', status: 502 });
    const error = await failure(confirm());
    expect(error).toMatchObject({ kind: 'http', status: 502, code: undefined });
    expect(error.bodyText).toContain('502 Bad Gateway');
  });

  it('truncated_json reaches the client as an invalid response, the attempt started', async () => {
    const { confirm, charges, inject } = await served('serve');
    inject({ kind: 'truncated_json' });
    expect(await failure(confirm())).toMatchObject({ kind: 'invalid_response' });
    expect(await charges()).toBe(1);
  });
});
