// A lasting receipt link's page, mounted at `/receipt` (../checkout-apps.ts): `GET /receipt/<token>`,
// the token sealed by ../receipt-token.ts (made at ../receipt-link.ts), the page ../receipt-page.ts.
// A token that opens nothing gets a true 404 in the payer's language, like one of a payment the
// service no longer has: the page tells no one whether a payment exists.
import { Hono } from 'hono';
import type { ClientConfig } from '../../api/http';
import { pickLang } from '../../i18n';
import type { SandboxBindings } from '../../sandbox';
import { onlyGetOrHead } from '../responses';
import { receiptNotFound, receiptPage } from '../receipt-page';
import type { ReceiptTokens } from '../receipt-token';
import type { ServerEnv } from './env';

export interface ReceiptAppOptions {
  api: (env: SandboxBindings | undefined) => ClientConfig;
  receipts: ReceiptTokens;
}

export function receiptApp({ api, receipts }: ReceiptAppOptions): Hono<ServerEnv> {
  const app = new Hono<ServerEnv>();
  app.all('/:token', async (c) => {
    const req = c.req.raw;
    const refused = onlyGetOrHead(req);
    if (refused) return refused;
    const token = c.req.param('token');
    const lang = pickLang(c.req.query('lang') ?? null, (req.headers.get('accept-language') ?? '').split(','));
    const id = receipts.open(token);
    return id === null
      ? receiptNotFound(lang)
      : receiptPage(api(c.env), id, { token, lang, follow: c.req.query('follow') === '1' });
  });
  return app;
}
