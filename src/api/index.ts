export { createClient, type Client } from './client';
export { confirmIntent, getIntentView, getSession } from './endpoints/checkout';
export { createIntent, getIntent } from './endpoints/intents';
export { createSession } from './endpoints/sessions';
export { createDisbursement, createRemittance, listRemittances, type PageQuery } from './endpoints/transfers';
export { ApiError, isApiError, mayHaveTakenEffect, isTransient, type ApiErrorKind } from './errors';
export type { CallOptions, ClientConfig } from './http';
export * from './schemas';
export type * from './types';
