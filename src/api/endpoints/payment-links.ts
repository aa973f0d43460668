// Extension (issue 31): payment links, one function per endpoint, and the client's methods over
// them (`createClient` spreads `paymentLinkMethods`).
import { type CallOptions, type ClientConfig, request } from '../http';
import { type ListQuery, searchOf } from '../pages';
import {
  paymentLinkListSchema,
  paymentLinkOpenedSchema,
  paymentLinkSchema,
  publicPaymentLinkSchema,
} from '../schemas/payment-links';
import type {
  PaymentLink,
  PaymentLinkList,
  PaymentLinkOpened,
  PaymentLinkRequest,
  PaymentLinkStatus,
  PublicPaymentLink,
} from '../types';

const path = (id: string, rest = '') => `/v1/payment-links/${encodeURIComponent(id)}${rest}`;

/** POST /v1/payment-links with the merchant's key: the link, its public `url` and `qrUrl`. */
export const createPaymentLink = (config: ClientConfig, body: PaymentLinkRequest, options: CallOptions = {}) =>
  request<PaymentLink>(config, {
    ...options,
    method: 'POST',
    path: '/v1/payment-links',
    body,
    schema: paymentLinkSchema,
  });

/** GET /v1/payment-links: the key's own links, newest first, one page. */
export const listPaymentLinks = (
  config: ClientConfig,
  query: ListQuery<PaymentLinkStatus> = {},
  options: CallOptions = {},
): Promise<PaymentLinkList> =>
  request(config, {
    ...options,
    method: 'GET',
    path: `/v1/payment-links${searchOf(query)}`,
    schema: paymentLinkListSchema,
  });

/** GET /v1/payment-links/{id}: with a key, the merchant's view; without, the public one (no metadata). */
export const getPaymentLink = (
  config: ClientConfig,
  id: string,
  options: CallOptions = {},
): Promise<PublicPaymentLink> =>
  request(config, { ...options, method: 'GET', path: path(id), schema: publicPaymentLinkSchema });

/** POST /v1/payment-links/{id}/deactivate: it takes no more payments (again: no change). */
export const deactivatePaymentLink = (
  config: ClientConfig,
  id: string,
  options: CallOptions = {},
): Promise<PaymentLink> =>
  request(config, { ...options, method: 'POST', path: path(id, '/deactivate'), schema: paymentLinkSchema });

/** POST /v1/payment-links/{id}/intents, no key: a payer's own payment (`amount` when the payer chooses it). */
export const openPaymentLink = (
  config: ClientConfig,
  id: string,
  amount?: number,
  options: CallOptions = {},
): Promise<PaymentLinkOpened> =>
  request(config, {
    ...options,
    method: 'POST',
    path: path(id, '/intents'),
    body: amount === undefined ? {} : { amount },
    schema: paymentLinkOpenedSchema,
  });

/** The client's methods (sandbox extension). */
export const paymentLinkMethods = (config: ClientConfig) => ({
  createPaymentLink: (body: PaymentLinkRequest, options?: CallOptions) => createPaymentLink(config, body, options),
  listPaymentLinks: (query?: ListQuery<PaymentLinkStatus>, options?: CallOptions) =>
    listPaymentLinks(config, query, options),
  getPaymentLink: (id: string, options?: CallOptions) => getPaymentLink(config, id, options),
  deactivatePaymentLink: (id: string, options?: CallOptions) => deactivatePaymentLink(config, id, options),
  openPaymentLink: (id: string, amount?: number, options?: CallOptions) => openPaymentLink(config, id, amount, options),
});
