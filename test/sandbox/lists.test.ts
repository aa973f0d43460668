// @vitest-environment node
// Extensions of issue 21: a merchant's server learns what became of payments it did not follow
// itself — its sessions and intents listed newest first and filtered, a remittance or a
// disbursement read back. Another token sees none of them.
import { describe, expect, it } from 'vitest';
import {
  disbursementSchema,
  paymentIntentListSchema,
  paymentIntentSchema,
  remittanceCreatedSchema,
  remittanceSchema,
  sessionListSchema,
  sessionSchema,
} from '../../src/api/schemas';
import {
  APPROVAL_MS,
  confirmBody,
  EXECUTION_MS,
  expectError,
  expectJson,
  sessionBody,
  setup,
  START,
  testNumber,
  transferBody,
} from './helpers';
import { open, stateDirs } from './support/state';

const OTHER = 'sk_test_someone_else';
const MINUTE = 60_000;

describe('GET /v1/payment-intents', () => {
  it('lists the token’s own intents newest first, with the remittance list’s meta', async () => {
    const { call, clock } = setup();
    const ids: string[] = [];
    for (let i = 1; i <= 12; i++) {
      ids.push(
        (
          await expectJson(
            await call('POST', '/v1/payment-intents', {
              body: { amount: 100 * i, currency: 'xaf', metadata: { order: `A-${i}` } },
            }),
            201,
            paymentIntentSchema,
          )
        ).intent_id,
      );
      clock.advance(1000);
    }
    const first = await expectJson(await call('GET', '/v1/payment-intents'), 200, paymentIntentListSchema);
    expect(first.meta).toEqual({
      total: 12,
      perPage: 10,
      currentPage: 1,
      lastPage: 2,
      firstPage: 1,
      firstPageUrl: '/?page=1',
      lastPageUrl: '/?page=2',
      nextPageUrl: '/?page=2',
      previousPageUrl: null,
    });
    expect(first.data.map((i) => i.intent_id)).toEqual(ids.slice().reverse().slice(0, 10));
    // Its owner reads the metadata, as on GET /v1/payment-intents/{id} with its token.
    expect(first.data[0]?.metadata).toEqual({ order: 'A-12' });
    const second = await expectJson(await call('GET', '/v1/payment-intents?page=2'), 200, paymentIntentListSchema);
    expect(second.data.map((i) => i.intent_id)).toEqual([ids[1], ids[0]]);
    expect(second.meta).toMatchObject({ currentPage: 2, nextPageUrl: null, previousPageUrl: '/?page=1' });
  });

  it('filters by status (one or several) and by creation time, and the page addresses keep the filters', async () => {
    const { call, clock, confirm } = setup();
    const open = await expectJson(
      await call('POST', '/v1/payment-intents', { body: { amount: 1000, currency: 'xaf' } }),
      201,
      paymentIntentSchema,
    );
    clock.advance(MINUTE);
    const paid = await expectJson(
      await call('POST', '/v1/payment-intents', { body: { amount: 2000, currency: 'xaf' } }),
      201,
      paymentIntentSchema,
    );
    expect((await confirm(paid, testNumber('approved_after_delay'))).status).toBe(200);
    clock.advance(MINUTE);
    const waiting = await expectJson(
      await call('POST', '/v1/payment-intents', { body: { amount: 3000, currency: 'xaf' } }),
      201,
      paymentIntentSchema,
    );
    expect((await confirm(waiting, testNumber('approved_after_delay'))).status).toBe(200);
    // The paid one's approval came; the last one's is still awaited.
    clock.advance(APPROVAL_MS / 2);

    const ids = async (query: string) =>
      (await expectJson(await call('GET', `/v1/payment-intents?${query}`), 200, paymentIntentListSchema)).data.map(
        (i) => i.intent_id,
      );
    expect(await ids('status=succeeded')).toEqual([paid.intent_id]);
    expect(await ids('status=pending')).toEqual([waiting.intent_id]);
    expect(await ids('status=requires_payment_method,pending')).toEqual([waiting.intent_id, open.intent_id]);
    expect(await ids('status=canceled')).toEqual([]);
    // createdFrom is inclusive, createdBefore exclusive.
    const paidAt = new Date(START + MINUTE).toISOString();
    expect(await ids(`createdFrom=${paidAt}`)).toEqual([waiting.intent_id, paid.intent_id]);
    expect(await ids(`createdBefore=${paidAt}`)).toEqual([open.intent_id]);
    expect(
      await ids(
        `createdFrom=${encodeURIComponent('2025-03-10T10:01:00+01:00')}&createdBefore=${encodeURIComponent('2025-03-10T10:02:00+01:00')}`,
      ),
    ).toEqual([paid.intent_id]);

    const page = await expectJson(
      await call('GET', '/v1/payment-intents?status=requires_payment_method,pending&perPage=1'),
      200,
      paymentIntentListSchema,
    );
    expect(page.meta).toMatchObject({
      total: 2,
      lastPage: 2,
      nextPageUrl: '/?page=2&perPage=1&status=requires_payment_method%2Cpending',
    });
  });

  it('filters by last change with updatedFrom (a payment paid now, created long ago), for intents only', async () => {
    const { call, clock, confirm } = setup();
    const old = await expectJson(
      await call('POST', '/v1/payment-intents', { body: { amount: 1000, currency: 'xaf' } }),
      201,
      paymentIntentSchema,
    );
    await call('POST', '/v1/payment-intents', { body: { amount: 2000, currency: 'xaf' } });
    clock.advance(60 * MINUTE);
    const since = new Date(START + 60 * MINUTE).toISOString();
    expect(
      (await expectJson(await call('GET', `/v1/payment-intents?updatedFrom=${since}`), 200, paymentIntentListSchema))
        .data,
    ).toEqual([]);
    expect((await confirm(old, testNumber('approved_after_delay'))).status).toBe(200);
    clock.advance(APPROVAL_MS);
    const changed = await expectJson(
      await call('GET', `/v1/payment-intents?updatedFrom=${since}&status=succeeded`),
      200,
      paymentIntentListSchema,
    );
    expect(changed.data.map((i) => i.intent_id)).toEqual([old.intent_id]);
    await expectError(await call('GET', `/v1/sessions?updatedFrom=${since}`), 400, 'invalid_request', 'updatedFrom');
  });

  it('another token lists none of them, and the intents are not listed without a token', async () => {
    const { call } = setup();
    await call('POST', '/v1/payment-intents', { body: { amount: 1000, currency: 'xaf' } });
    await call('POST', '/v1/sessions', { body: sessionBody() });
    const theirs = await expectJson(
      await call('GET', '/v1/payment-intents', { token: OTHER }),
      200,
      paymentIntentListSchema,
    );
    expect(theirs).toMatchObject({ meta: { total: 0, lastPage: 1, nextPageUrl: null }, data: [] });
    await expectError(await call('GET', '/v1/payment-intents', { token: null }), 401, 'unauthorized');
    // A list takes a secret key: a browser is refused, as on every merchant endpoint.
    await expectError(
      await call('GET', '/v1/payment-intents', { headers: { Origin: 'https://shop.example.cg' } }),
      403,
      'browser_origin_forbidden',
    );
  });

  it.each([
    ['status=paid', 'status'],
    ['status=pending,', 'status'],
    ['createdFrom=yesterday', 'createdFrom'],
    ['createdBefore=2025-02-30T10:00:00Z', 'createdBefore'],
    ['perPage=101', 'perPage'],
    ['page=0', 'page'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const { call } = setup();
    await expectError(await call('GET', `/v1/payment-intents?${query}`), 400, 'invalid_request', field);
  });
});

describe('GET /v1/sessions', () => {
  it('lists the token’s own sessions newest first, each as its creation answered it, filtered by status', async () => {
    const { call, clock, confirm, readIntent } = setup();
    const created = [];
    for (let i = 0; i < 3; i++) {
      created.push(
        await expectJson(
          await call('POST', '/v1/sessions', { body: sessionBody({ metadata: { orderId: `CMD-${i}` } }) }),
          200,
          sessionSchema,
        ),
      );
      clock.advance(1000);
    }
    const [oldest, middle, newest] = created as [(typeof created)[0], (typeof created)[0], (typeof created)[0]];
    const intent = await readIntent(middle.paymentIntentId);
    expect((await confirm(intent, testNumber('approved_after_delay'))).status).toBe(200);
    clock.advance(APPROVAL_MS);

    const all = await expectJson(await call('GET', '/v1/sessions'), 200, sessionListSchema);
    expect(all.data.map((s) => s.id)).toEqual([newest.id, middle.id, oldest.id]);
    expect(all.data[2]).toEqual({ ...oldest, status: 'open' });
    const complete = await expectJson(await call('GET', '/v1/sessions?status=complete'), 200, sessionListSchema);
    expect(complete.data.map((s) => s.id)).toEqual([middle.id]);
    expect(complete.data[0]?.metadata).toEqual({ orderId: 'CMD-1' });

    // A day later the others have expired.
    clock.advance(24 * 60 * MINUTE);
    const expired = await expectJson(await call('GET', '/v1/sessions?status=expired'), 200, sessionListSchema);
    expect(expired.data.map((s) => s.id)).toEqual([newest.id, oldest.id]);
    expect((await expectJson(await call('GET', '/v1/sessions?status=open'), 200, sessionListSchema)).meta.total).toBe(
      0,
    );
  });

  it('another token lists none', async () => {
    const { call } = setup();
    await call('POST', '/v1/sessions', { body: sessionBody() });
    expect(
      (await expectJson(await call('GET', '/v1/sessions', { token: OTHER }), 200, sessionListSchema)).data,
    ).toEqual([]);
    await expectError(await call('GET', '/v1/sessions', { token: null }), 401, 'unauthorized');
  });
});

describe('GET /v1/remittance/{id} and GET /v1/disbursement/{id}', () => {
  it('reads a remittance back as the list shows it, processing then succeeded', async () => {
    const { call, clock } = setup();
    const created = await expectJson(
      await call('POST', '/v1/remittance', { body: transferBody() }),
      201,
      remittanceCreatedSchema,
    );
    const before = await expectJson(await call('GET', `/v1/remittance/${created.id}`), 200, remittanceSchema);
    expect(before).toMatchObject({ ...created, status: 'processing', executedAt: null });
    clock.advance(EXECUTION_MS);
    const after = await expectJson(await call('GET', `/v1/remittance/${created.id}`), 200, remittanceSchema);
    expect(after).toMatchObject({ id: created.id, status: 'succeeded', executedAt: created.shouldExecutedAt });
  });

  it('reads a disbursement back', async () => {
    const { call, clock } = setup();
    const created = await expectJson(
      await call('POST', '/v1/disbursement', { body: transferBody() }),
      201,
      disbursementSchema,
    );
    expect(await expectJson(await call('GET', `/v1/disbursement/${created.id}`), 200, disbursementSchema)).toEqual(
      created,
    );
    clock.advance(EXECUTION_MS);
    expect(
      await expectJson(await call('GET', `/v1/disbursement/${created.id}`), 200, disbursementSchema),
    ).toMatchObject({ status: 'succeeded' });
  });

  it('answers 404 to another token, to an unknown id and to a record of the other kind', async () => {
    const { call } = setup();
    const remittance = await expectJson(
      await call('POST', '/v1/remittance', { body: transferBody() }),
      201,
      remittanceCreatedSchema,
    );
    const disbursement = await expectJson(
      await call('POST', '/v1/disbursement', { body: transferBody() }),
      201,
      disbursementSchema,
    );
    await expectError(await call('GET', `/v1/remittance/${remittance.id}`, { token: OTHER }), 404, 'not_found');
    await expectError(await call('GET', `/v1/disbursement/${disbursement.id}`, { token: OTHER }), 404, 'not_found');
    await expectError(await call('GET', '/v1/remittance/rem_unknown'), 404, 'not_found');
    await expectError(await call('GET', `/v1/remittance/${disbursement.id}`), 404, 'not_found');
    await expectError(await call('GET', `/v1/disbursement/${remittance.id}`), 404, 'not_found');
    await expectError(await call('GET', `/v1/remittance/${remittance.id}`, { token: null }), 401, 'unauthorized');
  });
});

describe('a bare service (extensions off)', () => {
  it('knows none of these paths', async () => {
    const { call } = setup({ extensions: false });
    const remittance = await expectJson(
      await call('POST', '/v1/remittance', { body: transferBody() }),
      201,
      remittanceCreatedSchema,
    );
    for (const path of ['/v1/sessions', '/v1/payment-intents', `/v1/remittance/${remittance.id}`]) {
      await expectError(await call('GET', path), 404, 'not_found');
    }
  });
});

describe('lists after a restart', () => {
  const newDir = stateDirs();

  it('list the same records in the same order once the journal is read back (the index per key rebuilt, never written)', async () => {
    const dir = newDir();
    const clock = { time: START };
    const first = open(dir, clock);
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      clock.time += MINUTE;
      const response = await first.call('POST', '/v1/payment-intents', { amount: 1000 + i, currency: 'xaf' });
      made.push(((await response.json()) as { intent_id: string }).intent_id);
      await first.call('POST', '/v1/sessions', sessionBody());
      await first.call('POST', '/v1/remittance', transferBody());
    }
    // The oldest intent paid last: its attempt is a later line (a snapshot would write the intents in
    // the order of their last activity; the index takes them in any order: owner-index.test.ts).
    const oldest = (await (await first.call('GET', `/v1/payment-intents/${made[0]}`, undefined, null)).json()) as {
      client_secret: string;
    };
    const paid = await first.call(
      'POST',
      `/v1/payment-intents/${made[0]}/confirm`,
      confirmBody(oldest.client_secret, testNumber('approved_at_once')),
      null,
    );
    expect(paid.status).toBe(200);
    const lists = [
      '/v1/payment-intents?perPage=3&page=2',
      '/v1/payment-intents',
      `/v1/payment-intents?createdFrom=${encodeURIComponent(new Date(START + 2 * MINUTE).toISOString())}`,
      '/v1/payment-intents?status=succeeded',
      '/v1/sessions',
      '/v1/remittance?perPage=2',
    ];
    const before = await Promise.all(lists.map(async (path) => (await first.call('GET', path)).text()));
    await first.sandbox.close();
    const second = open(dir, clock);
    const after = await Promise.all(lists.map(async (path) => (await second.call('GET', path)).text()));
    expect(after).toEqual(before);
    // Newest created first (each session's intent made just after the bare one of its minute).
    const all = JSON.parse(after[1] as string) as { data: { intent_id: string }[]; meta: { total: number } };
    expect(all.meta.total).toBe(10);
    expect(all.data.map((intent) => intent.intent_id).filter((id) => made.includes(id))).toEqual(
      made.slice().reverse(),
    );
    await second.sandbox.close();
  });
});
