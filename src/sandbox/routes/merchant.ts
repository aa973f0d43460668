import type { Context } from 'hono';
import type { Deps, SandboxEnv } from '../env';
import { readJsonBody } from '../http';
import { fingerprintOf, hashOf, idempotencyKeyOf, type Reply } from '../idempotency';

/**
 * The common path of every merchant creation: read the body, then do the work under the
 * merchant's Idempotency-Key. `work` is synchronous, so nothing interleaves with it.
 */
export async function idempotentCreate(
  c: Context<SandboxEnv>,
  { config, store }: Deps,
  path: string,
  work: (body: unknown, now: number) => Reply,
): Promise<Response> {
  const key = idempotencyKeyOf(c, config.extensions);
  const body = await readJsonBody(c, config.maxBodyBytes);
  const now = config.now();
  // Keys are per merchant token; the token itself is never kept, only its hash.
  const request = { scope: `merchant:${hashOf(c.get('token'))}`, key, fingerprint: fingerprintOf('POST', path, body) };
  return store.idempotency.run(request, now, () => work(body, now));
}
