import { type CallOptions, type ClientConfig, request } from '../http';
import { confirmResultSchema, paymentIntentSchema } from '../schemas';
import type { ConfirmRequest, ConfirmResult, CreateIntentRequest, PaymentIntent } from '../types';
import { intentPath } from './checkout';

/** GET /v1/payment-intents/{id}, the whole resource: no token needed; retried on transient failures. */
export const getIntent = (config: ClientConfig, id: string, options: CallOptions = {}): Promise<PaymentIntent> =>
  request(config, { ...options, method: 'GET', path: intentPath(id), schema: paymentIntentSchema });

/** Sandbox extension: POST /v1/payment-intents with the merchant's token. */
export const createIntent = (config: ClientConfig, body: CreateIntentRequest, options: CallOptions = {}): Promise<PaymentIntent> =>
  request(config, { ...options, method: 'POST', path: '/v1/payment-intents', body, schema: paymentIntentSchema });

/**
 * POST /v1/payment-intents/{id}/confirm, authorised by the client secret in the body,
 * its whole answer checked (a payer's page checks less: `confirmIntentView`, ./checkout).
 * Never retried here: after a timeout the payer may already have been asked to pay, so the
 * caller must read the intent before deciding anything (see checkout/confirm).
 */
export const confirmIntent = (config: ClientConfig, id: string, body: ConfirmRequest, options: CallOptions = {}): Promise<ConfirmResult> =>
  request(config, { ...options, method: 'POST', path: `${intentPath(id)}/confirm`, body, schema: confirmResultSchema });

