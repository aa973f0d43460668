// @vitest-environment node
// `extensions: false`: the sandbox plays a service with none of its extensions, so the checkout
// can be proven against what the interface alone promises.
import { describe, expect, it } from 'vitest';
import { paymentIntentSchema, sessionSchema } from '../../src/api/schemas';
import { createSandbox } from '../../src/sandbox';
import { APPROVAL_MS, expectError, expectJson, sessionBody, setup, testNumber, transferBody } from './helpers';

describe('a bare service (extensions: false)', () => {
  it('reads an intent without approval_expires_at and without the payment method detail', async () => {
    const { newIntent, confirm, call } = setup({ extensions: false });
    const intent = await newIntent();
    expect(intent).not.toHaveProperty('approval_expires_at');
    expect((await confirm(intent, testNumber('approved_after_delay'))).status).toBe(200);
    const raw = (await (
      await call('GET', `/v1/payment-intents/${intent.intent_id}`, { token: null })
    ).json()) as Record<string, unknown>;
    expect(raw).not.toHaveProperty('approval_expires_at');
    expect(raw).toMatchObject({ status: 'pending', payment_method: null });
    expect(paymentIntentSchema.safeParse(raw).success).toBe(true);
  });

  it('ignores Idempotency-Key: a repeated confirm meets the attempt it started, a repeated creation creates again', async () => {
    const { newIntent, confirm, call, clock } = setup({ extensions: false });
    const intent = await newIntent();
    const headers = { 'Idempotency-Key': 'same-key' };
    expect((await confirm(intent, testNumber('approved_after_delay'), {}, headers)).status).toBe(200);
    await expectError(
      await confirm(intent, testNumber('approved_after_delay'), {}, headers),
      409,
      'payment_in_progress',
    );
    clock.advance(APPROVAL_MS);
    const [one, two] = await Promise.all(
      [1, 2].map(async () => (await call('POST', '/v1/remittance', { body: transferBody(), headers })).json()),
    );
    expect((one as { id: string }).id).not.toBe((two as { id: string }).id);
    // Even a key the extension would refuse is only a header it does not know.
    expect(
      (await call('POST', '/v1/remittance', { body: transferBody(), headers: { 'Idempotency-Key': '' } })).status,
    ).toBe(201);
  });

  it('has no GET /v1/sessions/{id}: 404, while creating a session still answers its record', async () => {
    const { call } = setup({ extensions: false });
    const session = await expectJson(await call('POST', '/v1/sessions', { body: sessionBody() }), 200, sessionSchema);
    await expectError(await call('GET', `/v1/sessions/${session.id}`, { token: null }), 404, 'not_found');
  });

  it.each([
    ['0', 404],
    ['1', 200],
    ['', 200],
  ])('is chosen by SANDBOX_EXTENSIONS=%j (a session read answers %i)', async (value, status) => {
    const { call, sandbox } = setup({ env: { SANDBOX_EXTENSIONS: value } });
    const session = await expectJson(await call('POST', '/v1/sessions', { body: sessionBody() }), 200, sessionSchema);
    expect((await sandbox.fetch(new Request(`http://sandbox.test/v1/sessions/${session.id}`))).status).toBe(status);
  });

  it('refuses a SANDBOX_EXTENSIONS that is not 1 or 0 at creation', () => {
    expect(() => createSandbox({ env: { SANDBOX_EXTENSIONS: 'maybe' } })).toThrow(RangeError);
  });
});
