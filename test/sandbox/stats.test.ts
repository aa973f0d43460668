// @vitest-environment node
// sandbox.stats(): what the sandbox decided, whatever a fault did to the answer afterwards.
import { describe, expect, it } from 'vitest';
import { setup, setupFaults, testNumber } from './helpers';

const approved = testNumber('approved_after_delay');

describe('sandbox.stats', () => {
  it('counts records', async () => {
    const { sandbox, newIntent } = setup();
    expect(sandbox.stats()).toEqual({
      intents: 0,
      sessions: 0,
      remittances: 0,
      disbursements: 0,
      bytes: 0,
      confirms: {},
    });
    await newIntent();
    expect(sandbox.stats().intents).toBe(1);
  });

  it('counts each intent’s confirm answers: accepted, replayed, refused', async () => {
    const { sandbox, newIntent, confirm } = setup();
    const intent = await newIntent();
    const key = { 'Idempotency-Key': 'pay-1' };
    await confirm(intent, approved, {}, key);
    await confirm(intent, approved, {}, key);
    await confirm(intent, approved);
    await confirm({ ...intent, client_secret: `${intent.client_secret}x` }, approved);
    expect(sandbox.stats().confirms).toEqual({
      [intent.intent_id]: { accepted: 1, replayed: 1, refused: 2, rateLimited: 0 },
    });
  });

  it('ignores confirms of intents that do not exist', async () => {
    const { sandbox, confirm, newIntent } = setup();
    const intent = await newIntent();
    await confirm({ intent_id: 'pi_nothing', client_secret: intent.client_secret }, approved);
    expect(sandbox.stats().confirms).toEqual({});
  });

  it('counts an accepted confirm whose answer a fault lost, and none for one a fault stopped', async () => {
    const { sandbox, faults, newIntent, confirm, readIntent } = setupFaults();
    const lost = await newIntent();
    const stopped = await newIntent();
    faults.inject({
      route: 'POST /v1/payment-intents/:id/confirm',
      kind: 'http_error',
      when: 'after',
      times: 'always',
    });
    await confirm(lost, approved);
    faults.clear();
    faults.inject({ route: 'POST /v1/payment-intents/:id/confirm', kind: 'http_error', when: 'before' });
    await confirm(stopped, approved);
    expect(sandbox.stats().confirms).toEqual({
      [lost.intent_id]: { accepted: 1, replayed: 0, refused: 0, rateLimited: 0 },
    });
    expect((await readIntent(lost.intent_id)).event.charges).toHaveLength(1);
  });

  it('returns a copy: changing it changes nothing', async () => {
    const { sandbox, newIntent, confirm } = setup();
    const intent = await newIntent();
    await confirm(intent, approved);
    const stats = sandbox.stats();
    const counts = stats.confirms[intent.intent_id];
    if (counts) counts.accepted = 99;
    expect(sandbox.stats().confirms[intent.intent_id]?.accepted).toBe(1);
  });
});
