// What a payer's page calls: no token, answers checked with the contract's compiled rules
// (../schemas/parsers), so no zod runs in a browser.
import { type CallOptions, type ClientConfig, request } from '../http';
import { confirmResultViewParser, paymentIntentViewParser, publicSessionParser } from '../schemas/parsers';
import type { ConfirmRequest, ConfirmResultView, PaymentIntentView, PublicSession } from '../types';

export const intentPath = (id: string) => `/v1/payment-intents/${encodeURIComponent(id)}`;

/**
 * GET /v1/payment-intents/{id}, checked only for the fields the checkout relies on. `conditional`
 * (a follower's scheduled read; the service's ETag is an extension): once the service gave the
 * intent an ETag, a read of a state unchanged is a 304 of a few hundred bytes, answered with the
 * state this config last read whole (see ../http). Any other read (the first, the payer's own
 * check after an error) asks for the whole state. `hold` (a follower's scheduled read): where the
 * config says so, the service may hold it until the state changes (ClientConfig.heldReadS).
 */
export const getIntentView = (
  config: ClientConfig,
  id: string,
  options: CallOptions & { conditional?: boolean; hold?: boolean } = {},
): Promise<PaymentIntentView> =>
  request(config, { ...options, method: 'GET', path: intentPath(id), schema: paymentIntentViewParser });

/**
 * POST /v1/payment-intents/{id}/confirm, its answer checked only for the fields the checkout
 * relies on (the whole answer: `confirmIntent`, ./intents). Never retried here: after a timeout
 * the payer may already have been asked to pay, so the caller must read the intent before deciding
 * anything (see checkout/confirm).
 */
export const confirmIntentView = (
  config: ClientConfig,
  id: string,
  body: ConfirmRequest,
  options: CallOptions = {},
): Promise<ConfirmResultView> =>
  request(config, {
    ...options,
    method: 'POST',
    path: `${intentPath(id)}/confirm`,
    body,
    schema: confirmResultViewParser,
    // The intent's tag as the confirm left it (an extension): the first status read may be held.
    tagFor: intentPath(id),
  });

/**
 * Extension: POST /v1/payment-intents/{id}/<path>, the payer's answer to the step the attempt's
 * `next_action` asks for, at the step's endpoint (the one-time code's, `otp`, takes the contract's
 * OtpRequest), with the intent's client secret; answered as a confirm is. Never retried, as a confirm.
 */
export const answerStepView = (
  config: ClientConfig,
  id: string,
  path: string,
  body: { client_secret: string },
  options: CallOptions = {},
): Promise<ConfirmResultView> =>
  request(config, {
    ...options,
    method: 'POST',
    path: `${intentPath(id)}/${path}`,
    body,
    schema: confirmResultViewParser,
  });

/** Sandbox extension: GET /v1/sessions/{id}, what the hosted page shows (no secret in it). */
export const getSession = (config: ClientConfig, id: string, options: CallOptions = {}): Promise<PublicSession> =>
  request(config, {
    ...options,
    method: 'GET',
    path: `/v1/sessions/${encodeURIComponent(id)}`,
    schema: publicSessionParser,
  });
