// The client as one object, for merchants' servers: every operation bound to one configuration.
// Browser code imports the endpoint functions directly instead, so bundles keep only what they use.
import type { CallOptions, ClientConfig } from './http';
import { getSession } from './endpoints/checkout';
import { confirmIntent, createIntent, getIntent } from './endpoints/intents';
import { createSession } from './endpoints/sessions';
import { createDisbursement, createRemittance, listRemittances, type PageQuery } from './endpoints/transfers';
import type { ConfirmRequest, CreateIntentRequest, DisbursementRequest, RemittanceRequest, SessionRequest } from './types';

export function createClient(config: ClientConfig) {
  return {
    getIntent: (id: string, options?: CallOptions) => getIntent(config, id, options),
    confirmIntent: (id: string, body: ConfirmRequest, options?: CallOptions) => confirmIntent(config, id, body, options),
    listRemittances: (query?: PageQuery, options?: CallOptions) => listRemittances(config, query, options),
    createRemittance: (body: RemittanceRequest, options?: CallOptions) => createRemittance(config, body, options),
    createDisbursement: (body: DisbursementRequest, options?: CallOptions) => createDisbursement(config, body, options),
    createSession: (body: SessionRequest, options?: CallOptions) => createSession(config, body, options),
    /** Sandbox extensions. */
    createIntent: (body: CreateIntentRequest, options?: CallOptions) => createIntent(config, body, options),
    getSession: (id: string, options?: CallOptions) => getSession(config, id, options),
  };
}

export type Client = ReturnType<typeof createClient>;
