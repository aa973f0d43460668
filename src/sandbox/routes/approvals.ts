// Extension: the HTTP of what a payer does about an attempt that waits for them, beyond the push,
// for every step of the registry (src/methods/step-registry.ts) that brings it: the endpoint the
// payer's page answers through (the one-time code's `POST /payment-intents/{id}/otp`), and the
// sandbox's own page that a launch address opens (`/_sandbox/wallet/{id}/{token}`), where a tester —
// or a browser test — plays the payer. Both relative to /v1, where app.ts mounts them. What each
// step asks, reads and makes of the attempt is the step's (src/methods/momo/steps/<name>.sandbox.ts);
// here are the secrets, the idempotency, the form's protection and the headers, the same for all.
import type { Context, Hono } from 'hono';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { formatAmount } from '../../i18n';
import type { StepEmulation, StepEndpoint, StepRefusal, StepSandboxPage } from '../../methods/momo/sandbox';
import { STEPS } from '../../methods/step-registry';
import { findWallet } from '../../phone';
import { publicCors, publicPreflight } from '../cors';
import type { Deps, SandboxEnv } from '../env';
import { SandboxError, notFound } from '../errors';
import { readJsonBody } from '../json';
import { fingerprintOf, idempotencyKeyOf, runIdempotent } from '../idempotency';
import { toConfirmResult } from '../intent-view';
import { latestAttempt, recordStep, secretMatches, settle } from '../intent-lifecycle';
import type { AttemptRecord, IntentRecord } from '../store/records';

const secretOf = (body: unknown): unknown =>
  body !== null && typeof body === 'object' ? (body as Record<string, unknown>).client_secret : undefined;

const refuse = ({ code, message, field }: StepRefusal) => new SandboxError(code, message, field ?? null);

export function approvalRoutes(app: Hono<SandboxEnv>, deps: Deps): void {
  for (const [name, { sandbox }] of Object.entries(STEPS)) {
    if (sandbox.endpoint) endpointRoute(app, deps, name, sandbox, sandbox.endpoint);
    if (sandbox.page) pageRoutes(app, deps, name, sandbox, sandbox.page);
  }
}

/** The endpoint a step's answer comes through from the payer's page, taken once, as a confirm is. */
function endpointRoute(
  app: Hono<SandboxEnv>,
  deps: Deps,
  name: string,
  emulation: StepEmulation,
  endpoint: StepEndpoint,
): void {
  const { config, store, confirmLimits } = deps;
  const path = `/payment-intents/:id/${endpoint.path}`;
  const result = (intent: IntentRecord, attempt: AttemptRecord) =>
    toConfirmResult(intent, attempt, { extensions: true, base: config.checkoutBaseUrl });
  // An answer for an attempt that would still take one, had it not expired.
  const awaitedBefore = (attempt: AttemptRecord) =>
    emulation.awaits(attempt) && (attempt.steps ?? []).every((step) => step.at < attempt.expiresAt);

  app.options(path, publicPreflight);
  app.post(path, publicCors, async (c) => {
    const key = idempotencyKeyOf(c, true);
    const value = await readJsonBody(c, config.maxBodyBytes);
    const now = config.now();
    const intent = store.intent(c.req.param('id') ?? '');
    const secretOk = secretMatches(intent, secretOf(value));
    if (!intent) throw notFound('This payment intent');
    // A wrong secret counts against the intent's wrong-secret limit, as on confirm.
    if (!secretOk) {
      if ((confirmLimits?.wrongSecret.take(intent.intentId, now) ?? 0) > 0)
        throw new SandboxError('rate_limited', 'Too many wrong client secrets for this payment intent.');
      throw new SandboxError('invalid_client_secret', 'The client secret does not match this payment intent.');
    }
    const request = {
      scope: `${endpoint.path}:${intent.intentId}`,
      owner: intent.owner,
      key,
      fingerprint: fingerprintOf('POST', `/v1${path}`, value),
    };
    // Nothing awaits from here on: of two answers sent at once, one is taken first.
    return runIdempotent(store, request, now, () => {
      const answer = endpoint.read(value as Record<string, unknown>);
      if ('message' in answer) throw refuse(answer);
      settle(intent, now);
      const attempt = latestAttempt(intent);
      if (!attempt || attempt.approval !== name) throw refuse(endpoint.notExpected);
      if (now >= attempt.expiresAt && awaitedBefore(attempt)) throw refuse(endpoint.expired);
      if (attempt.status !== 'pending' || !emulation.awaits(attempt)) throw refuse(endpoint.notExpected);
      recordStep(store, intent, attempt, { at: now, ...answer });
      const refusal = endpoint.refusal(attempt);
      if (refusal) throw refuse(refusal);
      return { status: 200, body: result(intent, attempt) };
    });
  });
}

