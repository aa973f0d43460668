// @vitest-environment node
// Every answer of every endpoint the interface documents, in every state the sandbox can put a
// record in, parsed with schemas written from the interface document alone (./interface-schemas).
// Run twice: with the sandbox's extensions, which may add only the fields named below, and as a
// bare service, which adds none.
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createSandbox } from '../../src/sandbox';
import {
  confirmResult,
  dateTime,
  disbursement,
  paymentIntent,
  remittance,
  remittanceCreated,
  remittanceList,
  sessionCreated,
} from './interface-schemas';

const TOKEN = 'sk_test_contract';
const BASE = 'http://sandbox.test';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Test numbers of the sandbox (docs/sandbox.md): Congo MTN, the last two digits choose the outcome. */
const MSISDN = {
  approves: '242061234500',
  declines: '242061234590',
  atOnce: '242061234593',
  operatorDown: '242061234594',
};

/** The profile of the merchant who is paid (docs/sandbox.md, "Extensions to the interface"). */
const merchant = z.strictObject({
  name: z.string().min(1),
  logo_url: z.url().nullable(),
  support_email: z.string().nullable(),
  support_phone: z.string().nullable(),
});

/** What the payer does next about a pending attempt (docs/sandbox.md, "Extensions to the interface", and docs/decisions.md). */
const nextAction = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('approve_on_phone'),
    approve_on_phone: z.strictObject({ ussd_code: z.string().nullable(), expires_at: dateTime }),
  }),
  z.strictObject({
    type: z.literal('enter_otp'),
    enter_otp: z.strictObject({ dial_code: z.string().nullable(), length: z.number().int(), expires_at: dateTime }),
  }),
  z.strictObject({
    type: z.literal('open_wallet'),
    open_wallet: z.strictObject({ url: z.url(), expires_at: dateTime }),
  }),
]);

/** A confirm's answer: with the extensions, what the payer does next. */
const confirmResultSchema = (extensions: boolean) =>
  extensions ? confirmResult.extend({ next_action: nextAction.nullable() }) : confirmResult;

/** The fields the sandbox's extensions add (docs/sandbox.md, "Extensions to the interface"). */
const INTENT_EXTENSIONS = {
  approval_expires_at: dateTime.nullable(),
  merchant: merchant.nullable(),
  next_action: nextAction.nullable(),
  /** The payment's short reference: 6 of Crockford's base32 characters, grouped 3 and 3. */
  reference: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{3}-[0-9A-HJKMNP-TV-Z]{3}$/),
  /** On the payer's reads only: the wallets of the intent's currency that are not up (docs/sandbox.md). */
  availability: z
    .array(
      z.strictObject({
        country: z.string().regex(/^[a-z]{2}$/),
        operator_name: z.string(),
        status: z.enum(['slow', 'down']),
        delay_seconds: z.number().int().positive().nullable(),
      }),
    )
    .optional(),
};

/**
 * Where the interface shows a field only as a paid intent has it, the sandbox answers null before
 * the record it names exists (docs/decisions.md): `charge_id` before the first attempt,
 * `payout_id` before the payment succeeds. Everywhere else, the interface's own schema.
 */
function intentSchema(extensions: boolean, paid: boolean) {
  const strict = extensions ? paymentIntent.extend(INTENT_EXTENSIONS) : paymentIntent;
  if (paid) return strict;
  return strict
    .extend({ charge_id: paymentIntent.shape.charge_id.nullable(), payout_id: z.null() })
    .refine(
      (intent) => (intent.charge_id === null) === (intent.event.charges.length === 0),
      'charge_id is null only before the first charge',
    );
}

/** A remittance still processing has not been executed: `executedAt` is null until it is (docs/sandbox.md). */
const processingRemittance = remittance.extend({ status: z.literal('processing'), executedAt: z.null() });

