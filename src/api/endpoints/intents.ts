import { type CallOptions, type ClientConfig, request } from '../http';
import { confirmResultSchema, paymentIntentSchema, paymentIntentViewSchema } from '../schemas';
import type { ConfirmRequest, CreateIntentRequest } from '../types';

const intentPath = (id: string) => `/v1/payment-intents/${encodeURIComponent(id)}`;

/** GET /v1/payment-intents/{id}: no token needed; retried on transient failures. */
export const getIntent = (config: ClientConfig, id: string, options: CallOptions = {}) =>
  request(config, { ...options, method: 'GET', path: intentPath(id), schema: paymentIntentSchema });

/** The same read, checked only for the fields the checkout relies on (fewer bytes to ship). */
export const getIntentView = (config: ClientConfig, id: string, options: CallOptions = {}) =>
  request(config, { ...options, method: 'GET', path: intentPath(id), schema: paymentIntentViewSchema });

/**
 * POST /v1/payment-intents/{id}/confirm, authorised by the client secret in the body.
 * Never retried here: after a timeout the payer may already have been asked to pay, so the
 * caller must read the intent before deciding anything (see checkout/store).
 */
export const confirmIntent = (config: ClientConfig, id: string, body: ConfirmRequest, options: CallOptions = {}) =>
  request(config, { ...options, method: 'POST', path: `${intentPath(id)}/confirm`, body, schema: confirmResultSchema });

/** Sandbox extension: POST /v1/payment-intents with the merchant's token. */
export const createIntent = (config: ClientConfig, body: CreateIntentRequest, options: CallOptions = {}) =>
  request(config, { ...options, method: 'POST', path: '/v1/payment-intents', body, schema: paymentIntentSchema });
