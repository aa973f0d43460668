import type { SandboxConfig } from './config';
import type { Store } from './store';

/** Hono context variables of the sandbox. */
export interface SandboxEnv {
  Variables: { token: string };
}

/** What every route module needs. */
export interface Deps {
  config: SandboxConfig;
  store: Store;
}
