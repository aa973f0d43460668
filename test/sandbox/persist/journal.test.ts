// @vitest-environment node
// The journal (src/sandbox/persist/journal.ts): what was acknowledged is there after a restart,
// settled as it would have been without one; a last line a crash cut short (never acknowledged) is
// set aside; a damaged file refuses the start; a journal that outweighs the live records is
// replaced by a snapshot of them. (How each file is read and checked: files.test.ts; a kill -9
// mid-flood and a disk that fails: ../persistence.test.ts.)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paymentIntentSchema, remittanceListSchema, sessionSchema } from '../../../src/api/schemas';
import {
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
} from '../../../src/api/schemas/webhook-endpoints';
import { Journal } from '../../../src/sandbox/persist/journal';
import { Store } from '../../../src/sandbox/store/store';
import { confirmBody, expectError, expectJson, sessionBody, START, testNumber, TOKEN, transferBody } from '../helpers';
import { crashed, DAY_MS, journalOf, open, record, stateDirs } from '../support/state';

const newDir = stateDirs();

describe('journal › the state on disk', () => {
  it('survives a restart: intents, attempts, sessions, remittances, Idempotency-Key answers, ids that count on', async () => {
    const dir = newDir();
    const first = open(dir);
    const intent = await expectJson(
      await first.call('POST', '/v1/payment-intents', { amount: 5000, currency: 'xaf', metadata: { order: 'A-1' } }),
      201,
      paymentIntentSchema,
    );
    expect(
      (
        await first.call(
          'POST',
          `/v1/payment-intents/${intent.intent_id}/confirm`,
          confirmBody(intent.client_secret, testNumber('approved_after_delay')),
          null,
        )
      ).status,
    ).toBe(200);
    const session = await expectJson(await first.call('POST', '/v1/sessions', sessionBody()), 200, sessionSchema);
    const keyed = await first.call('POST', '/v1/remittance', transferBody(), TOKEN, { 'Idempotency-Key': 'payroll-1' });
    const keyedText = await keyed.text();
    first.clock.time += 5000; // the attempt succeeds before the restart is noticed
    const paidBefore = await (await first.call('GET', `/v1/payment-intents/${intent.intent_id}`)).text();
    await first.sandbox.close();

    const second = open(dir, first.clock);
    expect(await (await second.call('GET', `/v1/payment-intents/${intent.intent_id}`)).text()).toBe(paidBefore);
    expect(JSON.parse(paidBefore)).toMatchObject({ status: 'succeeded', metadata: { order: 'A-1' } });
    expect((await second.call('GET', `/v1/sessions/${session.id}`)).status).toBe(200);
    const replay = await second.call('POST', '/v1/remittance', transferBody(), TOKEN, {
      'Idempotency-Key': 'payroll-1',
    });
    expect([replay.headers.get('idempotent-replayed'), await replay.text()]).toEqual(['true', keyedText]);
    await expectError(
      await second.call('POST', '/v1/remittance', transferBody({ amount: '1' }), TOKEN, {
        'Idempotency-Key': 'payroll-1',
      }),
      409,
      'idempotency_key_reused',
    );
    const list = await expectJson(await second.call('GET', '/v1/remittance'), 200, remittanceListSchema);
    expect(list.data.map((r) => r.id)).toEqual([JSON.parse(keyedText).id]);
    await expectError(
      await second.call('GET', `/v1/payment-intents/${intent.intent_id}`, undefined, 'sk_test_other'),
      404,
      'not_found',
    );
    const next = await expectJson(
      await second.call('POST', '/v1/payment-intents', { amount: 100, currency: 'xaf' }),
      201,
      paymentIntentSchema,
    );
    expect(next.id).toBe(3);
    expect(second.sandbox.stats()).toMatchObject({ intents: 3, sessions: 1, remittances: 1 });
    await second.sandbox.close();
  });

  it('settles after a restart exactly as it would have without one (same payout, same times)', async () => {
    const dir = newDir();
    const clock = { time: START };
    const first = open(dir, clock);
    const intent = await expectJson(
      await first.call('POST', '/v1/payment-intents', { amount: 5000, currency: 'xaf' }),
      201,
      paymentIntentSchema,
    );
    await first.call(
      'POST',
      `/v1/payment-intents/${intent.intent_id}/confirm`,
      confirmBody(intent.client_secret, testNumber('approved_after_delay')),
      null,
    );
    await first.sandbox.close();
    clock.time += 60_000;
    const second = open(dir, clock);
    const paid = await (await second.call('GET', `/v1/payment-intents/${intent.intent_id}`)).text();
    await second.sandbox.close();
    const third = open(dir, clock);
    expect(await (await third.call('GET', `/v1/payment-intents/${intent.intent_id}`)).text()).toBe(paid);
    expect(JSON.parse(paid)).toMatchObject({
      status: 'succeeded',
      updated_at: '2025-03-10T10:00:04.000+01:00',
      event: { payouts: [{ amount_fee: 75 }] },
    });
    await third.sandbox.close();
  });

  it('sets aside a last line cut short by a crash (never acknowledged), and goes on writing after it', async () => {
    const dir = newDir();
    const first = open(dir);
    const intent = await expectJson(
      await first.call('POST', '/v1/payment-intents', { amount: 700, currency: 'xaf' }),
      201,
      paymentIntentSchema,
    );
    await first.sandbox.close();
    // What kill -9 mid-append leaves: the lock of a dead process, a journal without its seal, a line cut short.
    crashed(dir);
    const second = open(dir);
    expect((await second.call('GET', `/v1/payment-intents/${intent.intent_id}`)).status).toBe(200);
    expect(second.sandbox.stats().intents).toBe(1);
    expect(readFileSync(join(dir, 'journal-000001.jsonl.torn'), 'utf8')).toBe(
      '0123456789abcdef {"kind":"intent","record":{"id":2,"intentId":"pi_tor',
    );
    expect((await second.call('POST', '/v1/payment-intents', { amount: 800, currency: 'xaf' })).status).toBe(201);
    await second.sandbox.close();
    const third = open(dir);
    expect(third.sandbox.stats().intents).toBe(2);
    await third.sandbox.close();
  });

  it('refuses to start on a damaged file, naming it and how to wipe the state', async () => {
    const dir = newDir();
    const first = open(dir);
    for (const amount of [700, 800]) await first.call('POST', '/v1/payment-intents', { amount, currency: 'xaf' });
    await first.sandbox.close();
    const journal = journalOf(dir);
    writeFileSync(journal, readFileSync(journal, 'utf8').replace('"kind":"intent"', '"kind":"intent'));
    expect(() => open(dir)).toThrow(
      /damaged \(journal-000001\.jsonl: line 1 does not match its checksum.*npm run sandbox:wipe/,
    );
  });

  it('replaces a journal that outweighs the live records by a snapshot of them, and drops the old journal (records written straight into the store)', async () => {
    const dir = newDir();
    const store = new Store({ limits: { maxBytes: 2 ** 24, maxBytesPerToken: 2 ** 24 }, retentionMs: 3 * DAY_MS });
    const journal = Journal.open(dir, store, START, 4096);
    store.writeTo(journal);
    for (let i = 0; i < 20; i += 1) store.write([record(i)], 'o', 'token');
    await journal.durable();
    // Nothing has expired: a snapshot would only rewrite what the journal holds (a header and an end line, no record).
    expect(readFileSync(join(dir, 'state.jsonl'), 'utf8').trim().split('\n')).toHaveLength(2);
    store.forgetExpired(START + 3 * DAY_MS + 15); // the first 16 expire
    for (let i = 20; i < 40; i += 1) store.write([record(i)], 'o', 'token');
    await journal.durable();
    await journal.close();
    // Once the expired ones made the journal outweigh the live records: a snapshot, a new journal.
    expect(readdirSync(dir).filter((name) => name.startsWith('journal-'))).toEqual(['journal-000002.jsonl']);
    expect(readFileSync(join(dir, 'state.jsonl'), 'utf8').trim().split('\n').length).toBeGreaterThan(4);
    const reopened = new Store({ limits: { maxBytes: 2 ** 24, maxBytesPerToken: 2 ** 24 }, retentionMs: 3 * DAY_MS });
    await Journal.open(dir, reopened, START + 3 * DAY_MS + 15).close();
    expect(reopened.remittancesOf('o').map((r) => r.id)).toEqual(Array.from({ length: 24 }, (_, i) => `rem_${i + 16}`));
  });

  it('keeps endpoints, events and the deliveries owed through a crash; an endpoint deleted stays deleted', async () => {
    const dir = newDir();
    const clock = { time: START };
    // Nothing listens on port 9: the deliveries are held back a minute (`late`) and stay owed.
    const options = { eventTickMs: 60_000, webhookRetry: 'fast' as const };
    const first = open(dir, clock, options);
    const kept = await expectJson(
      await first.call('POST', '/v1/webhook-endpoints', {
        url: 'http://127.0.0.1:9/a',
        faults: ['late'],
        lateMs: 60_000,
      }),
      201,
      webhookEndpointSchema,
    );
    const deleted = await expectJson(
      await first.call('POST', '/v1/webhook-endpoints', { url: 'http://127.0.0.1:9/b' }),
      201,
      webhookEndpointSchema,
    );
    expect((await first.call('DELETE', `/v1/webhook-endpoints/${deleted.id}`)).status).toBe(204);
    const intent = await expectJson(
      await first.call('POST', '/v1/payment-intents', { amount: 5000, currency: 'xaf' }),
      201,
      paymentIntentSchema,
    );
    await first.call(
      'POST',
      `/v1/payment-intents/${intent.intent_id}/confirm`,
      confirmBody(intent.client_secret, testNumber('approved_after_delay')),
      null,
    );
    const events = await (await first.call('GET', '/v1/events')).text();
    await first.sandbox.close();
    crashed(dir);

    const second = open(dir, clock, options);
    const endpoints = await expectJson(
      await second.call('GET', '/v1/webhook-endpoints'),
      200,
      webhookEndpointListSchema,
    );
    expect(endpoints.data.map((e) => e.id)).toEqual([kept.id]);
    expect(await (await second.call('GET', '/v1/events')).text()).toBe(events);
    const [event] = JSON.parse(events).data;
    const owed = await expectJson(
      await second.call('GET', `/v1/events/${event.id}/deliveries`),
      200,
      webhookDeliveryListSchema,
    );
    expect(owed.data.map((d) => [d.endpointId, d.status, d.fault])).toEqual([[kept.id, 'pending', 'late']]);
    await second.sandbox.close();
  });
});
