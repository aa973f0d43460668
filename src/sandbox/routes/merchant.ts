import type { Context } from 'hono';
import type { Deps, SandboxEnv } from '../env';
import { readJsonBody } from '../json';
import { fingerprintOf, idempotencyKeyOf, type Reply, runIdempotent } from '../idempotency';
import type { Owner } from '../store/records';

/**
 * The common path of every merchant creation: read the body, then do the work under the
 * merchant's Idempotency-Key. `work` is synchronous, so nothing interleaves with it.
 */
export async function idempotentCreate(
  c: Context<SandboxEnv>,
  { config, store }: Deps,
  path: string,
  work: (body: unknown, owner: Owner, now: number) => Reply,
): Promise<Response> {
  const key = idempotencyKeyOf(c, config.extensions);
  const body = await readJsonBody(c, config.maxBodyBytes);
  const now = config.now();
  const owner = c.get('owner');
  // Keys are per merchant token (by its hash).
  const request = { scope: `merchant:${owner}`, owner, key, fingerprint: fingerprintOf('POST', path, body) };
  return runIdempotent(store, request, now, () => work(body, owner, now));
}
