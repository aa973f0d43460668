// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { disbursementSchema, remittanceCreatedSchema, remittanceListSchema } from '../../src/api/schemas';
import { EXECUTION_MS, expectError, expectJson, setup, START, testNumber, transferBody } from './helpers';

describe('POST /v1/remittance', () => {
  it('creates a processing remittance with 201, amount as an integer, type 1', async () => {
    const { call } = setup();
    const body = transferBody({ metadata: { ref: 'salaire-mars' } });
    const remittance = await expectJson(await call('POST', '/v1/remittance', { body }), 201, remittanceCreatedSchema);
    expect(remittance).toMatchObject({
      object: 'remittance',
      amount: 15_000,
      currency: 'xaf',
      status: 'processing',
      firstName: 'Jean',
      lastName: 'Mabiala',
      operatorName: 'mtn',
      country: 'cg',
      phone: testNumber('approved_after_delay').msisdn,
      type: 1,
      createdAt: '2025-03-10T10:00:00.000+01:00',
      updatedAt: '2025-03-10T10:00:00.000+01:00',
    });
    expect(remittance.id).toMatch(/^rem_[0-9A-Za-z]{24}$/);
    expect(Date.parse(remittance.shouldExecutedAt)).toBe(START + EXECUTION_MS);
  });

  it('accepts the amount as an integer too', async () => {
    const { call } = setup();
    const remittance = await expectJson(
      await call('POST', '/v1/remittance', { body: transferBody({ amount: 700 }) }),
      201,
      remittanceCreatedSchema,
    );
    expect(remittance.amount).toBe(700);
  });

  it.each([['0'], ['-5'], ['12.5'], ['1e3'], [0], [2.5], ['10000001'], [10_000_001], [''], [null]])(
    'refuses the amount %j with 400 on field amount',
    async (amount) => {
      const { call } = setup();
      await expectError(
        await call('POST', '/v1/remittance', { body: transferBody({ amount }) }),
        400,
        'invalid_request',
        'amount',
      );
      const list = await expectJson(await call('GET', '/v1/remittance'), 200, remittanceListSchema);
      expect(list.meta.total).toBe(0);
    },
  );

  it('checks the recipient’s number like a payer’s', async () => {
    const { call } = setup();
    const body = transferBody({
      payment_method_data: { type: 'momo', momo: { country: 'ga', msisdn: '24106123456', operator_name: 'airtel' } },
    });
    await expectError(
      await call('POST', '/v1/remittance', { body }),
      400,
      'invalid_request',
      'payment_method_data.momo.msisdn',
    );
  });
});

