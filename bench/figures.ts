// The performance figures in the docs come from bench/results.json, never copied by hand:
// `npm run bench` writes each block between its two markers from the results it has just written
// (the full table in docs/performance.md, a few lines in README.md), and test/bench/figures.test.ts
// fails while a block differs from what the results give.
import type { BenchResults } from './report';
import { BUDGETS } from './budgets';
import { BYTE_BUDGET_NAMES } from './size';

/** A generated block: where it is written, and its markers. */
export interface FiguresBlock {
  /** The file, from the repository's root. */
  file: string;
  start: string;
  end: string;
  /** The block's text, from the results. */
  render(results: BenchResults): string;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
const source = (results: BenchResults) => {
  const { machine } = results;
  return `From \`bench/results.json\` (commit ${results.commit}, ${results.generatedAt.slice(0, 10)}; ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}${machine.chromium ? `, ${machine.chromium}` : ''}).`;
};

/** The figures as a Markdown table: what the results hold, each row only where they hold it. */
export function figuresBlock(results: BenchResults): string {
  const rows: [string, string][] = [];
  const { bytes, load, twoG, payments, lighthouse, latency, latencySpread, waiting, sandbox, flood } = results;
  if (bytes) {
    rows.push(['`widget.js`', `${kb(bytes.widget.total.raw)} minified, **${kb(bytes.widget.total.brotli)} brotli**`]);
    rows.push([
      'Hosted page, first load (French)',
      `**${kb(bytes.hosted.total.brotli)} brotli** (${bytes.hosted.files.map((f) => `${f.file} ${kb(f.brotli)}`).join(', ')})`,
    ]);
  }
  for (const page of load?.results ?? [])
    rows.push([
      `Slow phone, ${page.scenario}`,
      `${page.medianMs} ms to take typing, floor ${page.floorMs} ms: ${page.ratio}×`,
    ]);
  for (const page of twoG?.results ?? [])
    rows.push([
      `2G, ${page.scenario}`,
      `${page.medianMs} ms to take typing (runs ${page.runs.map((r) => Math.round(r.interactiveMs)).join(', ')}), floor ${page.floorMs} ms`,
    ]);
  for (const p of payments ?? []) {
    rows.push([
      `A payment with 60 s of approval, ${p.scenario}, ${p.visit === 'first' ? 'first visit' : 'returning payer'}`,
      `${kb(p.totalBytes)} up and down, ${p.requests} requests (${p.statusReads} status reads, ${p.notModified} of them 304)`,
    ]);
  }
  for (const page of lighthouse?.pages ?? []) {
    const scores = Object.entries(page.scores)
      .map(([name, score]) => `${name} ${score}`)
      .join(', ');
    const indexes = page.runs.map((r) => r.benchmarkIndex).filter(Number.isFinite);
    const machine = indexes.length ? `; benchmarkIndex ${Math.min(...indexes)}–${Math.max(...indexes)}` : '';
    rows.push([
      `Lighthouse (mobile), ${page.page}`,
      `LCP ${page.lcpMs} ms (runs ${page.runs.map((r) => r.lcpMs).join(', ')}), TBT ${page.tbtMs} ms (runs ${page.runs.map((r) => r.tbtMs).join(', ')}); ${scores}${machine}`,
    ]);
  }
  if (latency) rows.push(['Status latency', `median ${latency.medianMs} ms, worst ${latency.worstMs} ms`]);
  if (latencySpread)
    rows.push([
      'Status latency, approval at any moment',
      `median ${latencySpread.medianMs} ms, worst ${latencySpread.worstMs} ms`,
    ]);
  if (waiting)
    rows.push([
      'Requests while waiting',
      `${waiting.requests} in the first minute (the schedule allows ${waiting.scheduleAllows})`,
    ]);
  if (sandbox)
    rows.push([
      'Sandbox',
      `read ${sandbox.read.requestsPerSecond} req/s, p99 ${sandbox.read.latencyP99Ms} ms; confirm ${sandbox.confirm.requestsPerSecond} req/s, p99 ${sandbox.confirm.latencyP99Ms} ms`,
    ]);
  if (flood)
    rows.push([
      'Sandbox under a flood',
      `a payer's read p50 ${flood.bystanderUnderFlood.p50Ms} ms, p99 ${flood.bystanderUnderFlood.p99Ms} ms; ${kb(flood.heldBytes)} held of ${kb(flood.maxBytes)}`,
    ]);
  return [source(results), '', '| | |', '|---|---|', ...rows.map(([what, figure]) => `| ${what} | ${figure} |`)].join(
    '\n',
  );
}

/**
 * A byte budget as the run was held to it (its record in the results: a budget lowered since then
 * reads in the summary once the bench has run against it), else as bench/budgets.ts has it.
 */
const byteLimit = (results: BenchResults, name: string, limit: number) =>
  (results.budgets.find((b) => b.name === name) ?? { limit }).limit;

/** The README's few lines: what a payer downloads and waits, against the budgets (bench/budgets.ts). */
export function summaryBlock(results: BenchResults): string {
  const lines: string[] = [];
  const { bytes, load, lighthouse } = results;
  if (bytes) {
    const widgetLimit = byteLimit(results, BYTE_BUDGET_NAMES.widget, BUDGETS.widgetBrotli);
    const hostedLimit = byteLimit(results, BYTE_BUDGET_NAMES.hosted, BUDGETS.hostedBrotli);
    lines.push(
      `- \`widget.js\`: **${kb(bytes.widget.total.brotli)}** brotli (budget ${kb(widgetLimit)}); the hosted page's first load: **${kb(bytes.hosted.total.brotli)}** brotli (budget ${kb(hostedLimit)}).`,
    );
  }
  if (load?.results.length) {
    const times = load.results.map((page) => page.medianMs);
    const ratios = load.results.map((page) => page.ratio);
    lines.push(
      `- A slow phone (CPU 4× slower, 1.6 Mbit/s, 150 ms round trip) takes typing in ${Math.min(...times)}–${Math.max(...times)} ms on the hosted page and in the widget, ${Math.min(...ratios)}–${Math.max(...ratios)}× the network's floor (budget ${BUDGETS.ttiOverFloor}×).`,
    );
  }
  if (lighthouse?.pages.length) {
    lines.push(
      `- Lighthouse (mobile) on the hosted page: LCP ${lighthouse.pages.map((page) => `${page.lcpMs} ms`).join(' and ')} (budget ${BUDGETS.lcpMs} ms), performance ${lighthouse.pages.map((page) => page.scores.performance).join(' and ')}.`,
    );
  }
  lines.push(`- ${source(results).replace(/^From /, 'Measured by `npm run bench`, from ')}`);
  return lines.join('\n');
}

export const BLOCKS: readonly FiguresBlock[] = [
  {
    file: 'docs/performance.md',
    start: '<!-- bench:figures (written by npm run bench from bench/results.json: do not edit) -->',
    end: '<!-- /bench:figures -->',
    render: figuresBlock,
  },
  {
    file: 'README.md',
    start: '<!-- bench:summary (written by npm run bench from bench/results.json: do not edit) -->',
    end: '<!-- /bench:summary -->',
    render: summaryBlock,
  },
];

/** The text between `block`'s markers in `text`, or null if they are missing. */
export function blockIn(text: string, block: FiguresBlock): string | null {
  const start = text.indexOf(block.start);
  const end = text.indexOf(block.end);
  if (start < 0 || end < start) return null;
  return text.slice(start + block.start.length, end).trim();
}

/** `text` (the content of `block.file`) with its block written from `results`. */
export function withFigures(text: string, block: FiguresBlock, results: BenchResults): string {
  const start = text.indexOf(block.start);
  const end = text.indexOf(block.end);
  if (start < 0 || end < start) throw new Error(`${block.file} has no bench figures block (its two markers)`);
  return `${text.slice(0, start + block.start.length)}\n${block.render(results)}\n${text.slice(end)}`;
}
