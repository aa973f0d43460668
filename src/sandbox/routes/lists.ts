// Extensions: what a merchant's server needs to learn the outcome of payments it did not follow
// itself (issue 21) — its sessions and intents listed, a remittance or disbursement read back.
// Every one is its token's own: another token lists none and reads none (404, as for an intent).
import type { Hono } from 'hono';
import { intentStatusSchema, sessionStatusSchema } from '../../api/schemas';
import type { IntentStatus, SessionStatus } from '../../api/types';
import { requireMerchant } from '../auth';
import { forbidBrowsers, merchantPreflight } from '../cors';
import type { Deps, SandboxEnv } from '../env';
import { notFound } from '../errors';
import { jsonResponse } from '../json';
import { toPaymentIntent } from '../intent-view';
import { intentStatus, settle } from '../intent-lifecycle';
import { listQuery, matches, pageOf } from '../lists';
import { intentOf, sessionStatus, toSession } from '../sessions';
import { toDisbursement, toRemittance } from '../transfers';

export function listRoutes(app: Hono<SandboxEnv>, deps: Deps): void {
  const { config, store, merchants } = deps;

  app.get('/v1/sessions', forbidBrowsers, requireMerchant, (c) => {
    const query = listQuery<SessionStatus>(c, sessionStatusSchema.options);
    const owner = c.get('owner');
    const now = config.now();
    const merchant = merchants.view(owner);
    // Sessions are kept in creation order: newest first is that order reversed.
    const mine = [...store.allSessions()].filter((s) => s.owner === owner).reverse();
    const matching = mine.filter((s) => matches(query, s.createdAt, sessionStatus(intentOf(store, s, now), s, now)));
    return jsonResponse(
      200,
      pageOf(matching, query, (s) => toSession(store, s, now, config.checkoutBaseUrl, merchant)),
    );
  });

  app.get('/v1/payment-intents', forbidBrowsers, requireMerchant, (c) => {
    const query = listQuery<IntentStatus>(c, intentStatusSchema.options, { updated: true });
    const owner = c.get('owner');
    const now = config.now();
    const merchant = merchants.view(owner);
    // Intents are kept in the order of their last activity: newest created first (numeric ids, per
    // token, break a tie within a millisecond).
    const mine = [...store.allIntents()]
      .filter((i) => i.owner === owner)
      .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
    for (const intent of mine) settle(intent, now);
    const matching = mine.filter((i) => matches(query, i.createdAt, intentStatus(i), i.updatedAt));
    return jsonResponse(
      200,
      pageOf(matching, query, (i) =>
        toPaymentIntent(i, { owner: true, extensions: true, merchant, base: config.checkoutBaseUrl }),
      ),
    );
  });

  app.options('/v1/remittance/:id', merchantPreflight);
  app.get('/v1/remittance/:id', forbidBrowsers, requireMerchant, (c) => {
    const record = store.transfer(c.req.param('id'));
    if (record?.kind !== 'remittance' || record.owner !== c.get('owner')) throw notFound('This remittance');
    return jsonResponse(200, toRemittance(record, config.now()));
  });

  app.options('/v1/disbursement/:id', merchantPreflight);
  app.get('/v1/disbursement/:id', forbidBrowsers, requireMerchant, (c) => {
    const record = store.transfer(c.req.param('id'));
    if (record?.kind !== 'disbursement' || record.owner !== c.get('owner')) throw notFound('This disbursement');
    return jsonResponse(200, toDisbursement(record, config.now()));
  });
}
