// Extension: what a payer does about an attempt that waits for them, beyond the push: the one-time
// code typed on the page (`next_action.enter_otp`), and the sandbox's own wallet page that a launch
// address opens (`next_action.open_wallet`), where a tester — or a browser test — plays the payer
// with Approve and Decline. How each wallet approves, and what each step makes of the attempt, is
// the step's (src/methods/momo/steps/<name>.sandbox.ts); here is the HTTP.
import type { Context, Hono } from 'hono';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { otpRequestSchema } from '../../api/schemas';
import { formatAmount } from '../../i18n';
import { approvalName } from '../../methods/momo/sandbox';
import { enterOtpSandbox, MAX_WRONG_CODES, RIGHT_CODE } from '../../methods/momo/steps/enter_otp.sandbox';
import { openWalletSandbox } from '../../methods/momo/steps/open_wallet.sandbox';
import { findWallet } from '../../phone';
import { publicCors, publicPreflight } from '../cors';
import type { Deps, SandboxEnv } from '../env';
import { SandboxError, notFound } from '../errors';
import { readJsonBody } from '../json';
import { fingerprintOf, idempotencyKeyOf, runIdempotent } from '../idempotency';
import { toConfirmResult } from '../intent-view';
import { latestAttempt, recordStep, secretMatches, settle } from '../intent-lifecycle';
import type { AttemptRecord, IntentRecord } from '../store/records';

const OTP = '/v1/payment-intents/:id/otp';
const WALLET = '/v1/_sandbox/wallet/:id/:token';

const secretOf = (body: unknown): unknown =>
  body !== null && typeof body === 'object' ? (body as Record<string, unknown>).client_secret : undefined;

export function approvalRoutes(app: Hono<SandboxEnv>, deps: Deps): void {
  const { config, store, confirmLimits } = deps;
  const result = (intent: IntentRecord, attempt: AttemptRecord) =>
    toConfirmResult(intent, attempt, { extensions: true, base: config.checkoutBaseUrl });

  app.options(OTP, publicPreflight);
  app.post(OTP, publicCors, async (c) => {
    const key = idempotencyKeyOf(c, true);
    const value = await readJsonBody(c, config.maxBodyBytes);
    const now = config.now();
    const intent = store.intent(c.req.param('id'));
    const secretOk = secretMatches(intent, secretOf(value));
    if (!intent) throw notFound('This payment intent');
    // A wrong secret counts against the intent's wrong-secret limit, as on confirm.
    if (!secretOk) {
      if ((confirmLimits?.wrongSecret.take(intent.intentId, now) ?? 0) > 0)
        throw new SandboxError('rate_limited', 'Too many wrong client secrets for this payment intent.');
      throw new SandboxError('invalid_client_secret', 'The client secret does not match this payment intent.');
    }
    const request = {
      scope: `otp:${intent.intentId}`,
      owner: intent.owner,
      key,
      fingerprint: fingerprintOf('POST', OTP, value),
    };
    // Nothing awaits from here on: of two codes sent at once, one is taken first.
    return runIdempotent(store, request, now, () => {
      const { code } = parseOtp(value);
      settle(intent, now);
      const attempt = latestAttempt(intent);
      if (!attempt || approvalName(attempt.approval) !== 'enter_otp')
        throw new SandboxError('otp_not_expected', 'No attempt of this payment intent waits for a one-time code.');
      if (now >= attempt.expiresAt && awaitsCodeBefore(attempt)) {
        throw new SandboxError(
          'otp_expired',
          'The attempt this code was for has expired: the payer generates a new code and pays again.',
        );
      }
      if (attempt.status !== 'pending' || !enterOtpSandbox.awaits(attempt))
        throw new SandboxError('otp_not_expected', 'No attempt of this payment intent waits for a one-time code.');
      const right = code === RIGHT_CODE;
      recordStep(store, intent, attempt, { at: now, kind: 'code', right });
      if (!right) {
        const left = MAX_WRONG_CODES - (attempt.steps ?? []).filter((step) => step.kind === 'code').length;
        throw new SandboxError(
          'otp_invalid',
          left > 0
            ? `The one-time code is wrong; ${left} more may be tried.`
            : 'The one-time code is wrong; the attempt has failed.',
          'code',
        );
      }
      return { status: 200, body: result(intent, attempt) };
    });
  });

  // The wallet page's form carries a token only this sandbox can make (under a key it made at
  // start), so that no other site's page can make a payer's browser approve or decline for them: a
  // cross-site POST knows the address but cannot read the page. A request no browser page sent (no
  // Origin, no Sec-Fetch-Site: a tester's script, a test) needs none — it could read the page anyway.
  const formKey = randomBytes(32);
  const formTokenOf = (found: WalletFound) =>
    createHmac('sha256', formKey)
      .update(`wallet\n${found.intent.intentId}\n${found.attempt?.walletToken ?? ''}`)
      .digest('base64url');

  app.get(WALLET, (c) => {
    const found = walletAttempt(c, deps);
    return page(c, walletScreen(found, formTokenOf(found)));
  });
  app.post(WALLET, async (c) => {
    const found = walletAttempt(c, deps);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const answer = form.answer;
    const fromBrowser = c.req.header('origin') !== undefined || c.req.header('sec-fetch-site') !== undefined;
    const expected = formTokenOf(found);
    const given = typeof form.token === 'string' ? form.token : '';
    const tokenOk = given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
    // Nothing recorded; the page again, with a form that works (the sandbox restarted since it was shown, or another site posted it).
    if (fromBrowser && !tokenOk)
      return page(
        c,
        `<p role="alert">Rien n’a été fait : répondez à nouveau. · Nothing was done: answer again.</p>${walletScreen(found, expected)}`,
        403,
      );
    if (
      found.attempt &&
      approvalName(found.attempt.approval) === 'open_wallet' &&
      openWalletSandbox.awaits(found.attempt) &&
      found.attempt.status === 'pending' &&
      (answer === 'approve' || answer === 'decline')
    ) {
      recordStep(store, found.intent, found.attempt, {
        at: config.now(),
        kind: 'wallet',
        approved: answer === 'approve',
      });
    }
    return page(c, walletScreen(found, expected));
  });
}

