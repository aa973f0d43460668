// @vitest-environment node
// Every record belongs to the merchant token that created it: another token cannot read it or
// list it, and its metadata is for its owner only. Without a token an intent reads as the
// interface documents (secret included) but without the metadata.
import { describe, expect, it } from 'vitest';
import { paymentIntentSchema, publicSessionSchema, remittanceListSchema, sessionSchema } from '../../src/api/schemas';
import { expectError, expectJson, sessionBody, setup, testNumber, TOKEN, transferBody } from './helpers';

const OTHER = 'sk_test_someone_else';

describe('records are scoped to the token that created them', () => {
  it('another token gets 404 reading an intent (it read the secret and metadata)', async () => {
    const { call, readIntent } = setup();
    const created = await expectJson(
      await call('POST', '/v1/payment-intents', { body: { amount: 900, currency: 'xaf', metadata: { order: 'A-1' } } }),
      201,
      paymentIntentSchema,
    );
    await expectError(
      await call('GET', `/v1/payment-intents/${created.intent_id}`, { token: OTHER }),
      404,
      'not_found',
    );
    expect(await readIntent(created.intent_id, TOKEN)).toMatchObject({
      metadata: { order: 'A-1' },
      client_secret: created.client_secret,
    });
  });

  it('another token gets 404 reading a session; its owner and a token-less reader get it', async () => {
    const { call } = setup();
    const session = await expectJson(await call('POST', '/v1/sessions', { body: sessionBody() }), 200, sessionSchema);
    await expectError(await call('GET', `/v1/sessions/${session.id}`, { token: OTHER }), 404, 'not_found');
    await expectJson(await call('GET', `/v1/sessions/${session.id}`), 200, publicSessionSchema);
    await expectJson(await call('GET', `/v1/sessions/${session.id}`, { token: null }), 200, publicSessionSchema);
  });

  it('a token lists only its own remittances (it listed every merchant’s payees, names and numbers)', async () => {
    const { call } = setup();
    const mine = await call('POST', '/v1/remittance', { body: transferBody() });
    expect(mine.status).toBe(201);
    for (let i = 0; i < 3; i += 1)
      await call('POST', '/v1/remittance', {
        token: OTHER,
        body: transferBody({ first_name: `Autre${'x'.repeat(i)}` }),
      });
    const list = await expectJson(await call('GET', '/v1/remittance'), 200, remittanceListSchema);
    expect(list.meta.total).toBe(1);
    expect(list.data.map((r) => r.firstName)).toEqual(['Jean']);
    const theirs = await expectJson(await call('GET', '/v1/remittance', { token: OTHER }), 200, remittanceListSchema);
    expect(theirs.meta.total).toBe(3);
    const nobody = await expectJson(
      await call('GET', '/v1/remittance', { token: 'sk_test_new' }),
      200,
      remittanceListSchema,
    );
    expect(nobody).toMatchObject({ meta: { total: 0, lastPage: 1 }, data: [] });
  });

  it('payers still confirm without any token', async () => {
    const { newIntent, confirm } = setup();
    expect((await confirm(await newIntent(), testNumber('approved_at_once'))).status).toBe(200);
  });
});

describe('metadata is for its owner only', () => {
  it('reads null without a token, on a bare intent and on the intent a session names', async () => {
    const { call, readIntent } = setup();
    const bare = await expectJson(
      await call('POST', '/v1/payment-intents', {
        body: { amount: 900, currency: 'xaf', metadata: { customer: 'awa@example.cg' } },
      }),
      201,
      paymentIntentSchema,
    );
    expect(bare.metadata).toEqual({ customer: 'awa@example.cg' });
    expect((await readIntent(bare.intent_id)).metadata).toBeNull();

    const session = await expectJson(await call('POST', '/v1/sessions', { body: sessionBody() }), 200, sessionSchema);
    const publicView = (await (await call('GET', `/v1/sessions/${session.id}`, { token: null })).json()) as Record<
      string,
      unknown
    >;
    expect(publicView).not.toHaveProperty('metadata');
    expect((await readIntent(String(publicView.paymentIntentId))).metadata).toBeNull();
    expect((await readIntent(session.paymentIntentId, TOKEN)).metadata).toEqual({ orderId: 'CMD-1042' });
  });
});
