// Chromium for the package tests (Debian's, as in every browser test), the consumer's built pages
// on a plain static server, and a payer's moves in the checkout.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import type { Locator } from 'playwright-core';
import { testNumber } from '../../browser/support/harness';

export { launchChromium } from '../../support/chromium';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css',
};

/** Serves `dir` (a Vite build) on an ephemeral port, as a merchant's static host would. */
export async function serveDir(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split(/[?#]/)[0] as string));
    const body = path.includes('..') ? null : await readFile(join(dir, path)).catch(() => null);
    if (body === null) res.writeHead(404).end();
    else res.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits for the checkout's screen inside `scope` (the widget's open shadow root is pierced). */
export const waitForState = (scope: Locator, state: string) =>
  scope.locator(`.momo[data-state="${state}"]`).waitFor({ timeout: 20_000 });

/** Fills the form with the Congo MTN number approved at once (…93) and pays. */
export async function payApprovedAtOnce(scope: Locator): Promise<void> {
  await scope.locator('#momo-first-name').fill('Élodie');
  await scope.locator('#momo-last-name').fill('Mbemba');
  await scope.locator('#momo-email').fill('elodie@example.cg');
  await scope.locator('#momo-country').selectOption('cg');
  await scope.locator('#momo-phone').fill(testNumber('approved_at_once').national);
  await scope.locator('.momo-pay').click();
}
