import { type CallOptions, type ClientConfig, request } from '../http';
import { eachOf, type IntentListQuery, searchOf } from '../pages';
import { confirmResultSchema, paymentIntentListSchema, paymentIntentSchema } from '../schemas';
import type {
  ConfirmRequest,
  ConfirmResult,
  CreateIntentRequest,
  IntentStatus,
  PaymentIntent,
  PaymentIntentList,
} from '../types';
import { intentPath } from './checkout';

/** GET /v1/payment-intents/{id}, the whole resource: no token needed; retried on transient failures. */
export const getIntent = (config: ClientConfig, id: string, options: CallOptions = {}): Promise<PaymentIntent> =>
  request(config, { ...options, method: 'GET', path: intentPath(id), schema: paymentIntentSchema });

/** Sandbox extension: POST /v1/payment-intents with the merchant's token. */
export const createIntent = (
  config: ClientConfig,
  body: CreateIntentRequest,
  options: CallOptions = {},
): Promise<PaymentIntent> =>
  request(config, { ...options, method: 'POST', path: '/v1/payment-intents', body, schema: paymentIntentSchema });

/**
 * POST /v1/payment-intents/{id}/confirm, authorised by the client secret in the body,
 * its whole answer checked (a payer's page checks less: `confirmIntentView`, ./checkout).
 * Never retried here: after a timeout the payer may already have been asked to pay, so the
 * caller must read the intent before deciding anything (see checkout/confirm).
 */
export const confirmIntent = (
  config: ClientConfig,
  id: string,
  body: ConfirmRequest,
  options: CallOptions = {},
): Promise<ConfirmResult> =>
  request(config, { ...options, method: 'POST', path: `${intentPath(id)}/confirm`, body, schema: confirmResultSchema });

/** Sandbox extension: GET /v1/payment-intents, the token's own intents newest first, one page. */
export const listIntents = (
  config: ClientConfig,
  query: IntentListQuery<IntentStatus> = {},
  options: CallOptions = {},
): Promise<PaymentIntentList> =>
  request(config, {
    ...options,
    method: 'GET',
    path: `/v1/payment-intents${searchOf(query)}`,
    schema: paymentIntentListSchema,
  });

/** Sandbox extension: every intent `listIntents` finds, page after page (`for await`). */
export const eachIntent = (
  config: ClientConfig,
  query: IntentListQuery<IntentStatus> = {},
  options: CallOptions = {},
): AsyncGenerator<PaymentIntent, void, undefined> =>
  eachOf((page, o) => listIntents(config, { ...query, page }, o), query, options);
