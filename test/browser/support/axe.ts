// axe-core run in a page, for the browser tests that hold a screen to no violation: each violation
// as `rule: targets`, so a failing test names what broke and where.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The page's accessibility violations, as axe finds them; none is `[]`. */
export async function audit(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Found = { id: string; nodes: { target: unknown[] }[] };
    const { axe } = window as unknown as { axe: { run(d: Document, o: object): Promise<{ violations: Found[] }> } };
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`);
  });
}
