// @vitest-environment node
// Every figure in the README's latest figures comes from the bench's results (issue 21): the block
// between its markers is what bench/readme.ts writes from bench/results.json, never a hand copy.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIGURES_END, FIGURES_START, figuresBlock } from '../../bench/readme';
import type { BenchResults } from '../../bench/report';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const results = JSON.parse(readFileSync(new URL('../../bench/results.json', import.meta.url), 'utf8')) as BenchResults;

describe('README › latest figures', () => {
  it('are bench/results.json as bench/readme.ts writes them', () => {
    const start = readme.indexOf(FIGURES_START);
    const end = readme.indexOf(FIGURES_END);
    expect(start).toBeGreaterThan(0);
    expect(readme.slice(start + FIGURES_START.length, end).trim()).toBe(figuresBlock(results));
  });
});
