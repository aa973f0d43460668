// @vitest-environment node
// The sandbox's health report: every wallet up but those set otherwise, and what an intent carries.
import { describe, expect, it } from 'vitest';
import { availabilityOf, notUpIn } from '../../src/sandbox/availability';
import { WalletFaults } from '../../src/sandbox/faults/wallets';

describe('availabilityOf', () => {
  it("lists a country's wallets, the one set down as down and the others up", () => {
    const faults = new WalletFaults();
    faults.put({ country: 'cg', operator_name: 'mtn', status: 'down', delay_seconds: null });
    expect(availabilityOf(faults, 'cg')).toEqual([
      { country: 'cg', operator_name: 'mtn', status: 'down', delay_seconds: null },
      { country: 'cg', operator_name: 'airtel', status: 'up', delay_seconds: null },
    ]);
    expect(availabilityOf(undefined, 'cg').every((w) => w.status === 'up')).toBe(true);
  });
});

describe('notUpIn', () => {
  it("keeps the wallets not up of the currency's countries only", () => {
    const faults = new WalletFaults();
    faults.put({ country: 'cg', operator_name: 'mtn', status: 'down', delay_seconds: null });
    faults.put({ country: 'sn', operator_name: 'wave', status: 'slow', delay_seconds: 600 });
    expect(notUpIn(faults, 'xaf').map((w) => w.country)).toEqual(['cg']);
    expect(notUpIn(faults, 'xof').map((w) => w.country)).toEqual(['sn']);
    expect(notUpIn(undefined, 'xaf')).toEqual([]);
  });
});
