// Extension (issue 31): payment links. The merchant creates, lists, reads and deactivates its own
// (secret key); anyone holding a link's id reads its public view and opens a payment of their own
// through it (no key: the hosted page's server does so for the payer, src/server/link-pages.ts).
import type { Hono } from 'hono';
import { paymentLinkStatusSchema } from '../../api/schemas/payment-links';
import { paymentLinkOpenRequestSchema, paymentLinkRequestSchema } from '../../api/schemas/payment-links';
import type { PaymentLinkOpened, PaymentLinkStatus } from '../../api/types';
import { mayRead, readerOf, requireMerchant } from '../auth';
import { forbidBrowsers, merchantPreflight, publicCors, publicPreflight } from '../cors';
import type { Deps, SandboxEnv } from '../env';
import { notFound } from '../errors';
import { conditionalJsonResponse, jsonResponse, readJsonBody } from '../json';
import { inTurn } from '../list-turns';
import { listQuery, matches, pageOf, walks } from '../lists';
import { linkStatus, newLink, openLink, toLinkView, toMerchantLinkView } from '../payment-links';
import { clientKey, listLimit, rateLimited } from '../rate-limit';
import type { PaymentLinkRecord } from '../store/records';
import { parseWith } from '../validate';
import { idempotentCreate } from './merchant';

const LIST = '/payment-links';
const ONE = '/payment-links/:id';
const DEACTIVATE = '/payment-links/:id/deactivate';
const OPEN = '/payment-links/:id/intents';

export function paymentLinkRoutes(app: Hono<SandboxEnv>, deps: Deps): void {
  const { config, store, merchants, confirmLimits } = deps;
  const base = config.checkoutBaseUrl;
  const mine = (id: string, owner: string): PaymentLinkRecord => {
    const link = store.links.get(id);
    if (!link || link.owner !== owner) throw notFound('This payment link');
    return link;
  };

  app.options(LIST, merchantPreflight);
  app.post(LIST, forbidBrowsers, requireMerchant, (c) =>
    idempotentCreate(c, deps, LIST, (value, owner, now) => {
      const link = newLink(parseWith(paymentLinkRequestSchema, value), owner, now);
      store.write([{ kind: 'link', record: link }], owner, 'token');
      return { status: 201, body: toMerchantLinkView(store, link, now, base, merchants.view(owner)) };
    }),
  );

  app.get(LIST, forbidBrowsers, requireMerchant, listLimit(deps.listLimit, config.now), inTurn(deps.listTurns), (c) => {
    const query = listQuery<PaymentLinkStatus>(c, paymentLinkStatusSchema.options);
    const owner = c.get('owner');
    const now = config.now();
    const merchant = merchants.view(owner);
    const keep = walks(query)
      ? (link: PaymentLinkRecord) => matches(query, link.createdAt, linkStatus(store, link, now))
      : undefined;
    const links = store.links.of(owner, query.createdFrom, query.createdBefore);
    return jsonResponse(
      200,
      pageOf(links, query, (link) => toMerchantLinkView(store, link, now, base, merchant), keep),
    );
  });

  // Its owner reads the metadata too; anyone else holding the id (the payer's page), the public view.
  app.options(ONE, publicPreflight);
  app.get(ONE, publicCors, (c) => {
    const reader = readerOf(c);
    const link = store.links.get(c.req.param('id'));
    if (!link || !mayRead(reader, link.owner)) throw notFound('This payment link');
    const merchant = merchants.view(link.owner);
    const now = config.now();
    const view = reader === null ? toLinkView : toMerchantLinkView;
    return conditionalJsonResponse(c.req.raw, view(store, link, now, base, merchant));
  });

  app.options(DEACTIVATE, merchantPreflight);
  app.post(DEACTIVATE, forbidBrowsers, requireMerchant, (c) => {
    const owner = c.get('owner');
    const now = config.now();
    let link = mine(c.req.param('id'), owner);
    // Deactivating twice changes nothing: the first time stays the one recorded.
    if (link.deactivatedAt === null) {
      link = { ...link, deactivatedAt: now };
      store.write([{ kind: 'link', record: link }], owner, 'none');
    }
    return jsonResponse(200, toMerchantLinkView(store, link, now, base, merchants.view(owner)));
  });

  // A payer's own payment: nothing is charged until that intent is confirmed, so a second opening
  // (a double press, a reload) is only a second intent nobody pays.
  app.options(OPEN, publicPreflight);
  app.post(OPEN, publicCors, async (c) => {
    const value = await readJsonBody(c, config.maxBodyBytes);
    const now = config.now();
    const link = store.links.get(c.req.param('id'));
    if (!link) throw notFound('This payment link');
    const { max, windowMs } = config.confirmRateLimit ?? { max: 0, windowMs: 0 };
    const wait = confirmLimits?.payer.take(`${clientKey(c, config.trustProxy)}\n${link.id}`, now) ?? 0;
    if (wait > 0)
      return rateLimited(
        wait,
        `Too many payments opened through this link from this client (at most ${max} in ${windowMs / 1000} s)`,
      );
    const intent = openLink(store, link, parseWith(paymentLinkOpenRequestSchema, value).amount, now);
    const body: PaymentLinkOpened = {
      object: 'payment_link_payment',
      paymentLinkId: link.id,
      paymentIntentId: intent.intentId,
      url: `${base}/pay/${intent.intentId}#${intent.clientSecret}`,
    };
    return jsonResponse(201, body);
  });
}
