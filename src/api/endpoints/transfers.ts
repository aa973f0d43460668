import { type CallOptions, type ClientConfig, request } from '../http';
import { disbursementSchema, remittanceCreatedSchema, remittanceListSchema } from '../schemas';
import type { Disbursement, DisbursementRequest, RemittanceCreated, RemittanceList, RemittanceRequest } from '../types';

export interface PageQuery {
  page?: number;
  perPage?: number;
}

/** GET /v1/remittance with the merchant's token, one page at a time. */
export function listRemittances(config: ClientConfig, query: PageQuery = {}, options: CallOptions = {}): Promise<RemittanceList> {
  const params = new URLSearchParams();
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.perPage !== undefined) params.set('perPage', String(query.perPage));
  const search = params.size ? `?${params}` : '';
  return request(config, { ...options, method: 'GET', path: `/v1/remittance${search}`, schema: remittanceListSchema });
}

/** POST /v1/remittance with the merchant's token. Pass an idempotency key to retry safely. */
export const createRemittance = (config: ClientConfig, body: RemittanceRequest, options: CallOptions = {}): Promise<RemittanceCreated> =>
  request(config, { ...options, method: 'POST', path: '/v1/remittance', body, schema: remittanceCreatedSchema });

/** POST /v1/disbursement with the merchant's token. Pass an idempotency key to retry safely. */
export const createDisbursement = (config: ClientConfig, body: DisbursementRequest, options: CallOptions = {}): Promise<Disbursement> =>
  request(config, { ...options, method: 'POST', path: '/v1/disbursement', body, schema: disbursementSchema });