describe('GET /v1/remittance', () => {
  it('shows a remittance processing, then succeeded once executionMs has passed', async () => {
    const { call, clock } = setup();
    await call('POST', '/v1/remittance', { body: transferBody() });
    clock.advance(EXECUTION_MS - 1);
    const before = await expectJson(await call('GET', '/v1/remittance'), 200, remittanceListSchema);
    expect(before.data[0]).toMatchObject({
      status: 'processing',
      executedAt: null,
      failureCode: null,
      failureMessage: null,
      otp: null,
    });
    expect(before.data[0]?.walletId).toMatch(/^wal_/);
    expect(before.data[0]?.transactionId).toMatch(/^txn_/);
    expect(before.data[0]?.externalId).toMatch(/^ext_/);
    expect(before.data[0]?.financialTransactionId).toMatch(/^\d{10}$/);
    clock.advance(1);
    const after = await expectJson(await call('GET', '/v1/remittance'), 200, remittanceListSchema);
    const executedAt = '2025-03-10T10:00:05.000+01:00';
    expect(after.data[0]).toMatchObject({
      status: 'succeeded',
      executedAt,
      updatedAt: executedAt,
      shouldExecutedAt: executedAt,
    });
  });

  it('answers an empty first page when there is nothing', async () => {
    const { call } = setup();
    const list = await expectJson(await call('GET', '/v1/remittance'), 200, remittanceListSchema);
    expect(list).toEqual({
      meta: {
        total: 0,
        perPage: 10,
        currentPage: 1,
        lastPage: 1,
        firstPage: 1,
        firstPageUrl: '/?page=1',
        lastPageUrl: '/?page=1',
        nextPageUrl: null,
        previousPageUrl: null,
      },
      data: [],
    });
  });

  async function withRemittances(count: number) {
    const context = setup();
    for (let i = 1; i <= count; i += 1) {
      await context.call('POST', '/v1/remittance', { body: transferBody({ amount: String(i) }) });
      context.clock.advance(1000);
    }
    return context;
  }

  it('pages 25 remittances newest first, 10 per page by default', async () => {
    const { call } = await withRemittances(25);
    const pages = [];
    for (const page of [1, 2, 3])
      pages.push(await expectJson(await call('GET', `/v1/remittance?page=${page}`), 200, remittanceListSchema));
    expect(pages.map((p) => p.data.map((r) => r.amount))).toEqual([
      [25, 24, 23, 22, 21, 20, 19, 18, 17, 16],
      [15, 14, 13, 12, 11, 10, 9, 8, 7, 6],
      [5, 4, 3, 2, 1],
    ]);
    expect(pages.map((p) => p.meta)).toEqual(
      [1, 2, 3].map((n) => ({
        total: 25,
        perPage: 10,
        currentPage: n,
        lastPage: 3,
        firstPage: 1,
        firstPageUrl: '/?page=1',
        lastPageUrl: '/?page=3',
        nextPageUrl: n < 3 ? `/?page=${n + 1}` : null,
        previousPageUrl: n > 1 ? `/?page=${n - 1}` : null,
      })),
    );
  });

  it('takes perPage and carries it in the page urls', async () => {
    const { call } = await withRemittances(7);
    const list = await expectJson(await call('GET', '/v1/remittance?page=2&perPage=3'), 200, remittanceListSchema);
    expect(list.data.map((r) => r.amount)).toEqual([4, 3, 2]);
    expect(list.meta).toMatchObject({
      perPage: 3,
      currentPage: 2,
      lastPage: 3,
      firstPageUrl: '/?page=1&perPage=3',
      lastPageUrl: '/?page=3&perPage=3',
      nextPageUrl: '/?page=3&perPage=3',
      previousPageUrl: '/?page=1&perPage=3',
    });
  });

  it('accepts perPage from 1 to 100', async () => {
    const { call } = await withRemittances(3);
    const one = await expectJson(await call('GET', '/v1/remittance?perPage=1'), 200, remittanceListSchema);
    expect(one.data).toHaveLength(1);
    expect(one.meta.lastPage).toBe(3);
    const hundred = await expectJson(await call('GET', '/v1/remittance?perPage=100'), 200, remittanceListSchema);
    expect(hundred.data).toHaveLength(3);
    expect(hundred.meta.firstPageUrl).toBe('/?page=1&perPage=100');
  });

  it.each([
    ['perPage', 'perPage=101'],
    ['perPage', 'perPage=0'],
    ['perPage', 'perPage=ten'],
    ['page', 'page=0'],
    ['page', 'page=-1'],
    ['page', 'page=1.5'],
    ['page', 'page='],
  ])('refuses %s out of bounds (%s) with 400', async (field, query) => {
    const { call } = setup();
    await expectError(await call('GET', `/v1/remittance?${query}`), 400, 'invalid_request', field);
  });

  it('answers a page past the end with no data and a link back', async () => {
    const { call } = await withRemittances(3);
    const list = await expectJson(await call('GET', '/v1/remittance?page=5'), 200, remittanceListSchema);
    expect(list.data).toEqual([]);
    expect(list.meta).toMatchObject({ currentPage: 5, lastPage: 1, nextPageUrl: null, previousPageUrl: '/?page=1' });
  });
});

describe('POST /v1/disbursement', () => {
  it('creates a processing disbursement with 201', async () => {
    const { call } = setup();
    const number = testNumber('approved_after_delay', 'td', 'moov');
    const body = transferBody({
      amount: '2000',
      payment_method_data: { type: 'momo', momo: { country: 'td', msisdn: number.msisdn, operator_name: 'moov' } },
    });
    const disbursement = await expectJson(await call('POST', '/v1/disbursement', { body }), 201, disbursementSchema);
    expect(disbursement).toMatchObject({
      object: 'disbursement',
      amount: 2000,
      status: 'processing',
      country: 'td',
      operatorName: 'moov',
      phone: number.msisdn,
      type: 1,
    });
    expect(disbursement.id).toMatch(/^wt_[0-9A-Za-z]{24}$/);
    expect(Date.parse(disbursement.shouldExecutedAt) - Date.parse(disbursement.createdAt)).toBe(EXECUTION_MS);
  });

  it('is not listed among remittances', async () => {
    const { call } = setup();
    await call('POST', '/v1/disbursement', { body: transferBody() });
    expect((await expectJson(await call('GET', '/v1/remittance'), 200, remittanceListSchema)).meta.total).toBe(0);
  });

  it('refuses a missing first_name with 400 naming it', async () => {
    const { call } = setup();
    await expectError(
      await call('POST', '/v1/disbursement', { body: transferBody({ first_name: undefined }) }),
      400,
      'invalid_request',
      'first_name',
    );
  });

  it('follows executionMs from the options', async () => {
    const { call } = setup({ executionMs: 60_000 });
    const disbursement = await expectJson(
      await call('POST', '/v1/disbursement', { body: transferBody() }),
      201,
      disbursementSchema,
    );
    expect(Date.parse(disbursement.shouldExecutedAt)).toBe(START + 60_000);
  });
});
