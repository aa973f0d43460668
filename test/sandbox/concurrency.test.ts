// @vitest-environment node
// The sandbox as a server under concurrent requests: creations never collide, lists stay whole.
import { describe, expect, it } from 'vitest';
import {
  disbursementSchema,
  remittanceCreatedSchema,
  remittanceListSchema,
  sessionSchema,
} from '../../src/api/schemas';
import { expectJson, sessionBody, setup, transferBody } from './helpers';

const times = <T>(count: number, make: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, i) => make(i)));

describe('concurrent remittance creations', () => {
  it('give 100 distinct ids, a list total of 100, and pages that cover each exactly once', async () => {
    const { call, sandbox } = setup();
    const created = await times(100, async (i) =>
      expectJson(
        await call('POST', '/v1/remittance', { body: transferBody({ amount: String(i + 1) }) }),
        201,
        remittanceCreatedSchema,
      ),
    );
    const ids = created.map((r) => r.id);
    expect(new Set(ids).size).toBe(100);

    const first = await expectJson(await call('GET', '/v1/remittance?perPage=7'), 200, remittanceListSchema);
    expect(first.meta).toMatchObject({ total: 100, lastPage: 15 });
    const pages = await times(15, async (i) =>
      expectJson(await call('GET', `/v1/remittance?page=${i + 1}&perPage=7`), 200, remittanceListSchema),
    );
    const listed = pages.flatMap((page) => page.data.map((r) => r.id));
    expect(listed).toHaveLength(100);
    expect(new Set(listed)).toEqual(new Set(ids));
    expect(pages.map((page) => page.data.length)).toEqual([...Array<number>(14).fill(7), 2]);
    expect(new Set(created.map((r) => r.amount)).size).toBe(100);
    expect(sandbox.stats().remittances).toBe(100);
  });

  it('keep every list read consistent while they happen', async () => {
    const { call } = setup();
    const reads: Promise<Response>[] = [];
    await times(100, async (i) => {
      if (i % 2 === 0) reads.push(call('GET', '/v1/remittance?perPage=100'));
      return call('POST', '/v1/remittance', { body: transferBody() });
    });
    for (const response of await Promise.all(reads)) {
      const list = await expectJson(response, 200, remittanceListSchema);
      expect(list.data).toHaveLength(list.meta.total);
      expect(new Set(list.data.map((r) => r.id)).size).toBe(list.meta.total);
    }
  });

  it('create one remittance for 100 concurrent requests with one Idempotency-Key', async () => {
    const { call, sandbox } = setup();
    const answers = await times(100, async () =>
      expectJson(
        await call('POST', '/v1/remittance', { body: transferBody(), headers: { 'Idempotency-Key': 'payroll-03' } }),
        201,
        remittanceCreatedSchema,
      ),
    );
    expect(new Set(answers.map((r) => r.id)).size).toBe(1);
    expect(sandbox.stats().remittances).toBe(1);
  });
});

describe('concurrent disbursement and session creations', () => {
  it('give distinct ids and as many records as requests', async () => {
    const { call, sandbox } = setup();
    const disbursements = await times(50, async () =>
      expectJson(await call('POST', '/v1/disbursement', { body: transferBody() }), 201, disbursementSchema),
    );
    const sessions = await times(50, async () =>
      expectJson(await call('POST', '/v1/sessions', { body: sessionBody() }), 200, sessionSchema),
    );
    expect(new Set(disbursements.map((d) => d.id)).size).toBe(50);
    expect(new Set(sessions.map((s) => s.id)).size).toBe(50);
    expect(new Set(sessions.map((s) => s.paymentIntentId)).size).toBe(50);
    expect(sandbox.stats()).toMatchObject({ disbursements: 50, sessions: 50, intents: 50 });
  });
});
