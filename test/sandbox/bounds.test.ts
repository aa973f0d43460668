// @vitest-environment node
// The sandbox's bound as a process lives it: a flood of twice its default bound stays within a
// 160 MB heap (50 000 intents took 1.5 GB before the bound; under a 256 MB heap the process died
// after 19 016, losing every payment), and what made room stays forgotten across a restart. (The
// store's own rules at its bound: store/store.test.ts.)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { paymentIntentSchema } from '../../src/api/schemas';
import { REPO_ROOT } from '../../src/server/paths';
import { DEFAULT_STATE_LIMITS } from '../../src/sandbox/store/usage';
import { APPROVAL_MS, expectError, expectJson, setup, testNumber } from './helpers';
import { fill, intentBody } from './support/fill';

describe('the bound under a flood', () => {
  it('keeps a flood of twice its default bound within a 160 MB heap: the oldest of the largest holders make room, no crash, a small holder’s payer still answered', () => {
    const output = execFileSync(
      process.execPath,
      ['--max-old-space-size=160', '--expose-gc', '--import', 'tsx', 'test/sandbox/support/flood.ts'],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    const seen = JSON.parse(output.trim().split('\n').at(-1) as string) as {
      statuses: Record<string, number>;
      bystander: number;
      bytes: number;
      heapUsedMb: number;
    };
    expect(seen.statuses['201']).toBeGreaterThan(10_000);
    expect(Object.keys(seen.statuses)).toEqual(['201']);
    expect(seen.bystander).toBe(200);
    // The bound, plus at most the one Idempotency-Key answer stored after the last creation it let in.
    expect(seen.bytes).toBeLessThanOrEqual(DEFAULT_STATE_LIMITS.maxBytes + 40 * 1024);
    expect(seen.heapUsedMb).toBeLessThan(160);
  }, 150_000);
});

describe('the bound across a restart', () => {
  /** What a sandbox holds (its counts of confirms answered are its process's own). */
  const held = (sandbox: ReturnType<typeof setup>['sandbox']) => {
    const { intents, sessions, bytes } = sandbox.stats();
    return { intents, sessions, bytes };
  };

  const dirs: string[] = [];

  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('filled by made-up tokens, then restarted: what made room stays forgotten (the journal’s forget lines replayed), and the payer pays', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'momo-bound-'));
    dirs.push(dir);
    const limits = { maxBytes: 64 * 1024, maxBytesPerToken: 16 * 1024 };
    const first = setup({ limits, dataDir: dir });
    const shop = 'sk_test_real_shop';
    const mine = [];
    for (let i = 0; i < 2; i += 1)
      mine.push(
        await expectJson(
          await first.call('POST', '/v1/payment-intents', { token: shop, body: intentBody }),
          201,
          paymentIntentSchema,
        ),
      );
    const [payLater, awaited] = mine as [(typeof mine)[0], (typeof mine)[0]];
    expect((await first.confirm(awaited, testNumber('approved_after_delay'))).status).toBe(200);
    const flooded = [];
    for (let i = 0; i < 5; i += 1)
      flooded.push(
        (await fill(first.call, `sk_test_made_up_${i}`, Math.ceil((2 * limits.maxBytesPerToken) / 500))).made,
      );
    const oldest = (flooded[0] as { intent_id: string }[])[0] as { intent_id: string };
    await expectError(
      await first.call('GET', `/v1/payment-intents/${oldest.intent_id}`, { token: null }),
      404,
      'not_found',
    );
    const before = held(first.sandbox);
    await first.sandbox.close();
    const journal = readdirSync(dir)
      .filter((name) => /^journal-\d+\.jsonl$/.test(name))
      .map((name) => readFileSync(join(dir, name), 'utf8'))
      .join('');
    const forgotten = journal.match(/"kind":"forget"/g)?.length ?? 0;
    expect(forgotten).toBeGreaterThan(0);

    const second = setup({ limits, dataDir: dir });
    second.clock.set(first.clock.now());
    // The same records as before the restart: none that made room came back.
    expect(held(second.sandbox)).toEqual(before);
    await expectError(
      await second.call('GET', `/v1/payment-intents/${oldest.intent_id}`, { token: null }),
      404,
      'not_found',
    );
    // The sandbox is as full as before the restart, and the payer still pays.
    expect((await second.confirm(payLater, testNumber('approved_at_once'))).status).toBe(200);
    expect((await second.readIntent(payLater.intent_id)).status).toBe('succeeded');
    second.clock.advance(APPROVAL_MS);
    expect((await second.readIntent(awaited.intent_id)).status).toBe('succeeded');
    expect((await second.call('POST', '/v1/payment-intents', { token: shop, body: intentBody })).status).toBe(201);
    expect(second.sandbox.stats().bytes).toBeLessThanOrEqual(limits.maxBytes);
    const after = held(second.sandbox);
    await second.sandbox.close();

    // Once more: what the second run forgot to make room is replayed too.
    const third = setup({ limits, dataDir: dir });
    expect(held(third.sandbox)).toEqual(after);
    await third.sandbox.close();
  });
});
