import type { Hono } from 'hono';
import { confirmRequestSchema, createIntentRequestSchema } from '../../api/schemas';
import { mayRead, readerOf, requireMerchant } from '../auth';
import { notUpIn } from '../availability';
import { forbidBrowsers, merchantPreflight, publicCors, publicPreflight } from '../cors';
import type { Deps, SandboxEnv } from '../env';
import type { Owner } from '../store/records';
import { SandboxError, notFound } from '../errors';
import {
  conditionalJsonResponse,
  confirmTagOf,
  heldJsonResponse,
  jsonResponse,
  preferredWaitS,
  readJsonBody,
} from '../json';
import { fingerprintOf, idempotencyKeyOf, runIdempotent } from '../idempotency';
import { toConfirmResult, toPaymentIntent } from '../intent-view';
import { assertPayable, newIntent, secretMatches, settle, startAttempt } from '../intent-lifecycle';
import { checkMomo } from '../momo';
import { assertLinkTakes } from '../payment-links';
import { clientKey, rateLimited } from '../rate-limit';
import { countConfirms } from '../stats';
import { checkedAmount, checkedCurrency, parseWith } from '../validate';
import { idempotentCreate } from './merchant';

const CREATE = '/payment-intents';
const ONE = '/payment-intents/:id';
const CONFIRM = '/payment-intents/:id/confirm';

const secretOf = (body: unknown): unknown =>
  body !== null && typeof body === 'object' ? (body as Record<string, unknown>).client_secret : undefined;

export function intentRoutes(app: Hono<SandboxEnv>, deps: Deps): void {
  const { config, store, confirmLimits, merchants } = deps;
  app.options(CREATE, merchantPreflight);
  app.post(CREATE, forbidBrowsers, requireMerchant, (c) =>
    idempotentCreate(c, deps, CREATE, (value, owner, now) => {
      const body = parseWith(createIntentRequestSchema, value);
      const intent = newIntent(
        store,
        { ...body, owner, amount: checkedAmount(body.amount), currency: checkedCurrency(body.currency) },
        now,
      );
      store.write([{ kind: 'intent', record: intent }], owner, 'token');
      return {
        status: 201,
        body: toPaymentIntent(intent, {
          owner: true,
          extensions: config.extensions,
          merchant: merchants.view(owner),
          base: config.checkoutBaseUrl,
        }),
      };
    }),
  );

  /** The intent's read as `reader` sees it now (null: gone, or not theirs to read). */
  const readOf = (id: string, reader: Owner | null) => {
    const intent = store.intent(id);
    if (!intent || !mayRead(reader, intent.owner)) return null;
    settle(intent, config.now());
    return toPaymentIntent(intent, {
      owner: reader !== null,
      extensions: config.extensions,
      merchant: merchants.view(intent.owner),
      base: config.checkoutBaseUrl,
      availability: notUpIn(deps.faults?.wallets, intent.currency),
    });
  };

  app.options(ONE, publicPreflight);
  app.get(ONE, publicCors, async (c) => {
    const reader = readerOf(c);
    const id = c.req.param('id');
    // Another merchant's token learns nothing, not even that the intent exists. Without a token
    // the read is what the interface documents (secret included), minus the metadata.
    const view = () => readOf(id, reader);
    // A bare service answers whole, at once, whatever the request prefers.
    if (!config.extensions) {
      const body = view();
      if (body === null) throw notFound('This payment intent');
      return jsonResponse(200, body);
    }
    // Extension: a reader that holds this state already hears 304; one that asks to wait for a
    // change (Prefer: wait=N) hears it once there is one, or 304 after N seconds.
    const waitS = preferredWaitS(c.req.header('prefer'));
    const held = waitS > 0 ? await heldJsonResponse(c.req.raw, waitS, view, config.now) : null;
    if (held) return held;
    const body = view();
    if (body === null) throw notFound('This payment intent');
    return conditionalJsonResponse(c.req.raw, body);
  });

  app.options(CONFIRM, publicPreflight);
  app.post(CONFIRM, publicCors, countConfirms(deps), async (c) => {
    const key = idempotencyKeyOf(c, config.extensions);
    const value = await readJsonBody(c, config.maxBodyBytes);
    // Nothing awaits from here on: checking the state and starting the attempt is one step.
    const now = config.now();
    const intent = store.intent(c.req.param('id'));
    const secretOk = secretMatches(intent, secretOf(value));
    if (!intent) throw notFound('This payment intent');
    const { max, windowMs } = config.confirmRateLimit ?? { max: 0, windowMs: 0 };
    if (!secretOk) {
      const wait = confirmLimits?.wrongSecret.take(intent.intentId, now) ?? 0;
      if (wait > 0)
        return rateLimited(
          wait,
          `Too many wrong client secrets for this payment intent (at most ${max} in ${windowMs / 1000} s)`,
        );
      throw new SandboxError('invalid_client_secret', 'The client secret does not match this payment intent.');
    }
    const wait = confirmLimits?.payer.take(`${clientKey(c, config.trustProxy)}\n${intent.intentId}`, now) ?? 0;
    if (wait > 0)
      return rateLimited(
        wait,
        `Too many confirms of this payment intent from this client (at most ${max} in ${windowMs / 1000} s)`,
      );
    const request = {
      scope: `confirm:${intent.intentId}`,
      owner: intent.owner,
      key,
      fingerprint: fingerprintOf('POST', CONFIRM, value),
    };
    const answer = runIdempotent(store, request, now, () => {
      // What the intent's state refuses comes first: no detail of the body could change it.
      assertPayable(intent, now);
      assertLinkTakes(store, intent, now); // extension: a link's limit, asked at each payment
      const body = parseWith(confirmRequestSchema, value);
      const account = checkMomo(body.payment_method_data, intent.currency);
      const attempt = startAttempt(store, config, intent, account, now);
      return {
        status: 200,
        body: toConfirmResult(intent, attempt, { extensions: config.extensions, base: config.checkoutBaseUrl }),
      };
    });
    // Extension: the tag of the payer's read (no token) as the confirm left it, so the page's first
    // status read can be held until the payment moves (json.ts, confirmTagOf). Only while it waits
    // for the payer, as the answer says, and never on a replayed answer (the state of the first
    // confirm): a read held on a state the page does not show (paid since, say) would keep it
    // waiting its 20 s.
    const fresh = answer.ok && !answer.headers.has('Idempotent-Replayed');
    const read = config.extensions && fresh ? readOf(intent.intentId, null) : null;
    if (read?.status === 'pending') answer.headers.set('ETag', confirmTagOf(read));
    return answer;
  });
}
