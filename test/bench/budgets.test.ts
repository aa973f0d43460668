// @vitest-environment node
// The bench's gate (bench/budgets.ts), which decides whether CI passes: an exact budget missed fails
// it; a timed budget missed short of its alarm is OVER and does not, unless --strict; past its alarm
// it fails; a figure that is no measurement fails whatever its kind.
import { describe, expect, it } from 'vitest';
import { budget, budgetAtLeast, failing, formatBudgets, timed, verdict } from '../../bench/budgets';

const exact = (actual: number) => budget('bytes', actual, 100, 'bytes');
const timedMs = (actual: number, alarmOn?: number) => timed(budget('load', actual, 1000, 'ms'), 1500, alarmOn);
const score = (actual: number) => timed(budgetAtLeast('score', actual, 95, 'points'), 80);

describe('the bench’s gate', () => {
  it('fails CI on an exact budget missed by one unit, and passes it when met', () => {
    expect(verdict(exact(101))).toBe('FAIL');
    expect(failing([exact(101)], false)).toHaveLength(1);
    expect(verdict(exact(100))).toBe('PASS');
    expect(failing([exact(100)], false)).toEqual([]);
  });

  it('says OVER for a timed budget missed short of its alarm: CI goes on, --strict fails', () => {
    const over = timedMs(1200);
    expect(verdict(over)).toBe('OVER');
    expect(failing([over], false)).toEqual([]);
    expect(failing([over], true)).toEqual([over]);
  });

  it('fails CI on a timed budget past its alarm', () => {
    expect(verdict(timedMs(1501))).toBe('FAIL');
    expect(failing([timedMs(1501)], false)).toHaveLength(1);
  });

  it('holds a score the other way round: below the budget is OVER, below the alarm fails', () => {
    expect(verdict(score(96))).toBe('PASS');
    expect(verdict(score(90))).toBe('OVER');
    expect(failing([score(90)], false)).toEqual([]);
    expect(verdict(score(79))).toBe('FAIL');
    expect(failing([score(79)], false)).toHaveLength(1);
  });

  it('judges the median run against the alarm where the budget is every run’s', () => {
    // The worst run is past the alarm, the median is not: one busy moment, OVER.
    expect(verdict(timedMs(1600, 900))).toBe('OVER');
    expect(failing([timedMs(1600, 900)], false)).toEqual([]);
    // The median past the alarm: every run is slow, a regression.
    expect(verdict(timedMs(1700, 1600))).toBe('FAIL');
  });

  it('fails a figure that is no measurement: NaN, or the worst of no runs', () => {
    for (const figure of [Number.NaN, Math.max(), Math.min()]) {
      expect(verdict(exact(figure))).toBe('FAIL');
      expect(verdict(timedMs(figure))).toBe('FAIL');
      expect(failing([timedMs(figure)], false)).toHaveLength(1);
    }
    expect(verdict(timedMs(900, Number.NaN))).toBe('FAIL');
  });

  it('prints each verdict with its budget and, for a timed one, its alarm', () => {
    const text = formatBudgets([exact(90), timedMs(1200, 1100)]);
    expect(text).toContain('PASS  bytes: 0.09 KB (budget ≤ 0.10 KB)');
    expect(text).toContain(
      "OVER  load: 1200 ms (budget ≤ 1000 ms; timed, CI's alarm ≤ 1500 ms on the median run, 1100 ms)",
    );
  });
});
