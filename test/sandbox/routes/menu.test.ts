// @vitest-environment node
// The push that never arrives (test numbers ending 96, issue 31 item 4) and the payer's approval
// from the wallet's menu, which the sandbox hears through POST /v1/_sandbox/menu/{id}.
import { describe, expect, it } from 'vitest';
import { confirmResultSchema, paymentIntentSchema } from '../../../src/api/schemas';
import { APPROVAL_MS, confirmBody, expectError, expectJson, PENDING_TIMEOUT_MS, setup, testNumber } from '../helpers';
import { open, stateDirs } from '../support/state';

const lost = testNumber('prompt_lost');
const menu = (t: ReturnType<typeof setup>, id: string, token?: string | null) =>
  t.call('POST', `/v1/_sandbox/menu/${id}`, token === undefined ? {} : { token });

describe('a push that never arrives (…96)', () => {
  it('stays pending past the approval delay, then fails with approval_timeout when the attempt expires', async () => {
    const t = setup();
    const intent = await t.newIntent();
    const answer = await expectJson(await t.confirm(intent, lost), 200, confirmResultSchema);
    expect(answer.status).toBe('pending');
    t.clock.advance(APPROVAL_MS * 5);
    expect((await t.readIntent(intent.intent_id)).status).toBe('pending');
    t.clock.advance(PENDING_TIMEOUT_MS);
    const read = await t.readIntent(intent.intent_id);
    expect(read.status).toBe('requires_payment_method');
    expect(read.last_payment_error?.code).toBe('approval_timeout');
  });

  it('approved from the menu: succeeded at once, one charge; approving again changes nothing', async () => {
    const t = setup();
    const intent = await t.newIntent();
    await t.confirm(intent, lost);
    t.clock.advance(45_000);
    const approved = await expectJson(await menu(t, intent.intent_id), 200, confirmResultSchema);
    expect(approved.status).toBe('succeeded');
    t.clock.advance(1000);
    expect((await expectJson(await menu(t, intent.intent_id), 200, confirmResultSchema)).status).toBe('succeeded');
    const read = await expectJson(
      await t.call('GET', `/v1/payment-intents/${intent.intent_id}`),
      200,
      paymentIntentSchema,
    );
    expect(read.status).toBe('succeeded');
    expect(read.event.charges).toHaveLength(1);
  });

  it('too late: after the attempt expired the menu changes nothing', async () => {
    const t = setup();
    const intent = await t.newIntent();
    await t.confirm(intent, lost);
    t.clock.advance(PENDING_TIMEOUT_MS + 1);
    expect((await expectJson(await menu(t, intent.intent_id), 200, confirmResultSchema)).status).toBe('failed');
    expect((await t.readIntent(intent.intent_id)).status).toBe('requires_payment_method');
  });

  it('a new request of the same intent, once the first has expired, gets its push and pays: two attempts, one paid', async () => {
    const t = setup();
    const intent = await t.newIntent();
    await t.confirm(intent, lost);
    // Not while the first waits: the service refuses a second request (no second charge).
    await expectError(await t.confirm(intent, lost), 409, 'payment_in_progress');
    t.clock.advance(PENDING_TIMEOUT_MS);
    expect((await expectJson(await t.confirm(intent, lost), 200, confirmResultSchema)).status).toBe('pending');
    t.clock.advance(APPROVAL_MS);
    const read = await expectJson(
      await t.call('GET', `/v1/payment-intents/${intent.intent_id}`),
      200,
      paymentIntentSchema,
    );
    expect(read.status).toBe('succeeded');
    expect(read.event.charges.map((c) => c.status)).toEqual(['failed', 'succeeded']);
  });

  it("approving from the menu needs the merchant's key and its own intent", async () => {
    const t = setup();
    const intent = await t.newIntent();
    await t.confirm(intent, lost);
    await expectError(await menu(t, intent.intent_id, null), 401, 'unauthorized');
    await expectError(await menu(t, intent.intent_id, 'sk_test_someone_else'), 404, 'not_found');
    expect((await t.readIntent(intent.intent_id)).status).toBe('pending');
  });
});

describe('across a restart', () => {
  const newDir = stateDirs();
  it('keeps the approval from the menu: the attempt is paid after the sandbox starts again', async () => {
    const dir = newDir();
    const clock = { time: Date.UTC(2025, 2, 10, 9) };
    let { sandbox, call } = open(dir, clock);
    const intent = paymentIntentSchema.parse(
      await (await call('POST', '/v1/payment-intents', { amount: 5000, currency: 'xaf' })).json(),
    );
    await call(
      'POST',
      `/v1/payment-intents/${intent.intent_id}/confirm`,
      confirmBody(intent.client_secret ?? '', lost),
      null,
    );
    clock.time += 45_000;
    expect((await call('POST', `/v1/_sandbox/menu/${intent.intent_id}`)).status).toBe(200);
    await sandbox.close();
    clock.time += PENDING_TIMEOUT_MS;
    ({ sandbox, call } = open(dir, clock));
    const read = paymentIntentSchema.parse(await (await call('GET', `/v1/payment-intents/${intent.intent_id}`)).json());
    expect(read.status).toBe('succeeded');
    await sandbox.close();
  });
});
