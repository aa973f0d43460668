// @vitest-environment node
// Every performance figure in the docs comes from the bench's results (issue 21): each block between
// its markers (docs/performance.md's table, the README's summary) is what bench/figures.ts writes
// from bench/results.json, never a hand copy.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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
