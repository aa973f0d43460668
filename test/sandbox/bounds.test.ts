// @vitest-environment node
// What the sandbox may hold: per merchant token and in all, in bytes of its records. At the bound
// a creation answers 503 in the error shape instead of the process running out of memory (50 000
// intents took 1.5 GB; under a 256 MB heap the process died after 19 016, losing every payment);
// what expires is forgotten and its room given back.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { confirmResultSchema, paymentIntentSchema } from '../../src/api/schemas';
import { RIGHT_CODE } from '../../src/methods/momo/sandbox';
import { REPO_ROOT } from '../../src/server/paths';
import { DEFAULT_STATE_LIMITS } from '../../src/sandbox/store/usage';
import { APPROVAL_MS, BASE, expectError, expectJson, setup, testNumber } from './helpers';

const DAY_MS = 24 * 60 * 60 * 1000;
const LIMITS = { maxBytes: 16 * 1024, maxBytesPerToken: 4 * 1024 };
const intentBody = { amount: 1000, currency: 'xaf', metadata: { order: 'A-17' } };

/** Creates intents with `token` until the sandbox refuses one (or `max` are made); returns those it made. */
async function fill(call: ReturnType<typeof setup>['call'], token: string, max = Number.POSITIVE_INFINITY) {
  const made: { intent_id: string; client_secret: string }[] = [];
  while (made.length < max) {
    const response = await call('POST', '/v1/payment-intents', { token, body: intentBody });
    if (response.status !== 201) return { made, refused: response };
    made.push(await expectJson(response, 201, paymentIntentSchema));
  }
  return { made, refused: undefined as unknown as Response };
}

