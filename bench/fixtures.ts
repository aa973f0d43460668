// What every part of the bench runs against: the checkout server on the bench's own build, with the
// sandbox at its defaults (approvalMs 4000, whatever the environment says), a merchant site on
// another port, and the pages a payer opens: a checkout session, a bare intent link, the widget.
import { type Client, createClient } from '../src/api';
import type { SandboxOptions } from '../src/sandbox/config';
import { type RunningServer, startCheckoutServer } from '../src/server/checkout-server';
import { type MerchantSite, startMerchantSite } from '../test/support/merchant-site';
import type { Scenario } from './load';

export const BENCH_TOKEN = 'sk_test_bench';

export interface Fixtures {
  server: RunningServer;
  merchant: MerchantSite;
  api: Client;
  newIntent(amount?: number): Promise<{ id: string; secret: string }>;
  close(): Promise<void>;
}

export async function startFixtures(distDir: string, sandboxOptions: SandboxOptions = {}): Promise<Fixtures> {
  const server = await startCheckoutServer({ port: 0, distDir, sandboxOptions: { env: {}, ...sandboxOptions } });
  const merchant = await startMerchantSite();
  const api = createClient({ baseUrl: server.url, token: BENCH_TOKEN });
  // The server compresses its files in the background as it starts; a payer arriving later gets
  // them ready, so the bench waits for that too.
  for (const path of ['/widget.js', ...(await assetPaths(server.url))]) {
    await fetch(server.url + path, { headers: { 'Accept-Encoding': 'br' } }).then((res) => res.arrayBuffer());
  }
  return {
    server,
    merchant,
    api,
    async newIntent(amount = 12_500) {
      const intent = await api.createIntent({ amount, currency: 'xaf', description: 'Bench' });
      if (!intent.client_secret) throw new Error('the sandbox returned no client secret');
      return { id: intent.intent_id, secret: intent.client_secret };
    },
    close: async () => {
      await Promise.all([merchant.close(), server.close()]);
    },
  };
}

async function assetPaths(serverUrl: string): Promise<string[]> {
  const html = await (await fetch(`${serverUrl}/pay/pi_warmup`)).text();
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
}

export function scenarios(f: Fixtures): Scenario[] {
  return [
    {
      name: 'hosted page, checkout session',
      async url({ checkout, merchant }) {
        const session = await f.api.createSession({
          total: 12_500,
          currency: 'xaf',
          accountId: 'acct_bench',
          successUrl: `${merchant}/thanks?session={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${merchant}/cart`,
          metadata: { order: 'bench' },
          items: [
            { productId: 'prt_wax', quantity: 1, price: 10_000, productName: 'Pagne wax 6 yards' },
            { productId: 'prt_soap', quantity: 2, price: 1_250, productName: 'Savon noir' },
          ],
        });
        return `${checkout}/pay/${session.id}#${session.clientSecret}`;
      },
    },
    {
      name: 'hosted page, intent link',
      async url({ checkout }) {
        const { id, secret } = await f.newIntent();
        return `${checkout}/pay/${id}#${secret}`;
      },
    },
    {
      name: 'widget on a merchant page',
      async url({ checkout, merchant }) {
        const { id, secret } = await f.newIntent();
        const path = `/shop-${id}`;
        f.merchant.page(
          path,
          `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
            // docs/integration.md's page for slow networks: the intent's first read preloaded with
            // the page, widget.js fetched without credentials (the API is the checkout's host here).
            `<link rel="icon" href="data:,"><title>Boutique</title>` +
            `<link rel="preload" as="fetch" crossorigin href="${checkout}/v1/payment-intents/${id}">` +
            `<script src="${checkout}/widget.js" defer crossorigin></script></head>` +
            `<body><h1>Boutique Mbemba</h1><momo-checkout intent="${id}" client-secret="${secret}" lang="fr"></momo-checkout></body></html>`,
        );
        return merchant + path;
      },
    },
  ];
}
