// @vitest-environment node
// Every performance figure in the docs comes from the bench's results (issue 21): each block between
// its markers (docs/performance.md's table, the README's summary) is what bench/figures.ts writes
// from bench/results.json, never a hand copy.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLIENT_SECRET_PATTERN } from '../../src/api/schemas/client-secret';
import { ALARMS, BUDGETS, KB } from '../../bench/budgets';
import { BLOCKS, blockIn } from '../../bench/figures';
import type { BenchResults } from '../../bench/report';

const results = JSON.parse(readFileSync(new URL('../../bench/results.json', import.meta.url), 'utf8')) as BenchResults;

describe('the docs’ performance figures', () => {
  for (const block of BLOCKS) {
    it(`in ${block.file} are bench/results.json as bench/figures.ts writes them`, () => {
      const text = readFileSync(new URL(`../../${block.file}`, import.meta.url), 'utf8');
      const written = blockIn(text, block);
      expect(written, `${block.file} has no block between ${block.start} and ${block.end}`).not.toBeNull();
      expect(written).toBe(block.render(results));
    });
  }
});

// The bench's records are committed and read by anyone: Lighthouse's tables name the page's address,
// and an intent link's carries its client secret (a sandbox's, still a secret's shape). None stays.
describe('the bench’s committed records', () => {
  for (const file of ['bench/results.json', 'bench/results.md', 'docs/performance.md']) {
    it(`${file} holds no client secret nor secret key`, () => {
      const text = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
      expect(text.match(new RegExp(CLIENT_SECRET_PATTERN, 'g'))).toBeNull();
      expect(text.match(/sk_(?:test|live)_\w+/g)).toBeNull();
    });
  }
});

// The budgets table of docs/performance.md is written by hand, beside its prose: each row states the
// limit that bench/budgets.ts holds, and a timed budget's alarm.
describe('docs/performance.md › budgets', () => {
  const doc = readFileSync(new URL('../../docs/performance.md', import.meta.url), 'utf8');
  const header = '| Budget | Limit | Kind (CI’s alarm) |'.replace('’', "'");
  const rows = doc.slice(doc.indexOf(header), doc.indexOf('\n\n', doc.indexOf(header))).split('\n');
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const expected: [string, string[]][] = [
    ['| `widget.js`, everything in it', [`≤ ${BUDGETS.widgetBrotli / KB} KB`, '| exact |']],
    ['| Hosted page first load', [`≤ ${BUDGETS.hostedBrotli / KB} KB`, '| exact |']],
    [
      '| Hosted page, Lighthouse (mobile, simulated slow 4G), every run: LCP',
      [`≤ ${s(BUDGETS.lcpMs)}`, `timed (${s(ALARMS.lcpMs)}, on the median run)`],
    ],
    [
      '| Hosted page, Lighthouse, every run',
      [
        `≤ ${BUDGETS.tbtMs} ms`,
        `≥ ${BUDGETS.performanceScore}`,
        `timed (${ALARMS.tbtMs} ms, ${ALARMS.performanceScore}, on the median run)`,
      ],
    ],
    [
      '| Hosted page, Lighthouse: accessibility',
      [`${Math.min(BUDGETS.accessibilityScore, BUDGETS.bestPracticesScore)} each`, '| exact |'],
    ],
    ['| Slow-phone time', [`≤ ${BUDGETS.ttiOverFloor} ×`, `timed (${ALARMS.ttiOverFloor} ×)`]],
    [
      '| Slow-phone time until the form takes typing, the widget',
      [`≤ ${BUDGETS.widgetTtiOverFloor} ×`, `timed (${ALARMS.widgetTtiOverFloor} ×)`],
    ],
    [
      '| Round trips that cannot overlap',
      [`hosted page ≤ ${BUDGETS.hostedRoundTrips}, widget ≤ ${BUDGETS.widgetRoundTrips}`, '| exact |'],
    ],
    [
      '| Status latency, median',
      [`≤ ${s(BUDGETS.statusLatencyMedianMs)}`, `timed (${s(ALARMS.statusLatencyMedianMs)})`],
    ],
    ['| Requests while a payer has not approved', [`≤ ${BUDGETS.waitingRequests} |`, '| exact |']],
    [
      '| A complete payment',
      [`≤ ${BUDGETS.paymentFirstVisitBytes / KB} KB`, `≤ ${BUDGETS.paymentFirstVisitRequests} requests`, '| exact |'],
    ],
    ['| The same payment, a returning payer', [`≤ ${BUDGETS.paymentReturningBytes / KB} KB`, '| exact |']],
    ['| 2G', [`≤ ${s(BUDGETS.twoGHostedMs)}`, `timed (${s(ALARMS.twoGHostedMs)})`]],
    ['| 2G, the widget', [`≤ ${s(BUDGETS.twoGWidgetMs)}`, `timed (${s(ALARMS.twoGWidgetMs)})`]],
    [
      "| A payer's read while the sandbox is flooded",
      [`≤ ${BUDGETS.floodBystanderP99Ms} ms`, `timed (${s(ALARMS.floodBystanderP99Ms)})`],
    ],
    [
      "| The sandbox's start on a state directory at its bound",
      [`≤ ${s(BUDGETS.restartMs)}`, `timed (${s(ALARMS.restartMs)})`],
    ],
  ];
  for (const [start, figures] of expected) {
    it(`${start.slice(2)}… states ${figures.join(', ')}`, () => {
      const row = rows.find((line) => line.startsWith(start));
      expect(row, start).toBeDefined();
      for (const figure of figures) expect(row).toContain(figure);
    });
  }
});
