// The HTTP control of faults and the counters, for tests that cannot reach the sandbox object
// (browser tests against a running server). Mounted only when the sandbox has faults on.
import type { Hono } from 'hono';
import type { Deps, SandboxEnv } from '../env';
import { jsonResponse, readJsonBody } from '../json';
import type { FaultControl } from './control';
import { parseFaultRules } from './rules';
import { parseWalletFault } from './wallets';

// Under the API's /v1, where they are mounted (the fault middleware's CONTROL_PREFIX, /v1/_sandbox/).
const FAULTS = '/_sandbox/faults';
const STATS = '/_sandbox/stats';
/** A wallet set slow or down (or back up) for what `GET /v1/availability` reports. */
const WALLETS = '/_sandbox/faults/wallets';

export function faultRoutes(app: Hono<SandboxEnv>, { config, store, stats }: Deps, faults: FaultControl): void {
  app.get(FAULTS, () => jsonResponse(200, { rules: faults.rules(), hits: faults.hits() }));

  app.post(FAULTS, async (c) => {
    const rules = parseFaultRules(await readJsonBody(c, config.maxBodyBytes));
    return jsonResponse(201, { rules: faults.add(rules) });
  });

  app.get(WALLETS, () => jsonResponse(200, { wallets: faults.wallets.list() }));

  app.post(WALLETS, async (c) => {
    const health = faults.wallets.put(parseWalletFault(await readJsonBody(c, config.maxBodyBytes)));
    return jsonResponse(201, health);
  });

  app.delete(FAULTS, () => {
    faults.clear();
    return jsonResponse(200, { rules: [], hits: [] });
  });

  app.get(STATS, () => jsonResponse(200, stats.snapshot(store)));
}
