import type { Hono } from 'hono';
import * as z from 'zod/mini';
import { sessionRequestSchema } from '../../api/schemas';
import { mayRead, readerOf, requireMerchant } from '../auth';
import { forbidBrowsers, merchantPreflight, publicCors, publicPreflight } from '../cors';
import type { Deps, SandboxEnv } from '../env';
import { notFound } from '../errors';
import { conditionalJsonResponse } from '../json';
import { notUpIn } from '../availability';
import { toPaymentIntent } from '../intent-view';
import { checkSessionRequest, newSession, intentOf, toPublicSession, toSession } from '../sessions';
import { parseWith } from '../validate';
import { idempotentCreate } from './merchant';

const CREATE = '/sessions';
const ONE = '/sessions/:id';

/** A bare service knows no `expiresAt` nor `customer`: like any field it does not know, it is dropped unread. */
const bareSessionRequestSchema = z.omit(sessionRequestSchema, { expiresAt: true, customer: true });

export function sessionRoutes(app: Hono<SandboxEnv>, deps: Deps): void {
  const { config, store, merchants, faults } = deps;
  /** Extension: who is paid; a bare service says nothing of it. */
  const merchantOf = (owner: string) => (config.extensions ? merchants.view(owner) : undefined);
  app.options(CREATE, merchantPreflight);
  app.post(CREATE, forbidBrowsers, requireMerchant, (c) =>
    idempotentCreate(c, deps, CREATE, (value, owner, now) => {
      const body = parseWith(config.extensions ? sessionRequestSchema : bareSessionRequestSchema, value);
      const expiresAt = checkSessionRequest(body, now);
      const session = newSession(store, body, owner, now, expiresAt);
      // The interface documents 200 for this creation (201 elsewhere, where it says nothing).
      return { status: 200, body: toSession(store, session, now, config.checkoutBaseUrl, merchantOf(owner)) };
    }),
  );

  // Extension: a bare service has no way to read a session, so this path is unknown there.
  if (!config.extensions) return;
  app.options(ONE, publicPreflight);
  app.get(ONE, publicCors, (c) => {
    const reader = readerOf(c);
    const session = store.session(c.req.param('id'));
    if (!session || !mayRead(reader, session.owner)) throw notFound('This checkout session');
    const now = config.now();
    // Its intent as anyone reads it, less the secret (and, as the session, never the metadata):
    // a session page reads once.
    const intent = intentOf(store, session, now);
    const { client_secret: _secret, ...paymentIntent } = toPaymentIntent(intent, {
      owner: false,
      extensions: true,
      merchant: merchants.view(session.owner),
      base: config.checkoutBaseUrl,
      availability: notUpIn(faults?.wallets, intent.currency),
    });
    return conditionalJsonResponse(c.req.raw, {
      ...toPublicSession(store, session, now, merchantOf(session.owner), reader !== null),
      paymentIntent,
    });
  });
}
