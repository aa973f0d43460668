// @vitest-environment node
// GET /v1/availability (extension): each wallet's health, public and cacheable a short while; a
// wallet set slow or down as a fault is reported so, and the payer's reads of an intent carry the
// wallets not up of its currency's countries.
import { describe, expect, it } from 'vitest';
import { availabilitySchema, paymentIntentSchema, publicSessionSchema } from '../../../src/api/schemas';
import { COUNTRIES } from '../../../src/phone';
import { expectError, expectJson, sessionBody, setup, setupFaults } from '../helpers';

/** An availability answer: cacheable, so not the no-store JSON every other answer is (expectJson). */
async function availability(response: Response) {
  expect(response.status).toBe(200);
  return availabilitySchema.parse(await response.json());
}

const WALLETS = '/v1/_sandbox/faults/wallets';

describe('GET /v1/availability', () => {
  it('reports every wallet of every country up, without a key, cacheable for 30 s', async () => {
    const { call } = setup();
    const response = await call('GET', '/v1/availability', { token: null, headers: { Origin: 'https://shop.test' } });
    const body = await availability(response);
    expect(body.data).toHaveLength(COUNTRIES.reduce((n, c) => n + c.wallets.length, 0));
    expect(new Set(body.data.map((w) => w.status))).toEqual(new Set(['up']));
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=30');
    // A payer's page on another origin may read it.
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
  });

  it('?country=cg lists Congo’s wallets only; an unknown country is refused naming the field', async () => {
    const { call } = setup();
    const body = await availability(await call('GET', '/v1/availability?country=cg'));
    expect(body.data.map((w) => w.operator_name).sort()).toEqual(['airtel', 'mtn']);
    expect(new Set(body.data.map((w) => w.country))).toEqual(new Set(['cg']));
    await expectError(await call('GET', '/v1/availability?country=zz'), 400, 'invalid_request', 'country');
  });

  it('reports a wallet set slow (with its delay) or down, and up again once the faults are cleared', async () => {
    const { call } = setupFaults();
    expect(
      (await call('POST', WALLETS, { token: null, body: { country: 'cg', operator_name: 'mtn', status: 'down' } }))
        .status,
    ).toBe(201);
    const slow = await call('POST', WALLETS, {
      token: null,
      body: { country: 'ci', operator_name: 'orange', status: 'slow', delay_seconds: 300 },
    });
    expect(await slow.json()).toEqual({ country: 'ci', operator_name: 'orange', status: 'slow', delay_seconds: 300 });
    const read = async (country: string) =>
      (await availability(await call('GET', `/v1/availability?country=${country}`))).data;
    expect((await read('cg')).find((w) => w.operator_name === 'mtn')).toMatchObject({ status: 'down' });
    expect((await read('cg')).find((w) => w.operator_name === 'airtel')).toMatchObject({ status: 'up' });
    expect((await read('ci')).find((w) => w.operator_name === 'orange')).toEqual({
      country: 'ci',
      operator_name: 'orange',
      status: 'slow',
      delay_seconds: 300,
    });
    await call('DELETE', '/v1/_sandbox/faults', { token: null });
    expect(new Set((await read('cg')).map((w) => w.status))).toEqual(new Set(['up']));
  });

  it('is absent from a sandbox without its extensions, as from a bare service', async () => {
    const { call } = setup({ extensions: false });
    await expectError(await call('GET', '/v1/availability'), 404, 'not_found');
  });
});

describe("the payer's reads carry the wallets not up of the intent's currency", () => {
  it('on the intent and on the session, only the countries paying in its currency', async () => {
    const { call, newIntent, readIntent, faults } = setupFaults();
    faults.setWallet({ country: 'cg', operator_name: 'mtn', status: 'down' });
    // Senegal pays in XOF: never on an XAF intent.
    faults.setWallet({ country: 'sn', operator_name: 'wave', status: 'slow', delay_seconds: 600 });
    const intent = await newIntent(5000, 'xaf');
    expect((await readIntent(intent.intent_id)).availability).toEqual([
      { country: 'cg', operator_name: 'mtn', status: 'down', delay_seconds: null },
    ]);
    const session = (await (await call('POST', '/v1/sessions', { body: sessionBody() })).json()) as { id: string };
    const read = await expectJson(
      await call('GET', `/v1/sessions/${session.id}`, { token: null }),
      200,
      publicSessionSchema,
    );
    expect(read.paymentIntent?.availability).toEqual([
      { country: 'cg', operator_name: 'mtn', status: 'down', delay_seconds: null },
    ]);
  });

  it('every wallet up: an empty list; a bare sandbox: no field at all', async () => {
    const extended = setup();
    const intent = await extended.newIntent();
    expect((await extended.readIntent(intent.intent_id)).availability).toEqual([]);
    const bare = setup({ extensions: false });
    const bareIntent = await bare.newIntent();
    const body = await expectJson(
      await bare.call('GET', `/v1/payment-intents/${bareIntent.intent_id}`, { token: null }),
      200,
      paymentIntentSchema,
    );
    expect('availability' in body).toBe(false);
  });
});
