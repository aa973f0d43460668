// The API client, and the package's main entry (`momo-checkout`): no schema is exported, so the
// shipped declarations hold the contract's types without zod (see src/tools/package-types.ts).
export { createClient, type Client } from './client';
export { getIntentView, getSession } from './endpoints/checkout';
export { confirmIntent, createIntent, getIntent } from './endpoints/intents';
export { createSession } from './endpoints/sessions';
export { createDisbursement, createRemittance, listRemittances, type PageQuery } from './endpoints/transfers';
export { ApiError, isApiError, mayHaveTakenEffect, isTransient, type ApiErrorKind } from './errors';
export type { CallOptions, ClientConfig } from './http';
export type * from './types';
