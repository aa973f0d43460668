// @vitest-environment node
// A session's page brings the session's public answer (GET /v1/sessions/{id} without a token) when
// this server answers the API itself: the page's inline script takes it as its first read, which is
// then never sent (one request and, on HTTP/1.1, one connection fewer: docs/performance.md). Never
// a secret in it, never against another service's address, never from a sandbox rigged with faults.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { EMBEDDED_READ_ID, embeddedRead } from '../../src/server/apps/hosted-page';
import { type RunningServer, startCheckoutServer } from '../../src/server/checkout-server';
import { type DistFixture, makeDistFixture, rawRequest } from './helpers';

type Session = Awaited<ReturnType<ReturnType<typeof createClient>['createSession']>>;

let fixture: DistFixture;
beforeAll(() => {
  fixture = makeDistFixture();
});
afterAll(() => fixture.cleanup());

async function withServer<T>(
  options: Parameters<typeof startCheckoutServer>[0],
  work: (server: RunningServer, session: Session) => Promise<T>,
): Promise<T> {
  const server = await startCheckoutServer({ port: 0, distDir: fixture.distDir, embedSessionReads: true, ...options });
  try {
    const client = createClient({ baseUrl: server.url, token: 'sk_test_embed' });
    const session = await client.createSession({
      total: 5000,
      currency: 'xaf',
      accountId: 'acct_embed',
      successUrl: 'https://shop.example/ok',
      cancelUrl: 'https://shop.example/cart',
      metadata: { order: 'private-metadata-42' },
      // What a merchant may write: nothing in it can close the data block.
      items: [
        { productId: 'prt_p1', quantity: 1, price: 5000, productName: 'Pagne </script><script>alert(1)</script> <!--' },
      ],
    });
    return await work(server, session);
  } finally {
    await server.close();
  }
}

const blockOf = (html: string): string | undefined =>
  new RegExp(`<script type="application/json" id="${EMBEDDED_READ_ID}">([^<]*)</script>`).exec(html)?.[1];

describe('the hosted page › a session’s page brings the session’s answer', () => {
  it('holds exactly what the page would read, before its first script, no secret nor metadata in it, nothing that closes the block', async () => {
    await withServer({}, async (server, session) => {
      const res = await fetch(`${server.url}/pay/${session.id}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('etag')).toBeNull();
      const html = await res.text();
      const block = blockOf(html);
      expect(block).toBeDefined();
      expect(html).toContain(`${embeddedRead(block!.replace(/\\u003c/g, '<'))}<script type="module"`);
      const read = await (
        await fetch(`${server.url}/v1/sessions/${session.id}`, { headers: { Accept: 'application/json' } })
      ).json();
      expect(JSON.parse(block!)).toEqual(read);
      expect(JSON.parse(block!).items[0].productName).toBe('Pagne </script><script>alert(1)</script> <!--');
      expect(block).not.toContain('<');
      expect(html).not.toContain(session.clientSecret);
      expect(html).not.toMatch(/client_?secret/i);
      expect(html).not.toContain('private-metadata-42');
      // The rest of the page as built.
      expect(html.replace(embeddedRead(block!.replace(/\\u003c/g, '<')), '')).toBe(fixture.files.html);
    });
  });

  it('compressed for the request, brotli or gzip as allowed, with Vary; HEAD as GET without a body', async () => {
    await withServer({}, async (server, session) => {
      const br = await rawRequest(server.url, `/pay/${session.id}`, { 'Accept-Encoding': 'br, gzip' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('Accept-Encoding');
      expect(Number(br.headers['content-length'])).toBe(br.body.byteLength);
      expect(blockOf(brotliDecompressSync(br.body).toString('utf8'))).toBeDefined();
      const gz = await rawRequest(server.url, `/pay/${session.id}`, { 'Accept-Encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(blockOf(gunzipSync(gz.body).toString('utf8'))).toBeDefined();
      const plain = await rawRequest(server.url, `/pay/${session.id}`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(blockOf(plain.body.toString('utf8'))).toBeDefined();
      const head = await rawRequest(server.url, `/pay/${session.id}`, {}, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body.byteLength).toBe(0);
    });
  });

  it('nothing in an intent’s page (its read would carry the secret), an unknown session’s, or the plain payment’s', async () => {
    await withServer({}, async (server, session) => {
      const client = createClient({ baseUrl: server.url, token: 'sk_test_embed' });
      const intent = await client.createIntent({ amount: 5000, currency: 'xaf' });
      expect(await (await fetch(`${server.url}/pay/${intent.intent_id}`)).text()).toBe(fixture.files.html);
      expect(await (await fetch(`${server.url}/pay/cs_unknown123`)).text()).toBe(fixture.files.html);
      expect(blockOf(await (await fetch(`${server.url}/pay/${session.id}?plain=1`)).text())).toBeUndefined();
    });
  });

  it('nothing unless asked for (embedSessionReads), where the page reads another service (apiOrigin), from a bare service (no session read), or a sandbox rigged with faults', async () => {
    for (const options of [
      { embedSessionReads: false },
      { apiOrigin: 'https://api.example.com' },
      { sandboxOptions: { extensions: false } },
      { sandboxOptions: { faults: true } },
    ]) {
      await withServer(options, async (server, session) => {
        expect(await (await fetch(`${server.url}/pay/${session.id}`)).text(), JSON.stringify(options)).toBe(
          fixture.files.html,
        );
      });
    }
  });
});