/** A code for an attempt that would still take one, had it not expired. */
const awaitsCodeBefore = (attempt: AttemptRecord) =>
  enterOtpSandbox.awaits(attempt) && (attempt.steps ?? []).every((step) => step.at < attempt.expiresAt);

function parseOtp(value: unknown) {
  const parsed = otpRequestSchema.safeParse(value);
  if (!parsed.success) throw new SandboxError('otp_invalid', 'The one-time code must be 4 to 8 digits.', 'code');
  return parsed.data;
}

interface WalletFound {
  intent: IntentRecord;
  attempt: AttemptRecord | undefined;
  now: number;
}

/** The attempt a wallet page is for: its intent's latest, whose token is the one in the address. */
function walletAttempt(c: Context<SandboxEnv>, { store, config }: Deps): WalletFound {
  const intent = store.intent(c.req.param('id') ?? '');
  const token = c.req.param('token') ?? '';
  const attempt = intent && latestAttempt(intent);
  const expected = attempt?.walletToken ?? '';
  const same =
    expected.length > 0 &&
    expected.length === token.length &&
    timingSafeEqual(Buffer.from(expected), Buffer.from(token));
  if (!intent || !attempt || !same) throw notFound('This wallet page');
  const now = config.now();
  settle(intent, now);
  return { intent, attempt, now };
}

function walletScreen({ intent, attempt }: WalletFound, formToken: string): string {
  const wallet = attempt ? (findWallet(attempt.country, attempt.operator)?.label ?? attempt.operator) : '';
  const amount = escapeHtml(formatAmount(intent.amount, intent.currency, 'fr'));
  const number = attempt ? `•• ${escapeHtml(attempt.msisdnLast4)}` : '';
  if (attempt?.status === 'succeeded')
    return `<h1>${escapeHtml(wallet)}</h1><p>Paiement approuvé : ${amount}.</p><p>Payment approved. Go back to the merchant's page.</p>`;
  if (attempt?.status === 'failed')
    return `<h1>${escapeHtml(wallet)}</h1><p>Paiement refusé ou expiré.</p><p>Payment declined or expired. Go back to the merchant's page.</p>`;
  return `<h1>${escapeHtml(wallet)} — sandbox</h1>
<p>Payer <strong>${amount}</strong> depuis le compte ${number}.<br>Pay <strong>${amount}</strong> from account ${number}.</p>
<form method="post"><input type="hidden" name="token" value="${formToken}"><button name="answer" value="approve">Approuver · Approve</button> <button name="answer" value="decline">Refuser · Decline</button></form>
<p><small>Sandbox: this page plays the wallet's app. Nothing is charged.</small></p>`;
}

const WALLET_STYLE =
  'body{font:1rem/1.5 system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}button{font:inherit;min-height:44px;padding:0 1.25rem;margin:.25rem 0}';

function page(c: Context<SandboxEnv>, body: string, status: 200 | 403 = 200): Response {
  return c.html(
    `<!doctype html><html lang="fr"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Wallet — sandbox</title><style>${WALLET_STYLE}</style>${body}</html>`,
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
