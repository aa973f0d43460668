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
import { inTurn } from '../list-turns';
import { listQuery, matches, onlyOne, pageOf, referenceQuery, walks } from '../lists';
import type { IntentRecord, SessionRecord } from '../store/records';
import { listLimit } from '../rate-limit';
import { intentOf, sessionStatus, toSession } from '../sessions';
import { toDisbursement, toRemittance } from '../transfers';

export function listRoutes(app: Hono<SandboxEnv>, deps: Deps): void {
  const { config, store, merchants } = deps;
  const limited = listLimit(deps.listLimit, config.now);
  const turn = inTurn(deps.listTurns);

  app.get('/sessions', forbidBrowsers, requireMerchant, limited, turn, (c) => {
    const query = listQuery<SessionStatus>(c, sessionStatusSchema.options);
    const owner = c.get('owner');
    const now = config.now();
    const merchant = merchants.view(owner);
    const mine = store.sessionsOf(owner, query.createdFrom, query.createdBefore);
    const keep = walks(query)
      ? (s: SessionRecord) => matches(query, s.createdAt, sessionStatus(intentOf(store, s, now), s, now))
      : undefined;
    return jsonResponse(
      200,
      pageOf(mine, query, (s) => toSession(store, s, now, config.checkoutBaseUrl, merchant), keep),
    );
  });

  app.get('/payment-intents', forbidBrowsers, requireMerchant, limited, turn, (c) => {
    const query = listQuery<IntentStatus>(c, intentStatusSchema.options, { updated: true });
    const owner = c.get('owner');
    const now = config.now();
    const merchant = merchants.view(owner);
    // Newest created first (numeric ids, per token, break a tie within a millisecond); each intent
    // looked at is settled first, as every read does.
    // A reference names one intent at most: the other filters then look at it alone.
    const reference = referenceQuery(c, query);
    const mine =
      reference === null
        ? store.intentsOf(owner, query.createdFrom, query.createdBefore)
        : onlyOne(store.intentByReference(owner, reference));
    const keep =
      walks(query) || reference !== null
        ? (i: IntentRecord) => {
            settle(i, now);
            return matches(query, i.createdAt, intentStatus(i), i.updatedAt);
          }
        : undefined;
    const show = (i: IntentRecord) => {
      settle(i, now);
      return toPaymentIntent(i, { owner: true, extensions: true, merchant, base: config.checkoutBaseUrl });
    };
    return jsonResponse(200, pageOf(mine, query, show, keep));
  });

  app.options('/remittance/:id', merchantPreflight);
  app.get('/remittance/:id', forbidBrowsers, requireMerchant, (c) => {
    const record = store.transfer(c.req.param('id'));
    if (record?.kind !== 'remittance' || record.owner !== c.get('owner')) throw notFound('This remittance');
    return jsonResponse(200, toRemittance(record, config.now()));
  });

  app.options('/disbursement/:id', merchantPreflight);
  app.get('/disbursement/:id', forbidBrowsers, requireMerchant, (c) => {
    const record = store.transfer(c.req.param('id'));
    if (record?.kind !== 'disbursement' || record.owner !== c.get('owner')) throw notFound('This disbursement');
    return jsonResponse(200, toDisbursement(record, config.now()));
  });
}
