// @vitest-environment node
// The client's lists and reads (issue 21): a merchant's server walks its sessions and intents with
// `for await`, filtered as the service filters them, and reads a remittance or disbursement back.
import { describe, expect, it } from 'vitest';
import { createClient, isApiError } from '../../src/api';
import type { PaymentIntent } from '../../src/api/types';
import { createSandbox } from '../../src/sandbox';
import { numberFor } from '../support/checkout-bed';

const BASE = 'http://sandbox.test';
const TOKEN = 'sk_test_lists';

function setup() {
  let now = Date.UTC(2026, 10, 2, 9);
  const sandbox = createSandbox({ now: () => now, env: {}, checkoutBaseUrl: BASE });
  const paths: string[] = [];
  const fetch = (request: Request) => {
    paths.push(new URL(request.url).pathname + new URL(request.url).search);
    return sandbox.fetch(request);
  };
  return {
    merchant: createClient({ baseUrl: BASE, token: TOKEN, fetch }),
    other: createClient({ baseUrl: BASE, token: 'sk_test_someone_else', fetch }),
    paths,
    advance: (ms: number) => (now += ms),
  };
}

const items = [{ productId: 'prt_1', quantity: 1, price: 700, productName: 'Pagne' }];
const session = {
  total: 700,
  currency: 'xaf',
  accountId: 'acct_1',
  successUrl: 'https://shop.test/ok',
  cancelUrl: 'https://shop.test/no',
  metadata: { order: 'o-1' },
  items,
};
const transfer = () => {
  const number = numberFor('approved_after_delay');
  return {
    amount: '1500',
    first_name: 'Jean',
    last_name: 'Mabiala',
    currency: 'xaf',
    payment_method_data: {
      type: 'momo' as const,
      momo: { country: number.country, msisdn: number.msisdn, operator_name: number.operator },
    },
  };
};

describe('the client’s types', () => {
  it('type statuses and event kinds as unions of literals, and pass on a status they do not know', async () => {
    const { merchant } = setup();
    const intent = await merchant.createIntent({ amount: 100, currency: 'xaf' });
    // @ts-expect-error: a misspelt status does not compile.
    expect(intent.status === 'succeded').toBe(false);
    const known: 'requires_payment_method' | 'pending' | 'succeeded' | 'canceled' = intent.status;
    expect(known).toBe('requires_payment_method');
    const charge = intent.event.charges[0];
    // @ts-expect-error: nor does a misspelt event kind.
    expect(charge?.type === 'charge.succeeded').toBe(false);
  });
});

describe('client lists', () => {
  it('walks every intent across pages with for await, newest first, one read per page', async () => {
    const { merchant, paths, advance } = setup();
    const created: string[] = [];
    for (let i = 1; i <= 7; i++) {
      created.push((await merchant.createIntent({ amount: i * 100, currency: 'xaf' })).intent_id);
      advance(1000);
    }
    paths.length = 0;
    const seen: string[] = [];
    for await (const intent of merchant.eachIntent({ perPage: 3 })) seen.push(intent.intent_id);
    expect(seen).toEqual(created.slice().reverse());
    expect(paths).toEqual([
      '/v1/payment-intents?page=1&perPage=3',
      '/v1/payment-intents?page=2&perPage=3',
      '/v1/payment-intents?page=3&perPage=3',
    ]);
  });

  it('gives each intent once when one is created while the pages are walked', async () => {
    const { merchant } = setup();
    for (let i = 1; i <= 4; i++) await merchant.createIntent({ amount: i * 100, currency: 'xaf' });
    const seen: PaymentIntent[] = [];
    for await (const intent of merchant.eachIntent({ perPage: 2 })) {
      // Created during the walk: it pushes every older intent one place down the pages.
      if (seen.length === 0) await merchant.createIntent({ amount: 999, currency: 'xaf' });
      seen.push(intent);
    }
    const ids = seen.map((i) => i.intent_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(4);
  });

  it('filters by status and creation time (Date or text), as the types allow', async () => {
    const { merchant, advance } = setup();
    const from = new Date(Date.UTC(2026, 10, 2, 9) + 500);
    const first = await merchant.createSession(session);
    advance(1000);
    const second = await merchant.createSession(session);
    const open = [];
    for await (const s of merchant.eachSession({ status: ['open'], createdFrom: from })) open.push(s.id);
    expect(open).toEqual([second.id]);
    const page = await merchant.listSessions({ status: 'complete' });
    expect(page.meta.total).toBe(0);
    const before = await merchant.listIntents({ createdBefore: '2026-11-02T09:00:00.500Z' });
    expect(before.data.map((i) => i.intent_id)).toEqual([first.paymentIntentId]);
    // @ts-expect-error: a status no session has does not compile.
    await expect(merchant.listSessions({ status: 'paid' })).rejects.toMatchObject({ status: 400, field: 'status' });
  });

  it('another token lists none of them', async () => {
    const { merchant, other } = setup();
    await merchant.createSession(session);
    await merchant.createIntent({ amount: 100, currency: 'xaf' });
    const theirs = [];
    for await (const intent of other.eachIntent()) theirs.push(intent);
    for await (const s of other.eachSession()) theirs.push(s);
    expect(theirs).toEqual([]);
  });

  it('reads a remittance and a disbursement back; another token gets 404', async () => {
    const { merchant, other } = setup();
    const remittance = await merchant.createRemittance(transfer());
    const disbursement = await merchant.createDisbursement(transfer());
    expect(await merchant.getRemittance(remittance.id)).toMatchObject({
      id: remittance.id,
      amount: 1500,
      status: 'processing',
    });
    expect(await merchant.getDisbursement(disbursement.id)).toEqual(disbursement);
    const refused = await other.getRemittance(remittance.id).catch((error: unknown) => error);
    expect(isApiError(refused) && refused.status).toBe(404);
    const all = [];
    for await (const r of merchant.eachRemittance()) all.push(r.id);
    expect(all).toEqual([remittance.id]);
  });
});