function bed(extensions: boolean) {
  let now = Date.UTC(2026, 2, 10, 9, 0, 0);
  const sandbox = createSandbox({ now: () => now, extensions, env: {}, confirmRateLimit: false });
  async function call(method: string, path: string, body?: unknown, token: string | null = TOKEN) {
    const headers: Record<string, string> = body === undefined ? {} : { 'Content-Type': 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await sandbox.fetch(
      new Request(BASE + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    );
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    return { status: response.status, body: (await response.json()) as unknown };
  }
  /** Parses an answer with an interface schema, failing with the first field it breaks. */
  async function answer<S extends z.ZodType>(
    pending: ReturnType<typeof call>,
    status: number,
    schema: S,
  ): Promise<z.output<S>> {
    const { status: got, body } = await pending;
    expect(got, JSON.stringify(body)).toBe(status);
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new Error(`${JSON.stringify(body)}\n${z.prettifyError(parsed.error)}`);
    return parsed.data;
  }
  const advance = (ms: number) => {
    now += ms;
  };
  return { call, answer, advance };
}

const payer = (clientSecret: string, msisdn: string) => ({
  client_secret: clientSecret,
  first_name: 'Awa',
  last_name: 'Ndong',
  receipt_email: 'awa@example.cg',
  payment_method_data: { type: 'momo', momo: { country: 'cg', msisdn, operator_name: 'mtn' } },
});

const transfer = (amount: string) => ({
  amount,
  first_name: 'Jean',
  last_name: 'Mabiala',
  currency: 'xaf',
  metadata: { payroll: 'march' },
  payment_method_data: { type: 'momo', momo: { country: 'cg', msisdn: MSISDN.approves, operator_name: 'mtn' } },
});

const session = {
  total: 12_500,
  currency: 'xaf',
  accountId: 'acct_shop',
  successUrl: 'https://shop.example.cg/merci',
  cancelUrl: 'https://shop.example.cg/panier',
  metadata: { order: 'A-17' },
  items: [
    { productId: 'prt_wax', quantity: 1, price: 10_000, productName: 'Pagne wax' },
    { productId: 'prt_soap', quantity: 2, price: 1_250, productName: 'Savon noir' },
  ],
};

describe.each([
  ['with its extensions', true],
  ['as a bare service', false],
])('the sandbox %s answers what the interface documents', (_label, extensions) => {
  it('GET /v1/payment-intents/{id} in every state, without a token, and every confirm result (200)', async () => {
    const { call, answer, advance } = bed(extensions);
    const created = await answer(
      call('POST', '/v1/payment-intents', { amount: 5000, currency: 'xaf' }),
      201,
      intentSchema(extensions, false),
    );
    const read = (id: string, paid = false) =>
      answer(call('GET', `/v1/payment-intents/${id}`, undefined, null), 200, intentSchema(extensions, paid));
    const confirm = (msisdn: string) =>
      answer(
        call('POST', `/v1/payment-intents/${created.intent_id}/confirm`, payer(created.client_secret, msisdn), null),
        200,
        confirmResultSchema(extensions),
      );

    // The secret is a required string of the read, shown without an Authorization header.
    expect((await read(created.intent_id)).client_secret).toBe(created.client_secret);
    expect(await confirm(MSISDN.operatorDown)).toMatchObject({ status: 'failed', captured: false });
    expect(await read(created.intent_id)).toMatchObject({ status: 'requires_payment_method' });
    expect(await confirm(MSISDN.declines)).toMatchObject({ status: 'pending' });
    expect(await read(created.intent_id)).toMatchObject({ status: 'pending' });
    advance(5_000);
    expect((await read(created.intent_id)).event.charges.map((charge) => charge.status)).toEqual(['failed', 'failed']);
    expect(await confirm(MSISDN.approves)).toMatchObject({ status: 'pending' });
    advance(5_000);
    // The sample's state: a paid intent with its charge and payout records, by the interface alone.
    const paid = await read(created.intent_id, true);
    expect(paid).toMatchObject({ status: 'succeeded', live_mode: 0 });
    expect(paid.event.payouts).toHaveLength(1);

    const atOnce = await answer(
      call('POST', '/v1/payment-intents', { amount: 700, currency: 'xaf' }),
      201,
      intentSchema(extensions, false),
    );
    const result = await answer(
      call('POST', `/v1/payment-intents/${atOnce.intent_id}/confirm`, payer(atOnce.client_secret, MSISDN.atOnce), null),
      200,
      confirmResultSchema(extensions),
    );
    expect(result).toMatchObject({ status: 'succeeded', captured: true });
    await read(atOnce.intent_id, true);
  });

  it('POST /v1/sessions answers 200 with a JSON object; its intent, canceled when the session ends, still reads as documented', async () => {
    const { call, answer, advance } = bed(extensions);
    const created = await answer(call('POST', '/v1/sessions', session), 200, sessionCreated);
    const intentId = z.object({ paymentIntentId: z.string() }).parse(created).paymentIntentId;
    advance(DAY_MS);
    const canceled = await answer(
      call('GET', `/v1/payment-intents/${intentId}`, undefined, null),
      200,
      intentSchema(extensions, false),
    );
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'expired' });
  });

  it("GET /v1/payment-intents/{id} of a merchant with a profile (an extension's call; a bare service has none)", async () => {
    const { call, answer } = bed(extensions);
    const profile = { name: 'Boutique Awa', support_email: 'aide@boutique-awa.cg' };
    expect((await call('PUT', '/v1/_sandbox/merchant', profile)).status).toBe(extensions ? 200 : 404);
    const created = await answer(
      call('POST', '/v1/payment-intents', { amount: 5000, currency: 'xaf' }),
      201,
      intentSchema(extensions, false),
    );
    const read = await answer(
      call('GET', `/v1/payment-intents/${created.intent_id}`, undefined, null),
      200,
      intentSchema(extensions, false),
    );
    if (extensions) expect(read).toMatchObject({ merchant: { ...profile, logo_url: null, support_phone: null } });
    else expect(read).not.toHaveProperty('merchant');
  });

  it('remittances (created, listed while processing and once executed, page by page) and disbursements', async () => {
    const { call, answer, advance } = bed(extensions);
    for (let i = 1; i <= 12; i++)
      await answer(call('POST', '/v1/remittance', transfer(String(1000 * i))), 201, remittanceCreated);
    const processing = await answer(call('GET', '/v1/remittance'), 200, remittanceList(processingRemittance));
    expect(processing.meta).toMatchObject({ total: 12, perPage: 10, currentPage: 1, lastPage: 2, firstPage: 1 });
    advance(10_000);
    const second = await answer(call('GET', '/v1/remittance?page=2'), 200, remittanceList(remittance));
    expect(second.data.map((item) => item.status)).toEqual(['succeeded', 'succeeded']);
    const made = await answer(
      call('POST', '/v1/disbursement', { ...transfer('2500'), metadata: undefined }),
      201,
      disbursement,
    );
    expect(made.status).toBe('processing');
  });
});
