// The budgets of issue 5, in one place. A budget is checked against a measurement and either holds
// or fails with both numbers shown; nothing here loosens a limit to make a run pass.

export interface BudgetResult {
  name: string;
  /** What was measured, in `unit`. */
  actual: number;
  limit: number;
  unit: string;
  ok: boolean;
  /** The limit is a floor (a score): the budget holds when `actual` ≥ `limit`. */
  atLeast?: true;
  /** How the limit was derived or what the figure means, when the numbers alone do not say. */
  note?: string;
  /**
   * An open issue's goal, stricter than the enforced limit, not met yet: every run says how far
   * the figure is from it, and the limit only keeps it from getting worse meanwhile.
   */
  target?: number;
}

export const KB = 1024;

export const BUDGETS = {
  /** widget.js, everything in it (French and English, every country's phone data, styles), brotli. */
  widgetBrotli: 30 * KB,
  /** The hosted page's first load: HTML, JS, CSS (and fonts, if any), brotli, each file on its own. */
  hostedBrotli: 32 * KB,
  /** Slow-phone time to interactive, as a multiple of the floor for the same bytes and round trips. */
  ttiOverFloor: 1.5,
  /** Median time from the sandbox's success to the page showing it, default sandbox settings. */
  statusLatencyMedianMs: 1500,
  /** A payer's read under a flood of bad confirms and creations, p99 (issue 14: it took 284 ms at the median). */
  floodBystanderP99Ms: 250,
  /** Lighthouse (mobile), the hosted page: each category's score, median of 3 runs, out of 100. */
  accessibilityScore: 100,
  bestPracticesScore: 100,
} as const;

/**
 * Issue 12's goals that the page does not meet yet (see the README): each is printed with every
 * run, and a limit at today's level plus the measurement's spread keeps the figure from drifting
 * back while the work goes on. When a goal is met, it moves into BUDGETS and its limit goes.
 */
export const TARGETS = {
  /** Slow-phone time to interactive over its floor (issue 12: ≤ 1.15×, met by the hosted page, 1.04–1.08×, not yet by the widget, 1.20×; enforced: issue 5's 1.5×). */
  ttiOverFloor: { target: 1.15, limit: BUDGETS.ttiOverFloor },
  /** Lighthouse (mobile, simulated slow 4G): LCP, median of 3 runs (issue 12: ≤ 1.0 s; it was 1.34 s, 1.05–1.37 s now). */
  lcpMs: { target: 1000, limit: 1600 },
  /** Lighthouse performance score, median of 3 runs (issue 12: 100; 100 at the median now, single runs 98–100 with long tasks). */
  performanceScore: { target: 100, limit: 97 },
} as const;

export function budget(name: string, actual: number, limit: number, unit: string, note?: string): BudgetResult {
  return { name, actual, limit, unit, ok: actual <= limit, ...(note ? { note } : {}) };
}

/** A floor: the measurement must reach `min` (a score). */
export function budgetAtLeast(name: string, actual: number, min: number, unit: string, note?: string): BudgetResult {
  return { name, actual, limit: min, unit, ok: actual >= min, atLeast: true, ...(note ? { note } : {}) };
}

/** A figure held to `limit`, and measured against an unmet `target` (see TARGETS). */
export function budgetWithTarget(name: string, actual: number, { target, limit }: { target: number; limit: number }, unit: string, atLeast: boolean, note?: string): BudgetResult {
  return { ...(atLeast ? budgetAtLeast(name, actual, limit, unit, note) : budget(name, actual, limit, unit, note)), target };
}

const show = (value: number, unit: string) => (unit === 'bytes' ? `${(value / KB).toFixed(2)} KB` : `${Number.isInteger(value) ? value : value.toFixed(2)} ${unit}`);

export function formatBudgets(results: readonly BudgetResult[]): string {
  return results
    .map((r) => `${r.ok ? 'PASS' : 'FAIL'}  ${r.name}: ${show(r.actual, r.unit)} (budget ${r.atLeast ? '≥' : '≤'} ${show(r.limit, r.unit)})${targetNote(r)}${r.note ? ` — ${r.note}` : ''}`)
    .join('\n');
}

/** ", OVER TARGET ≤ 1000 ms by 290 ms" while a figure has not reached its goal; "" otherwise. */
function targetNote(r: BudgetResult): string {
  if (r.target === undefined) return '';
  const met = r.atLeast ? r.actual >= r.target : r.actual <= r.target;
  const gap = Math.abs(r.actual - r.target);
  return met ? `, target ${r.atLeast ? '≥' : '≤'} ${show(r.target, r.unit)} met` : `, OVER TARGET ${r.atLeast ? '≥' : '≤'} ${show(r.target, r.unit)} by ${show(Number(gap.toFixed(2)), r.unit)}`;
}
