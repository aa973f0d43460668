import type { IncomingMessage } from 'node:http';
import type { Http2ServerRequest } from 'node:http2';
import type { SandboxConfig } from './config';
import type { FaultControl } from './faults/control';
import type { ListTurns } from './list-turns';
import type { MerchantProfiles } from './merchants';
import type { ConfirmLimits, SlidingWindow } from './rate-limit';
import type { Stats } from './stats';
import type { Owner } from './store/records';
import type { Store } from './store/store';

/**
 * What a server adapter may pass along with the request: @hono/node-server passes the Node
 * request (for the client's address and its socket). Absent when `app.fetch` is called without one
 * (tests, or a server that does not forward it), so it is always read with `?.`.
 */
export interface SandboxBindings {
  incoming?: IncomingMessage | Http2ServerRequest;
}

/** Hono context types of the sandbox. */
export interface SandboxEnv {
  Bindings: SandboxBindings;
  Variables: { owner: Owner };
}

/** What every route module needs. */
export interface Deps {
  config: SandboxConfig;
  store: Store;
  stats: Stats;
  /** The confirm rate limits, or null when they are off. */
  confirmLimits: ConfirmLimits | null;
  /** The list reads' limit per merchant token, or null when it is off. */
  listLimit: SlidingWindow | null;
  /** The lists' turns: one page built per pass of the event loop. */
  listTurns: ListTurns;
  /** The fault control, or null unless the sandbox was created with faults on. */
  faults: FaultControl | null;
  /** Extension: the merchant profiles shown to payers. */
  merchants: MerchantProfiles;
}
