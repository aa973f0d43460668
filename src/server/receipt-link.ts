// How a payer gets a lasting receipt link (./receipt-token.ts, ./receipt-page.ts), at the payment's
// own addresses (the hosted page's, ./apps/hosted-page.ts):
//   POST /pay/<id>/receipt-link   the hosted page's and the widget's "keep a link": the client secret
//                                 in the body (a form's encoding: no preflight from a merchant's page),
//                                 checked against the intent, with the asking page's `lang`; answered
//                                 { url } in that language (any origin may read it: it is worth no more
//                                 than the secret that asked for it)
//   GET  /pay/<id>/receipt        the page without JavaScript's link: 303 to the receipt's address
//                                 (who has the page's id has its secret already: docs/decisions.md)
// The id never reaches the receipt's address in clear: only its sealed token does, and beside it at
// most a language the checkout speaks (`?lang=ar`: the link opens in the page's, wherever it is opened).
import { timingSafeEqual } from 'node:crypto';
import { ApiError } from '../api/errors';
import type { ClientConfig } from '../api/http';
import { isLang } from '../i18n';
import { readPostedForm } from './posted-form';
import { parseClientSecret } from '../api/schemas/client-secret';
import type { SandboxBindings } from '../sandbox';
import { readPayment } from './plain-read';
import type { ReceiptTokens } from './receipt-token';

/** The payment's receipt addresses: `/pay/<id>/receipt` and `/pay/<id>/receipt-link`. */
export const RECEIPT_LINK_PATH = /^\/pay\/((?:pi|cs)_[A-Za-z0-9]{1,64})\/(receipt|receipt-link)$/;
/** A secret and a language weigh far less. */
const MAX_BODY_BYTES = 1024;

export interface ReceiptLinkOptions {
  api: (env: SandboxBindings | undefined) => ClientConfig;
  receipts: ReceiptTokens;
  /** Where payers reach this server: the link's origin (the widget asks from a merchant's page). */
  publicUrl: string;
}

const NO_STORE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };

export function receiptLinkHandler({
  api,
  receipts,
  publicUrl,
}: ReceiptLinkOptions): (req: Request, env?: SandboxBindings) => Promise<Response> {
  const origin = new URL(publicUrl).origin;
  return async (req, env) => {
    const [, id = '', sub] = RECEIPT_LINK_PATH.exec(new URL(req.url).pathname) ?? [];
    if (sub === 'receipt' && (req.method === 'GET' || req.method === 'HEAD')) {
      const to = `/receipt/${receipts.seal(id)}${langQuery(new URL(req.url).searchParams.get('lang'))}`;
      return new Response(null, { status: 303, headers: { Location: to, ...NO_STORE } });
    }
    if (sub === 'receipt-link' && req.method === 'POST') {
      const form = await readPostedForm(req, MAX_BODY_BYTES);
      const owned = await secretOpens(api(env), id, form?.get('client_secret') ?? '');
      if (owned === 'unavailable') return json(502, { error: 'service_unavailable' });
      if (!owned) return json(404, { error: 'not_found' });
      return json(200, { url: `${origin}/receipt/${receipts.seal(id)}${langQuery(form?.get('lang'))}` });
    }
    return new Response('Method Not Allowed\n', {
      status: 405,
      headers: { Allow: sub === 'receipt' ? 'GET, HEAD' : 'POST', 'Content-Type': 'text/plain; charset=utf-8' },
    });
  };
}

/** `?lang=ar` for a language the checkout speaks; nothing for any other value (nothing else goes along). */
const langQuery = (lang: string | null | undefined): string => (lang && isLang(lang) ? `?lang=${lang}` : '');

/**
 * Whether `secret` is the client secret of the page `id`'s intent, as the service holds it (compared
 * in constant time); a wrong secret and a payment that does not exist answer alike.
 */
async function secretOpens(config: ClientConfig, id: string, secret: string): Promise<boolean | 'unavailable'> {
  const named = parseClientSecret(secret);
  if (!named || (id.startsWith('pi_') && named.intentId !== id)) return false;
  try {
    const { intent } = await readPayment(config, id);
    const [given, held] = [Buffer.from(secret), Buffer.from(intent.client_secret)];
    return given.length === held.length && timingSafeEqual(given, held);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    if (error instanceof ApiError) return 'unavailable';
    throw error;
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*', ...NO_STORE },
  });
