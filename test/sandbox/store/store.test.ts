// @vitest-environment node
// What the sandbox holds (src/sandbox/store/store.ts): per merchant token and in all, in bytes of its
// records. Past a token's share a creation answers 503 in the error shape; at the whole's bound the
// largest holders' least recently active records make room, so made-up tokens never stop a payer or
// a merchant who holds less, and a payment whose approval is awaited is never forgotten; what
// expires is forgotten and its room given back. (A flood under a 160 MB heap, and the bound across a
// restart: bounds.test.ts.)
import { describe, expect, it } from 'vitest';
import { confirmResultSchema, paymentIntentSchema } from '../../../src/api/schemas';
import { RIGHT_CODE } from '../../../src/methods/momo/steps/enter_otp.sandbox';
import { APPROVAL_MS, BASE, expectError, expectJson, setup, testNumber } from '../helpers';
import { fill, intentBody } from '../support/fill';

const DAY_MS = 24 * 60 * 60 * 1000;
const LIMITS = { maxBytes: 16 * 1024, maxBytesPerToken: 4 * 1024 };

describe('store › bounds of what the sandbox holds', () => {
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
});
