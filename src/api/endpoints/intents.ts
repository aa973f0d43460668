import { type CallOptions, type ClientConfig, request } from '../http';
import { paymentIntentSchema } from '../schemas';
import type { CreateIntentRequest, PaymentIntent } from '../types';
import { intentPath } from './checkout';

/** GET /v1/payment-intents/{id}, the whole resource: no token needed; retried on transient failures. */
export const getIntent = (config: ClientConfig, id: string, options: CallOptions = {}): Promise<PaymentIntent> =>
  request(config, { ...options, method: 'GET', path: intentPath(id), schema: paymentIntentSchema });

/** Sandbox extension: POST /v1/payment-intents with the merchant's token. */
export const createIntent = (config: ClientConfig, body: CreateIntentRequest, options: CallOptions = {}): Promise<PaymentIntent> =>
  request(config, { ...options, method: 'POST', path: '/v1/payment-intents', body, schema: paymentIntentSchema });
