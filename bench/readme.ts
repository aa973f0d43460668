// The README's latest figures come from bench/results.json, never copied by hand: `npm run bench`
// writes the block between the two markers from the results it has just written, and
// test/bench/readme.test.ts fails while the README's block differs from what the results give.
import type { BenchResults } from './report';

export const FIGURES_START = '<!-- bench:figures (written by npm run bench from bench/results.json: do not edit) -->';
export const FIGURES_END = '<!-- /bench:figures -->';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

/** The figures as a Markdown table: what the results hold, each row only where they hold it. */
export function figuresBlock(results: BenchResults): string {
  const rows: [string, string][] = [];
  const { bytes, load, twoG, payments, lighthouse, latency, latencySpread, waiting, sandbox, flood } = results;
  if (bytes) {
    rows.push(['`widget.js`', `${kb(bytes.widget.total.raw)} minified, **${kb(bytes.widget.total.brotli)} brotli**`]);
    rows.push(['Hosted page, first load (French)', `**${kb(bytes.hosted.total.brotli)} brotli** (${bytes.hosted.files.map((f) => `${f.file} ${kb(f.brotli)}`).join(', ')})`]);
  }
  for (const page of load?.results ?? []) rows.push([`Slow phone, ${page.scenario}`, `${page.medianMs} ms to take typing, floor ${page.floorMs} ms: ${page.ratio}×`]);
  for (const page of twoG?.results ?? []) rows.push([`2G, ${page.scenario}`, `${page.medianMs} ms to take typing (runs ${page.runs.map((r) => Math.round(r.interactiveMs)).join(', ')}), floor ${page.floorMs} ms`]);
  for (const p of payments ?? []) {
    rows.push([`A payment with 60 s of approval, ${p.scenario}, ${p.visit === 'first' ? 'first visit' : 'returning payer'}`, `${kb(p.totalBytes)} up and down, ${p.requests} requests (${p.statusReads} status reads, ${p.notModified} of them 304)`]);
  }
  for (const page of lighthouse?.pages ?? []) {
    const scores = Object.entries(page.scores).map(([name, score]) => `${name} ${score}`).join(', ');
    const indexes = page.runs.map((r) => r.benchmarkIndex).filter(Number.isFinite);
    const machine = indexes.length ? `; benchmarkIndex ${Math.min(...indexes)}–${Math.max(...indexes)}` : '';
    rows.push([`Lighthouse (mobile), ${page.page}`, `LCP ${page.lcpMs} ms (runs ${page.runs.map((r) => r.lcpMs).join(', ')}), TBT ${page.tbtMs} ms (runs ${page.runs.map((r) => r.tbtMs).join(', ')}); ${scores}${machine}`]);
  }
  if (latency) rows.push(['Status latency', `median ${latency.medianMs} ms, worst ${latency.worstMs} ms`]);
  if (latencySpread) rows.push(['Status latency, approval at any moment', `median ${latencySpread.medianMs} ms, worst ${latencySpread.worstMs} ms`]);
  if (waiting) rows.push(['Requests while waiting', `${waiting.requests} in the first minute (the schedule allows ${waiting.scheduleAllows})`]);
  if (sandbox) rows.push(['Sandbox', `read ${sandbox.read.requestsPerSecond} req/s, p99 ${sandbox.read.latencyP99Ms} ms; confirm ${sandbox.confirm.requestsPerSecond} req/s, p99 ${sandbox.confirm.latencyP99Ms} ms`]);
  if (flood) rows.push(['Sandbox under a flood', `a payer's read p50 ${flood.bystanderUnderFlood.p50Ms} ms, p99 ${flood.bystanderUnderFlood.p99Ms} ms; ${kb(flood.heldBytes)} held of ${kb(flood.maxBytes)}`]);
  const { machine } = results;
  const source = `From \`bench/results.json\` (commit ${results.commit}, ${results.generatedAt.slice(0, 10)}; ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}${machine.chromium ? `, ${machine.chromium}` : ''}).`;
  return [source, '', '| | |', '|---|---|', ...rows.map(([what, figure]) => `| ${what} | ${figure} |`)].join('\n');
}

/** `readme` with its figures block written from `results`. */
export function withFigures(readme: string, results: BenchResults): string {
  const start = readme.indexOf(FIGURES_START);
  const end = readme.indexOf(FIGURES_END);
  if (start < 0 || end < start) throw new Error('README.md has no bench figures block (its two markers)');
  return `${readme.slice(0, start + FIGURES_START.length)}\n${figuresBlock(results)}\n${readme.slice(end)}`;
}