describe('bounds of what the sandbox holds', () => {
  it('refuses a token past its share with 503 capacity_exceeded; other tokens go on, and its intents can still be paid', async () => {
    const { call, confirm, sandbox } = setup({ limits: LIMITS });
    const { made, refused } = await fill(call, 'sk_test_greedy');
    expect(made.length).toBeGreaterThan(3);
    const error = await expectError(refused, 503, 'capacity_exceeded');
    expect(error.message).toBe(
      "This secret key's records fill its share of the sandbox (0 MiB); they are forgotten as they expire.".replace(
        '0 MiB',
        `${Math.round((LIMITS.maxBytesPerToken / 2 ** 20) * 10) / 10} MiB`,
      ),
    );
    expect((await call('POST', '/v1/payment-intents', { token: 'sk_test_modest', body: intentBody })).status).toBe(201);
    expect(
      (await confirm(made[0] as { intent_id: string; client_secret: string }, testNumber('approved_at_once'))).status,
    ).toBe(200);
    expect(sandbox.stats().bytes).toBeLessThanOrEqual(LIMITS.maxBytes);
  });

  it('never refuses a payer, nor a merchant who holds less, for what made-up tokens stored: five of them fill the sandbox, then a payer pays and the merchant goes on', async () => {
    // The default bounds' proportions: a token's share is a quarter of the whole.
    const limits = { maxBytes: 64 * 1024, maxBytesPerToken: 16 * 1024 };
    const { call, confirm, readIntent, sandbox, clock } = setup({ limits });
    // A real merchant's intents, made before the flood: one is paid after it, one keeps its attempt awaited.
    const shop = 'sk_test_real_shop';
    const mine = [] as { intent_id: string; client_secret: string }[];
    for (let i = 0; i < 3; i += 1)
      mine.push(
        await expectJson(
          await call('POST', '/v1/payment-intents', { token: shop, body: intentBody }),
          201,
          paymentIntentSchema,
        ),
      );
    const [payNow, awaited, later] = mine as [(typeof mine)[0], (typeof mine)[0], (typeof mine)[0]];
    expect((await confirm(awaited, testNumber('approved_after_delay'))).status).toBe(200);
    // Five made-up tokens, each to its share (twice as many creations as fit in it): 4 shares fill
    // the whole. (At the bound, the fifth makes room with the largest holders' oldest, its own included.)
    const flooded = [];
    for (let i = 0; i < 5; i += 1)
      flooded.push((await fill(call, `sk_test_made_up_${i}`, Math.ceil((2 * limits.maxBytesPerToken) / 500))).made);
    expect(sandbox.stats().bytes).toBeLessThanOrEqual(limits.maxBytes);
    expect(sandbox.stats().bytes).toBeGreaterThan(limits.maxBytes - 1024);

    // The payer pays: the attempt fits, made room for by the largest holders' oldest records.
    expect((await confirm(payNow, testNumber('approved_at_once'))).status).toBe(200);
    expect((await readIntent(payNow.intent_id)).status).toBe('succeeded');
    // The merchant creates as before, and finds every one of its records.
    const fresh = await expectJson(
      await call('POST', '/v1/payment-intents', { token: shop, body: intentBody }),
      201,
      paymentIntentSchema,
    );
    expect((await call('POST', '/v1/payment-intents', { token: 'sk_test_newcomer', body: intentBody })).status).toBe(
      201,
    );
    clock.advance(APPROVAL_MS);
    expect((await readIntent(awaited.intent_id)).status).toBe('succeeded');
    expect((await confirm(later, testNumber('approved_at_once'))).status).toBe(200);
    for (const { intent_id } of [...mine, fresh])
      expect((await call('GET', `/v1/payment-intents/${intent_id}`, { token: shop })).status).toBe(200);
    // What went is the made-up tokens' oldest: their newest are still there.
    for (const made of flooded)
      expect(
        (await call('GET', `/v1/payment-intents/${(made.at(-1) as { intent_id: string }).intent_id}`, { token: null }))
          .status,
      ).toBe(200);
    await expectError(
      await call('GET', `/v1/payment-intents/${(flooded[0]![0] as { intent_id: string }).intent_id}`, { token: null }),
      404,
      'not_found',
    );
    expect(sandbox.stats().bytes).toBeLessThanOrEqual(limits.maxBytes);
  });

  it('never forgets a payment awaiting a one-time code or the wallet’s app: filled over by made-up tokens, the right code and the app’s Approve still pay', async () => {
    // The default bounds' proportions. The shop holds more than any flooder: it is the first
    // asked to make room, and only its payments under way may not give it.
    const limits = { maxBytes: 16 * 1024, maxBytesPerToken: 4 * 1024 };
    const t = setup({ limits, confirmRateLimit: false });
    const shop = 'sk_test_real_shop';
    const body = { amount: 5000, currency: 'xof', metadata: { order: 'A-17', note: 'n'.repeat(400) } };
    const create = async () =>
      expectJson(await t.call('POST', '/v1/payment-intents', { token: shop, body }), 201, paymentIntentSchema);
    const [otp, app] = [await create(), await create()];
    // Approved at once: their outcome's `settlesAt` is now, yet each waits for the payer until `expiresAt`.
    const otpAnswer = await expectJson(
      await t.confirm(otp, testNumber('approved_at_once', 'sn', 'orange')),
      200,
      confirmResultSchema,
    );
    expect(otpAnswer.next_action?.type).toBe('enter_otp');
    const appAnswer = await expectJson(
      await t.confirm(app, testNumber('approved_at_once', 'sn', 'wave')),
      200,
      confirmResultSchema,
    );
    const walletPath = (appAnswer.next_action?.open_wallet?.url ?? '').slice(BASE.length);
    expect(walletPath).toMatch(/^\/v1\/_sandbox\/wallet\//);
    // The payer reads the code off their phone; meanwhile 200 made-up tokens create an intent each:
    // the whole is full several times over, and the shop is the largest holder throughout.
    t.clock.advance(30_000);
    const flooded: string[] = [];
    for (let i = 0; i < 200; i += 1) {
      const made = await t.call('POST', '/v1/payment-intents', { token: `sk_test_made_up_${i}`, body: intentBody });
      flooded.push((await expectJson(made, 201, paymentIntentSchema)).intent_id);
    }
    expect(t.sandbox.stats().bytes).toBeLessThanOrEqual(limits.maxBytes);
    expect(t.sandbox.stats().bytes).toBeGreaterThan(limits.maxBytes - 1024);

    // A wrong code, then the right one: each step is written at the bound, making room with others' records.
    await expectError(
      await t.call('POST', `/v1/payment-intents/${otp.intent_id}/otp`, {
        token: null,
        body: { client_secret: otp.client_secret, code: '000000' },
      }),
      400,
      'otp_invalid',
      'code',
    );
    const paid = await expectJson(
      await t.call('POST', `/v1/payment-intents/${otp.intent_id}/otp`, {
        token: null,
        body: { client_secret: otp.client_secret, code: RIGHT_CODE },
      }),
      200,
      confirmResultSchema,
    );
    expect(paid.status).toBe('succeeded');
    expect((await t.call('GET', walletPath, { token: null })).status).toBe(200);
    await t.call('POST', walletPath, {
      token: null,
      raw: new URLSearchParams({ answer: 'approve' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await t.readIntent(otp.intent_id)).status).toBe('succeeded');
    expect((await t.readIntent(app.intent_id)).status).toBe('succeeded');
    // What made room was the made-up tokens' oldest records; their newest is still there.
    await expectError(await t.call('GET', `/v1/payment-intents/${flooded[0]}`, { token: null }), 404, 'not_found');
    expect((await t.call('GET', `/v1/payment-intents/${flooded.at(-1)}`, { token: null })).status).toBe(200);
    expect(t.sandbox.stats().bytes).toBeLessThanOrEqual(limits.maxBytes);
  });

  it('refuses with 503 only when no room can be made: every record held is a payment whose approval is awaited', async () => {
    const { call, confirm, sandbox } = setup({
      limits: { maxBytes: 8 * 1024, maxBytesPerToken: 8 * 1024 },
      confirmRateLimit: false,
    });
    const awaited: string[] = [];
    for (;;) {
      const response = await call('POST', '/v1/payment-intents', { token: 'sk_test_only', body: intentBody });
      if (response.status !== 201) break;
      const intent = await expectJson(response, 201, paymentIntentSchema);
      if ((await confirm(intent, testNumber('approved_after_delay'))).status !== 200) break;
      awaited.push(intent.intent_id);
    }
    expect(awaited.length).toBeGreaterThan(3);
    // At most the one intent whose confirm found no room is not a payment under way: too little
    // to make room for a large creation.
    const large = {
      ...intentBody,
      description: 'd'.repeat(500),
      metadata: Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`k${i}`, 'v'.repeat(400)])),
    };
    await expectError(
      await call('POST', '/v1/payment-intents', { token: 'sk_test_newcomer', body: large }),
      503,
      'capacity_exceeded',
    );
    // None of the payments under way was forgotten to make room.
    for (const id of awaited)
      expect((await call('GET', `/v1/payment-intents/${id}`, { token: null })).status).toBe(200);
    expect(sandbox.stats().bytes).toBeLessThanOrEqual(8 * 1024);
  });

  it('forgets records 7 days after their last activity and gives their room back', async () => {
    const { call, clock, readIntent, sandbox, confirm } = setup({ limits: LIMITS });
    const { made } = await fill(call, 'sk_test_greedy');
    const [old, paid] = made as [
      { intent_id: string; client_secret: string },
      { intent_id: string; client_secret: string },
    ];
    clock.advance(3 * DAY_MS);
    expect((await confirm(paid, testNumber('approved_at_once'))).status).toBe(200);
    clock.advance(4 * DAY_MS);
    await expectError(await call('GET', `/v1/payment-intents/${old.intent_id}`, { token: null }), 404, 'not_found');
    // The intent paid three days in lives on until 7 days after its payment.
    expect((await readIntent(paid.intent_id)).status).toBe('succeeded');
    expect((await call('POST', '/v1/payment-intents', { token: 'sk_test_greedy', body: intentBody })).status).toBe(201);
    clock.advance(3 * DAY_MS);
    await expectError(await call('GET', `/v1/payment-intents/${paid.intent_id}`, { token: null }), 404, 'not_found');
    expect(sandbox.stats()).toMatchObject({ intents: 1 });
  });

  it('forgets Idempotency-Key answers after a day', async () => {
    const { call, clock, sandbox } = setup();
    const headers = { 'Idempotency-Key': 'order-1' };
    await call('POST', '/v1/payment-intents', { body: intentBody, headers });
    const withAnswer = sandbox.stats().bytes;
    clock.advance(DAY_MS);
    const again = await call('POST', '/v1/payment-intents', { body: { ...intentBody, amount: 2000 }, headers });
    expect(again.status).toBe(201);
    expect(sandbox.stats().bytes).toBeLessThan(2 * withAnswer);
  });

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
