// The shape of a row of the operations table (./operations, ./sandbox-operations): what the
// OpenAPI document (./document) writes of each route the sandbox answers.
import type * as z from 'zod/mini';
import type { ErrorCode } from '../errors';
import type { SchemaName } from './components';

export type Method = 'get' | 'post' | 'put' | 'delete';

/** Who may call: a merchant's secret key; anyone (a payer's page); anyone, a key narrowing what is read. */
export type Caller = 'merchant' | 'anyone' | 'anyone-or-merchant';

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  description: string;
  schema: z.ZodMiniType;
  required?: boolean;
  /** Not in the service's interface: the sandbox's own (x-momo-extension). */
  extension?: boolean;
}

/** A body that is not JSON (an image, a page, a form), in any of its media types. */
export interface OtherBody {
  mediaTypes: string[];
  /** None for bytes (an image). */
  schema?: z.ZodMiniType;
}

export interface OperationAnswer {
  description: string;
  /** A named JSON schema, other media types, or nothing (304). */
  body?: SchemaName | OtherBody;
  headers?: Record<string, { description: string; schema: z.ZodMiniType }>;
  extension?: boolean;
}

export interface Operation {
  method: Method;
  /** As OpenAPI writes it: `/v1/payment-intents/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag:
    | 'Payment intents'
    | 'Remittances and disbursements'
    | 'Checkout sessions'
    | 'Payment links'
    | 'Events'
    | 'Sandbox';
  /** Not in the service's interface (docs/sandbox.md#extensions-to-the-interface). */
  extension: boolean;
  /** Answered by a sandbox without its extensions too (`extensions: false`); default: not an extension. */
  bare?: boolean;
  caller: Caller;
  body?: SchemaName | OtherBody;
  /** Whether a request without a body is refused (default: it is). */
  bodyRequired?: boolean;
  parameters?: Parameter[];
  answers: Record<number, OperationAnswer>;
  /** The error codes it may answer with (src/sandbox/errors.ts), which give the error statuses. */
  errors: readonly ErrorCode[];
}
