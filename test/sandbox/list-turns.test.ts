// @vitest-environment node
// Lists take turns (src/sandbox/list-turns.ts): one page built per pass of the event loop, keys
// served round-robin, so a payer's read goes through between two pages instead of behind every list
// a key has in flight, and one key's many lists do not go in front of another key's.
import { describe, expect, it } from 'vitest';
import { ListTurns } from '../../src/sandbox/list-turns';
import { setup } from './helpers';

describe('list turns', () => {
  it('serves one list at a time, the keys waiting round-robin, each key’s lists in arrival order', async () => {
    const turns = new ListTurns();
    const served: string[] = [];
    const list = async (name: string) => {
      await turns.take(name[0] as string);
      served.push(name);
      turns.done();
    };
    await Promise.all(['a1', 'a2', 'a3', 'a4', 'b1', 'c1', 'b2'].map(list));
    expect(served).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'b2', 'a4']);
    expect(turns.size).toBe(0);
    // Idle again once the last turn has ended (on the next pass): the next list is served at once.
    await new Promise(setImmediate);
    let now = false;
    void turns.take('z').then(() => {
      now = true;
    });
    await Promise.resolve();
    expect(now).toBe(true);
    turns.done();
  });

  it('while lists keep coming, pauses as long as the pages took after every 2 ms of them: lists get at most half the time', async () => {
    const turns = new ListTurns();
    const spans: [number, number][] = [];
    const list = async () => {
      await turns.take('flood');
      const start = performance.now();
      while (performance.now() - start < 1); // a 1 ms page
      spans.push([start, performance.now()]);
      turns.done();
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: 20 }, list));
    const busy = spans.reduce((sum, [from, to]) => sum + (to - from), 0);
    const elapsed = performance.now() - started;
    expect(busy).toBeGreaterThanOrEqual(20);
    // About half: the pauses are at least as long as the pages before them.
    expect(busy / elapsed).toBeLessThanOrEqual(0.55);
    const gaps = spans.slice(1).map(([from], i) => from - (spans[i] as [number, number])[1]);
    expect(gaps.filter((gap) => gap >= 2)).not.toHaveLength(0);
  });

  it('a payer’s read is answered before a key’s 32 lists in flight, and an error in a list still ends its turn', async () => {
    const { call, newIntent, readIntent } = setup({ listRateLimit: false });
    const payers = await newIntent();
    for (let i = 0; i < 200; i += 1)
      await call('POST', '/v1/payment-intents', { token: 'sk_test_big', body: { amount: 1000, currency: 'xaf' } });
    const order: string[] = [];
    const lists = Array.from({ length: 32 }, (_, i) =>
      call('GET', `/v1/payment-intents?perPage=100${i === 0 ? '&page=x' : ''}`, { token: 'sk_test_big' }).then(
        (response) => {
          order.push(`list ${response.status}`);
        },
      ),
    );
    const read = readIntent(payers.intent_id).then(() => order.push('read'));
    await Promise.all([...lists, read]);
    // The first list had its turn at once (and failed: 400); the read went before every other.
    expect(order.indexOf('read')).toBeLessThanOrEqual(1);
    expect(order.filter((o) => o === 'list 200')).toHaveLength(31);
    expect(order).toContain('list 400');
    // Every turn ended: the next list is served.
    expect((await call('GET', '/v1/payment-intents', { token: 'sk_test_big' })).status).toBe(200);
  });
});
