// What a payer's page calls: no token, answers checked with ../schemas/checkout only.
import { type CallOptions, type ClientConfig, request } from '../http';
import { confirmResultSchema, confirmResultViewSchema, paymentIntentViewSchema, publicSessionSchema } from '../schemas/checkout';
import type { ConfirmRequest, ConfirmResult, ConfirmResultView, PaymentIntentView, PublicSession } from '../types';

export const intentPath = (id: string) => `/v1/payment-intents/${encodeURIComponent(id)}`;

/** GET /v1/payment-intents/{id}, checked only for the fields the checkout relies on. */
export const getIntentView = (config: ClientConfig, id: string, options: CallOptions = {}): Promise<PaymentIntentView> =>
  request(config, { ...options, method: 'GET', path: intentPath(id), schema: paymentIntentViewSchema });

/**
 * POST /v1/payment-intents/{id}/confirm, authorised by the client secret in the body.
 * Never retried here: after a timeout the payer may already have been asked to pay, so the
 * caller must read the intent before deciding anything (see checkout/confirm).
 */
export const confirmIntent = (config: ClientConfig, id: string, body: ConfirmRequest, options: CallOptions = {}): Promise<ConfirmResult> =>
  request(config, { ...options, method: 'POST', path: `${intentPath(id)}/confirm`, body, schema: confirmResultSchema });

/** The same confirm, its answer checked only for the fields the checkout relies on. */
export const confirmIntentView = (config: ClientConfig, id: string, body: ConfirmRequest, options: CallOptions = {}): Promise<ConfirmResultView> =>
  request(config, { ...options, method: 'POST', path: `${intentPath(id)}/confirm`, body, schema: confirmResultViewSchema });

/** Sandbox extension: GET /v1/sessions/{id}, what the hosted page shows (no secret in it). */
export const getSession = (config: ClientConfig, id: string, options: CallOptions = {}): Promise<PublicSession> =>
  request(config, { ...options, method: 'GET', path: `/v1/sessions/${encodeURIComponent(id)}`, schema: publicSessionSchema });
