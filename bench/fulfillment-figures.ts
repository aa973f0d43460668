// The figures of bench/fulfillment.ts (10 000 open payments followed on real time): the budgets a
// run must meet, and docs/fulfillment.md's table, which the bench writes between two markers from
// the results it has just written (bench/fulfillment.results.json) and
// test/bench/fulfillment-figures.test.ts holds to them: never a hand copy.

export interface FulfillmentSample {
  second: number;
  reads: number;
  /** After a full collection, every 10th second (null otherwise). */
  heapMb: number | null;
  /** Payments told paid by then. */
  paid: number;
  down: boolean;
}

export interface FulfillmentResults {
  payments: number;
  payers: number;
  seconds: number;
  maxRequestsPerSecond: number;
  follow: { seconds: number; perSecond: number };
  /** The most reads in any one second (a sliding window over each read's time), and the mean while up. */
  readsPerSecond: { max: number; mean: number };
  whileDown: { seconds: number; reads: number };
  paidTold: number;
  heapMb: { beforeSessions: number; afterFollowing: number; duringMin: number; duringMax: number };
  node: string;
  at: string;
  samples: FulfillmentSample[];
}

/** What a run must show; bench/fulfillment.ts exits 1 when it does not. */
export const FULFILLMENT_BUDGETS = {
  /**
   * Reads in any one second, over the limit the run sets: 1, as a read leaves within a millisecond
   * of the limiter letting it go (src/fulfillment/rate.ts spaces them on whole milliseconds).
   */
  readsOverLimit: 1,
  /** Reads in all while the service is down for 20 s: the whole process backs off, not each payment. */
  readsWhileDown: 40,
  /** How much the heap moves during the run (sampled every 10 s): flat, not growing with reads or time. */
  heapSpreadMb: 8,
};

/** What is over budget in `results` (empty: nothing). */
export function overBudget(results: FulfillmentResults): string[] {
  const over: string[] = [];
  const b = FULFILLMENT_BUDGETS;
  if (results.readsPerSecond.max > results.maxRequestsPerSecond + b.readsOverLimit)
    over.push(`${results.readsPerSecond.max} reads in one second, over the limit of ${results.maxRequestsPerSecond}`);
  if (results.whileDown.reads > b.readsWhileDown)
    over.push(`${results.whileDown.reads} reads while the service was down, budget ${b.readsWhileDown}`);
  const spread = results.heapMb.duringMax - results.heapMb.duringMin;
  if (spread > b.heapSpreadMb) over.push(`the heap moved by ${spread.toFixed(1)} MB, budget ${b.heapSpreadMb} MB`);
  if (results.paidTold !== results.payers) over.push(`${results.paidTold} of ${results.payers} paid payments told`);
  return over;
}

const n = (value: number) => value.toLocaleString('en-US').replace(/,/g, ' ');
const secondPaid = (results: FulfillmentResults, count: number) =>
  results.samples.find((sample) => sample.paid >= count)?.second;

/** docs/fulfillment.md's table of the run. */
export function fulfillmentBlock(results: FulfillmentResults): string {
  const half = Math.ceil(results.payers / 2);
  const halfAt = secondPaid(results, half);
  const allAt = secondPaid(results, results.payers);
  const told =
    results.paidTold === results.payers && allAt !== undefined
      ? `${n(half)} by ${halfAt} s, all ${n(results.payers)} by ${allAt} s after \`start()\``
      : `${n(results.paidTold)} of ${n(results.payers)} in ${results.seconds} s`;
  const b = FULFILLMENT_BUDGETS;
  const { heapMb } = results;
  const rows = [
    [
      `\`follow()\` of ${n(results.payments)} sessions (file store, fsync on)`,
      `${results.follow.seconds} s, ${results.follow.perSecond} a second`,
    ],
    [
      'reads of the service in any one second',
      `at most ${results.readsPerSecond.max} (the limit: ${results.maxRequestsPerSecond}; budget: the limit + ${b.readsOverLimit}); ${results.readsPerSecond.mean} a second on average`,
    ],
    [
      `reads during ${results.whileDown.seconds} s of the service down`,
      `${results.whileDown.reads} in all (budget ${b.readsWhileDown}: the whole process backs off, not each payment)`,
    ],
    [`the ${n(results.payers)} paid payments told`, `${told} (all of them: a budget)`],
    [
      'heap',
      `${heapMb.beforeSessions} MB before the sessions, ${heapMb.afterFollowing} MB once the ${n(results.payments)} were created (the in-process sandbox holds them too) and followed, then ${heapMb.duringMin}–${heapMb.duringMax} MB throughout the run (budget: moving by at most ${b.heapSpreadMb} MB)`,
    ],
  ];
  return [
    '| | figure |',
    '|---|---|',
    ...rows.map(([what, figure]) => `| ${what} | ${figure} |`),
    '',
    `From \`bench/fulfillment.results.json\` (${results.at.slice(0, 10)}, Node ${results.node}; ${n(results.payers)} of the ${n(results.payments)} payers approve at once, ${results.maxRequestsPerSecond} reads/s allowed, ${results.seconds} s).`,
  ].join('\n');
}

export const FULFILLMENT_BLOCK = {
  file: 'docs/fulfillment.md',
  start:
    '<!-- bench:fulfillment (written by bench/fulfillment.ts from bench/fulfillment.results.json: do not edit) -->',
  end: '<!-- /bench:fulfillment -->',
};

/** The text between the block's markers in `text`, or null if they are missing. */
export function fulfillmentBlockIn(text: string): string | null {
  const start = text.indexOf(FULFILLMENT_BLOCK.start);
  const end = text.indexOf(FULFILLMENT_BLOCK.end);
  if (start < 0 || end < start) return null;
  return text.slice(start + FULFILLMENT_BLOCK.start.length, end).trim();
}

/** `text` (docs/fulfillment.md) with its block written from `results`. */
export function withFulfillmentFigures(text: string, results: FulfillmentResults): string {
  const start = text.indexOf(FULFILLMENT_BLOCK.start);
  const end = text.indexOf(FULFILLMENT_BLOCK.end);
  if (start < 0 || end < start) throw new Error(`${FULFILLMENT_BLOCK.file} has no fulfillment figures block`);
  return `${text.slice(0, start + FULFILLMENT_BLOCK.start.length)}\n${fulfillmentBlock(results)}\n${text.slice(end)}`;
}
