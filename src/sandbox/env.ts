import type { SandboxConfig } from './config';
import type { FaultControl } from './faults/control';
import type { ListTurns } from './list-turns';
import type { MerchantProfiles } from './merchants';
import type { ConfirmLimits, SlidingWindow } from './rate-limit';
import type { Stats } from './stats';
import type { Store } from './store/store';

// The route modules take both from here; the parts listed in `Deps` import the context types
// from hono-env.ts, which imports none of them.
export type { SandboxBindings, SandboxEnv } from './hono-env';

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
