// @vitest-environment node
// The integration snippets a merchant copies are the files the package tests run (issue 21): the
// README's React client component and the first hour's Next.js page and smallest script-tag server
// are, byte for byte, test/package/nextjs/app/* (built and served by `next start`) and
// test/package/consumer/first-hour/server.mjs (run against the packaged sandbox). Each code block
// is found by its first line, which names its file.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const blocksOf = (markdown: string) => [...markdown.matchAll(/^```\w*\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '');

const SNIPPETS: [doc: string, fixture: string][] = [
  ['README.md', 'test/package/nextjs/app/checkout.jsx'],
  ['docs/integration-first-hour.md', 'test/package/nextjs/app/checkout.jsx'],
  ['docs/integration-first-hour.md', 'test/package/nextjs/app/page.jsx'],
  ['docs/integration-first-hour.md', 'test/package/consumer/first-hour/server.mjs'],
];

describe('the documented snippets are the tested files', () => {
  for (const [doc, fixture] of SNIPPETS) {
    it(`${doc} shows ${fixture} as it is`, () => {
      const file = read(fixture);
      const firstLine = file.slice(0, file.indexOf('\n') + 1);
      const block = blocksOf(read(doc)).find((text) => text.startsWith(firstLine));
      expect(block, `${doc} has no code block starting ${firstLine.trim()}`).toBeDefined();
      expect(block).toBe(file);
    });
  }
});