/** The sandbox's page that plays the payer's side of a step (the wallet's app), and its form's answer. */
function pageRoutes(
  app: Hono<SandboxEnv>,
  deps: Deps,
  name: string,
  emulation: StepEmulation,
  stepPage: StepSandboxPage,
): void {
  const { config, store } = deps;
  const path = `/_sandbox/${stepPage.path}/:id/:token`;
  // The page's form carries a token only this sandbox can make (under a key it made at start), so
  // that no other site's page can make a payer's browser approve or decline for them: a cross-site
  // POST knows the address but cannot read the page. A request no browser page sent (no Origin, no
  // Sec-Fetch-Site: a tester's script, a test) needs none — it could read the page anyway.
  const formKey = randomBytes(32);
  const formTokenOf = (found: Found) =>
    createHmac('sha256', formKey)
      .update(`${stepPage.path}\n${found.intent.intentId}\n${stepPage.token(found.attempt) ?? ''}`)
      .digest('base64url');
  const screen = ({ intent, attempt }: Found, formToken: string) =>
    stepPage.html({
      status: attempt.status,
      wallet: escapeHtml(findWallet(attempt.country, attempt.operator)?.label ?? attempt.operator),
      amount: escapeHtml(formatAmount(intent.amount, intent.currency, 'fr')),
      number: `•• ${escapeHtml(attempt.msisdnLast4)}`,
      form: `<form method="post"><input type="hidden" name="token" value="${formToken}">`,
    });

  app.get(path, (c) => {
    const found = pageAttempt(c, deps, stepPage);
    return page(c, stepPage.title, screen(found, formTokenOf(found)));
  });
  app.post(path, async (c) => {
    const found = pageAttempt(c, deps, stepPage);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const fromBrowser = c.req.header('origin') !== undefined || c.req.header('sec-fetch-site') !== undefined;
    const expected = formTokenOf(found);
    const given = typeof form.token === 'string' ? form.token : '';
    const tokenOk = given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
    // Nothing recorded; the page again, with a form that works (the sandbox restarted since it was shown, or another site posted it).
    if (fromBrowser && !tokenOk)
      return page(
        c,
        stepPage.title,
        `<p role="alert">Rien n’a été fait : répondez à nouveau. · Nothing was done: answer again.</p>${screen(found, expected)}`,
        403,
      );
    const answer = stepPage.read(form);
    const { intent, attempt } = found;
    if (answer && attempt.approval === name && emulation.awaits(attempt) && attempt.status === 'pending')
      recordStep(store, intent, attempt, { at: config.now(), ...answer });
    return page(c, stepPage.title, screen(found, expected));
  });
}

interface Found {
  intent: IntentRecord;
  attempt: AttemptRecord;
}

/** The attempt a step's page is for: its intent's latest, whose token is the one in the address. */
function pageAttempt(
  c: Context<SandboxEnv>,
  { store, config }: Deps,
  { path, token: tokenOf }: StepSandboxPage,
): Found {
  const intent = store.intent(c.req.param('id') ?? '');
  const token = c.req.param('token') ?? '';
  const attempt = intent && latestAttempt(intent);
  const expected = (attempt && tokenOf(attempt)) ?? '';
  const same =
    expected.length > 0 &&
    expected.length === token.length &&
    timingSafeEqual(Buffer.from(expected), Buffer.from(token));
  if (!intent || !attempt || !same) throw notFound(`This ${path} page`);
  settle(intent, config.now());
  return { intent, attempt };
}

const PAGE_STYLE =
  'body{font:1rem/1.5 system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}button{font:inherit;min-height:44px;padding:0 1.25rem;margin:.25rem 0}';

function page(c: Context<SandboxEnv>, title: string, body: string, status: 200 | 403 = 200): Response {
  return c.html(
    `<!doctype html><html lang="fr"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style>${body}</html>`,
    status,
    {
      'Cache-Control': 'no-store',
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    },
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
