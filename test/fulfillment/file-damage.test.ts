// @vitest-environment node
// Damage is contained (issue 28): a payment's file of the file store cut short, not JSON, not the
// shape fulfillment writes, or named like no payment is set aside in damaged/ (kept, with why),
// named by `damaged()` and told once to onError — and every other payment goes on being told.
import { readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DamagedRecordError } from '../../src/fulfillment';
import { bed, drain } from './support/bed';

const MINUTE = 60_000;

async function fivePaid() {
  const t = bed();
  const errors: unknown[] = [];
  const a = t.fulfillment({ onError: (error) => errors.push(error) });
  const b = t.fulfillment({ onError: (error) => errors.push(error) });
  const sessions = [];
  for (let i = 0; i < 5; i++) {
    const session = await t.newSession(`CMD-${i}`);
    await a.follow(session);
    await t.pay(session.paymentIntentId, 'approved_at_once');
    sessions.push(session);
  }
  const ids = sessions.map((s) => s.paymentIntentId);
  const file = (id: string) => join(t.dir, 'open', `${id}.json`);
  return { t, a, b, errors, ids, file };
}

describe('a damaged file of the file store', () => {
  it('cut to 40 bytes, not JSON, not a payment’s shape, or named like no payment: each set aside and told once; the others are paid', async () => {
    const { t, a, b, errors, ids, file } = await fivePaid();
    const [cut, garbled, misshapen, ...healthy] = ids as [string, string, string, ...string[]];
    const original = readFileSync(file(cut), 'utf8');
    truncateSync(file(cut), 40);
    writeFileSync(file(garbled), 'this is not JSON');
    writeFileSync(file(misshapen), JSON.stringify({ ...JSON.parse(original), intentId: misshapen, checks: 'many' }));
    writeFileSync(join(t.dir, 'open', 'notes.json'), '{}');
    t.advance(MINUTE);
    // Two processes on the store at once: each record is set aside by one, and told once.
    await drain(a, b);
    t.advance(MINUTE);
    await drain(a, b);
    expect(t.calls.map((e) => e.intentId).sort()).toEqual([...healthy].sort());
    expect(t.calls.every((e) => e.kind === 'paid')).toBe(true);

    const damaged = await a.damaged();
    expect(damaged.map((d) => d.intentId).sort()).toEqual([cut, garbled, misshapen, 'notes'].sort());
    const why = Object.fromEntries(damaged.map((d) => [d.intentId, d.reason]));
    expect(why[cut]).toMatch(/^not JSON: /);
    expect(why[garbled]).toMatch(/^not JSON: /);
    expect(why[misshapen]).toBe('invalid field: checks');
    expect(why.notes).toBe('not a payment’s file name');
    // Kept as they were, beside a note of why; out of open/.
    const kept = damaged.find((d) => d.intentId === cut);
    expect(readFileSync(kept?.kept as string, 'utf8')).toBe(original.slice(0, 40));
    expect(readFileSync(`${kept?.kept}.why`, 'utf8')).toMatch(/^not JSON/);
    expect(readdirSync(join(t.dir, 'open'))).toEqual([]);

    const told = errors.filter((e): e is DamagedRecordError => e instanceof DamagedRecordError);
    expect(told.map((e) => e.record.intentId).sort()).toEqual([cut, garbled, misshapen, 'notes'].sort());
    expect(told.every((e) => e.code === 'MOMO_FULFILLMENT_DAMAGED' && e.message.includes(e.record.kept))).toBe(true);
    expect(errors.filter((e) => !(e instanceof DamagedRecordError))).toEqual([]);
  });

  it('is not followed again when the shop follows it again (its record is set aside: the shop’s to check)', async () => {
    const { t, a, errors, ids, file } = await fivePaid();
    const [cut] = ids as [string];
    truncateSync(file(cut), 40);
    t.advance(MINUTE);
    await drain(a);
    expect(t.calls).toHaveLength(4);
    await a.follow({ intentId: cut });
    t.advance(MINUTE);
    await drain(a);
    expect(t.calls).toHaveLength(4);
    expect(errors.filter((e) => e instanceof DamagedRecordError)).toHaveLength(1);
    expect(await a.get(cut)).toBeUndefined();
  });

  it('found by get or list rather than a pass: set aside all the same, and told at the next pass', async () => {
    const { t, a, errors, ids, file } = await fivePaid();
    const [cut] = ids as [string];
    writeFileSync(file(cut), '{"intentId":');
    expect(await a.get(cut)).toBeUndefined();
    const listed = [];
    for await (const p of a.inDoubt()) listed.push(p);
    expect(listed).toEqual([]);
    t.advance(MINUTE);
    await drain(a);
    expect(errors.filter((e) => e instanceof DamagedRecordError).map((e) => e.record.intentId)).toEqual([cut]);
    expect(t.calls).toHaveLength(4);
  });
});
