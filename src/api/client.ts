// The client as one object, for merchants' servers: every operation bound to one configuration.
// Browser code imports the endpoint functions directly instead, so bundles keep only what they use.
import { serviceBase } from './base-url';
import type { CallOptions, ClientConfig } from './http';
import { getSession } from './endpoints/checkout';
import { confirmIntent, createIntent, eachIntent, getIntent, listIntents } from './endpoints/intents';
import { eventMethods } from './endpoints/events';
import { paymentLinkMethods } from './endpoints/payment-links';
import { createSession, eachSession, listSessions } from './endpoints/sessions';
import {
  createDisbursement,
  createRemittance,
  eachRemittance,
  getDisbursement,
  getRemittance,
  listRemittances,
} from './endpoints/transfers';
import type { IntentListQuery, ListQuery, PageQuery } from './pages';
import type {
  ConfirmRequest,
  CreateIntentRequest,
  DisbursementRequest,
  IntentStatus,
  RemittanceRequest,
  SessionRequest,
  SessionStatus,
} from './types';

/**
 * `config.baseUrl` is the service's address with or without `/v1` (as the sandbox prints it); a
 * malformed one throws a TypeError here that says what is wrong.
 */
export function createClient(given: ClientConfig) {
  const config: ClientConfig = { ...given, baseUrl: serviceBase(given.baseUrl) };
  return {
    getIntent: (id: string, options?: CallOptions) => getIntent(config, id, options),
    confirmIntent: (id: string, body: ConfirmRequest, options?: CallOptions) =>
      confirmIntent(config, id, body, options),
    listRemittances: (query?: PageQuery, options?: CallOptions) => listRemittances(config, query, options),
    /** Every remittance, page after page: `for await (const r of client.eachRemittance())`. */
    eachRemittance: (query?: PageQuery, options?: CallOptions) => eachRemittance(config, query, options),
    createRemittance: (body: RemittanceRequest, options?: CallOptions) => createRemittance(config, body, options),
    createDisbursement: (body: DisbursementRequest, options?: CallOptions) => createDisbursement(config, body, options),
    createSession: (body: SessionRequest, options?: CallOptions) => createSession(config, body, options),
    /** Sandbox extensions. */
    createIntent: (body: CreateIntentRequest, options?: CallOptions) => createIntent(config, body, options),
    getSession: (id: string, options?: CallOptions) => getSession(config, id, options),
    listSessions: (query?: ListQuery<SessionStatus>, options?: CallOptions) => listSessions(config, query, options),
    eachSession: (query?: ListQuery<SessionStatus>, options?: CallOptions) => eachSession(config, query, options),
    listIntents: (query?: IntentListQuery<IntentStatus>, options?: CallOptions) => listIntents(config, query, options),
    eachIntent: (query?: IntentListQuery<IntentStatus>, options?: CallOptions) => eachIntent(config, query, options),
    getRemittance: (id: string, options?: CallOptions) => getRemittance(config, id, options),
    getDisbursement: (id: string, options?: CallOptions) => getDisbursement(config, id, options),
    ...paymentLinkMethods(config),
    ...eventMethods(config),
  };
}

export type Client = ReturnType<typeof createClient>;
