import { type CallOptions, type ClientConfig, request } from '../http';
import { eachOf, type PageQuery, searchOf } from '../pages';
import { disbursementSchema, remittanceCreatedSchema, remittanceListSchema, remittanceSchema } from '../schemas';
import type {
  Disbursement,
  DisbursementRequest,
  Remittance,
  RemittanceCreated,
  RemittanceList,
  RemittanceRequest,
} from '../types';

export type { PageQuery } from '../pages';

/** GET /v1/remittance with the merchant's token, one page at a time. */
export const listRemittances = (
  config: ClientConfig,
  query: PageQuery = {},
  options: CallOptions = {},
): Promise<RemittanceList> =>
  request(config, {
    ...options,
    method: 'GET',
    path: `/v1/remittance${searchOf(query)}`,
    schema: remittanceListSchema,
  });

/** Every remittance `listRemittances` finds, page after page (`for await`). */
export const eachRemittance = (
  config: ClientConfig,
  query: PageQuery = {},
  options: CallOptions = {},
): AsyncGenerator<Remittance, void, undefined> =>
  eachOf((page, o) => listRemittances(config, { ...query, page }, o), query, options);

/** Sandbox extension: GET /v1/remittance/{id}, the token's own remittance (404 for any other). */
export const getRemittance = (config: ClientConfig, id: string, options: CallOptions = {}): Promise<Remittance> =>
  request(config, {
    ...options,
    method: 'GET',
    path: `/v1/remittance/${encodeURIComponent(id)}`,
    schema: remittanceSchema,
  });

/** POST /v1/remittance with the merchant's token. Pass an idempotency key to retry safely. */
export const createRemittance = (
  config: ClientConfig,
  body: RemittanceRequest,
  options: CallOptions = {},
): Promise<RemittanceCreated> =>
  request(config, { ...options, method: 'POST', path: '/v1/remittance', body, schema: remittanceCreatedSchema });

/** Sandbox extension: GET /v1/disbursement/{id}, the token's own disbursement (404 for any other). */
export const getDisbursement = (config: ClientConfig, id: string, options: CallOptions = {}): Promise<Disbursement> =>
  request(config, {
    ...options,
    method: 'GET',
    path: `/v1/disbursement/${encodeURIComponent(id)}`,
    schema: disbursementSchema,
  });

/** POST /v1/disbursement with the merchant's token. Pass an idempotency key to retry safely. */
export const createDisbursement = (
  config: ClientConfig,
  body: DisbursementRequest,
  options: CallOptions = {},
): Promise<Disbursement> =>
  request(config, { ...options, method: 'POST', path: '/v1/disbursement', body, schema: disbursementSchema });
