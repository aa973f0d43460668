// @vitest-environment node
// At most 20 attempts per intent: a flood of failed attempts (1 000 in 0.6 s from 100 addresses)
// grew one intent to 540 KB and slowed every read. The 20th failure cancels the intent.
import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS } from '../../src/sandbox/intent-lifecycle';
import { expectError, setup, testNumber } from './helpers';

const down = testNumber('operator_unavailable');
const from = (i: number) => ({ 'X-Forwarded-For': `198.51.100.${i}` });

describe('attempts per intent', () => {
  it('are capped at 20: the 20th failure cancels the intent, and a confirm answers 409 too_many_attempts', async () => {
    const { newIntent, confirm, readIntent, clock, sandbox } = setup({ trustProxy: true });
    const intent = await newIntent();
    expect(MAX_ATTEMPTS).toBe(20);
    for (let i = 0; i < MAX_ATTEMPTS; i += 1) {
      expect((await confirm(intent, down, {}, from(i))).status).toBe(200);
      clock.advance(10);
    }
    const read = await readIntent(intent.intent_id);
    expect(read).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'too_many_attempts',
      canceled_at: read.event.charges.at(-1)?.updated_at,
    });
    expect(read.event.charges).toHaveLength(MAX_ATTEMPTS);
    for (let i = 0; i < 50; i += 1) {
      const error = await expectError(
        await confirm(intent, testNumber('approved_at_once'), {}, from(100 + i)),
        409,
        'too_many_attempts',
      );
      expect(error.message).toBe(
        'This payment intent has had 20 payment attempts, the most it may have; it is canceled.',
      );
    }
    expect((await readIntent(intent.intent_id)).event.charges).toHaveLength(MAX_ATTEMPTS);
    expect(sandbox.stats().confirms[intent.intent_id]).toMatchObject({ accepted: MAX_ATTEMPTS, refused: 50 });
  });

  it('lets the 20th attempt pay: only a failure past the last allowed one ends the intent', async () => {
    const { newIntent, confirm, readIntent, clock } = setup({ trustProxy: true });
    const intent = await newIntent();
    for (let i = 0; i < MAX_ATTEMPTS - 1; i += 1) await confirm(intent, down, {}, from(i));
    expect((await confirm(intent, testNumber('approved_after_delay'), {}, from(99))).status).toBe(200);
    clock.advance(4000);
    expect(await readIntent(intent.intent_id)).toMatchObject({ status: 'succeeded', cancellation_reason: null });
  });
});
