// The ES module build (dist/widget.mjs), as merchants who bundle get it from `momo-checkout/widget`.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DIST_DIR } from '../../src/server/paths';
import { type Harness, startHarness } from '../browser/support/harness';
import { waitForState } from './browser-helpers';

const MODULE = join(DEFAULT_DIST_DIR, 'widget.mjs');

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('widget.mjs › on a server', () => {
  it('imports without a DOM and adds no global', async () => {
    const before = new Set(Object.keys(globalThis));
    const widget = (await import(/* @vite-ignore */ pathToFileURL(MODULE).href)) as Record<string, unknown>;
    expect(Object.keys(widget).sort()).toEqual(['define', 'mount', 'open']);
    expect(() => (widget.define as () => void)()).not.toThrow();
    expect(Object.keys(globalThis).filter((key) => !before.has(key))).toEqual([]);
  });
});

describe('widget.mjs › in a merchant’s bundle', () => {
  it('mounts from the merchant’s own origin, with apiBase pointing at the service', async () => {
    h.merchant.page('/assets/widget.mjs', {
      html: await readFile(MODULE, 'utf8'),
      headers: { 'Content-Type': 'text/javascript; charset=utf-8' },
    });
    const intent = await h.newIntent(4200);
    const url = h.merchant.page(
      '/bundled',
      `<!doctype html><html><head><meta charset="utf-8"><script type="module">
import { define, mount } from '/assets/widget.mjs';
define();
mount('#slot', { intentId: ${JSON.stringify(intent.id)}, clientSecret: ${JSON.stringify(intent.secret)}, apiBase: ${JSON.stringify(h.server.url)}, lang: 'fr' });
</script></head><body><div id="slot"></div></body></html>`,
    );
    const page = await h.newPage();
    await page.goto(url);
    await waitForState(page.locator('#slot'), 'form');
    expect(await page.locator('#slot .momo-amount').textContent()).toMatch(/4\s200/);
    expect(await page.evaluate(() => typeof customElements.get('momo-checkout'))).toBe('function');
  });
});
