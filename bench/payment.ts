// What one payment costs the payer in data: a complete payment on the hosted page, the payer
// approving 60 s after the confirm (the sandbox's approvalMs at 60 000), counted from the navigation
// until the page shows the success — every request the browser sent (preflights and the favicon
// included), its bytes up (request line, headers as sent, body) and down (headers and body as
// encoded on the wire). A first visit (a new browser: nothing cached), then a returning payer: the
// same browser, the next day's payment (its HTTP cache kept).
import type { CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../test/support/chromium';
import { scenarios, startFixtures } from './fixtures';
import { openAndFill } from './latency';
import { round } from './stats';

export const APPROVAL_MS = 60_000;

export interface PaymentCost {
  scenario: string;
  visit: 'first' | 'returning';
  requests: number;
  upBytes: number;
  downBytes: number;
  totalBytes: number;
  /** The status reads (GET of the intent after the confirm) among them. */
  statusReads: number;
  /** 304 answers among the status reads. */
  notModified: number;
  /** ms from the confirm's answer to the success shown. */
  approvalSeenMs: number;
  byKind: { kind: string; requests: number; upBytes: number; downBytes: number }[];
}

interface Recorded {
  url: string;
  method: string;
  up: number;
  down: number;
  status: number;
  sentAt: number;
}

interface Cdp {
  requestId: string;
  request?: {
    url: string;
    method: string;
    postData?: string;
    hasPostData?: boolean;
    postDataEntries?: { bytes?: string }[];
  };
  headers?: Record<string, string>;
  response?: { status: number };
  encodedDataLength?: number;
}

async function record(cdp: CDPSession): Promise<Map<string, Recorded>> {
  const seen = new Map<string, Recorded>();
  const get = (id: string) => {
    let r = seen.get(id);
    if (!r) {
      r = { url: '', method: '', up: 0, down: 0, status: 0, sentAt: Date.now() };
      seen.set(id, r);
    }
    return r;
  };
  cdp.on('Network.requestWillBeSent', (e: Cdp) => {
    if (!e.request || e.request.url.startsWith('data:')) return;
    const r = get(e.requestId);
    r.url = e.request.url;
    r.method = e.request.method;
    const body =
      e.request.postDataEntries?.reduce((n, entry) => n + Buffer.from(entry.bytes ?? '', 'base64').byteLength, 0) ??
      Buffer.byteLength(e.request.postData ?? '');
    const { pathname, search } = new URL(r.url);
    r.up += `${r.method} ${pathname}${search} HTTP/1.1\r\n\r\n`.length + body;
  });
  // The headers as they went on the wire (cookies and the browser's own included).
  cdp.on('Network.requestWillBeSentExtraInfo', (e: Cdp) => {
    const r = get(e.requestId);
    r.up += Object.entries(e.headers ?? {}).reduce((n, [name, value]) => n + name.length + value.length + 4, 0);
  });
  cdp.on('Network.responseReceived', (e: Cdp) => {
    get(e.requestId).status = e.response?.status ?? 0;
  });
  cdp.on('Network.loadingFinished', (e: Cdp) => {
    get(e.requestId).down = e.encodedDataLength ?? 0;
  });
  await cdp.send('Network.enable');
  return seen;
}

function kindOf(r: Recorded, confirmAt: number): string {
  const { pathname } = new URL(r.url);
  if (r.method === 'OPTIONS') return 'preflight';
  if (pathname.startsWith('/v1/')) {
    if (r.method === 'POST') return 'confirm';
    if (pathname.startsWith('/v1/sessions/')) return 'session read';
    return r.sentAt > confirmAt ? 'status read' : 'intent read';
  }
  if (pathname.startsWith('/pay/')) return 'page';
  return 'file';
}

async function onePayment(
  page: Page,
  cdp: CDPSession,
  url: string,
  scenario: string,
  visit: PaymentCost['visit'],
): Promise<PaymentCost> {
  const seen = await record(cdp);
  await openAndFill(page, url, 'approved_after_delay');
  await page.locator('.momo-pay').click();
  const confirmAt = Date.now();
  await page.locator('.momo[data-state="succeeded"]').waitFor({ timeout: APPROVAL_MS + 45_000 });
  const approvalSeenMs = Date.now() - confirmAt;
  await cdp.send('Network.disable');
  const requests = [...seen.values()].filter((r) => r.url !== '');
  const byKind = new Map<string, { kind: string; requests: number; upBytes: number; downBytes: number }>();
  for (const r of requests) {
    const kind = kindOf(r, confirmAt);
    const row = byKind.get(kind) ?? { kind, requests: 0, upBytes: 0, downBytes: 0 };
    row.requests += 1;
    row.upBytes += r.up;
    row.downBytes += r.down;
    byKind.set(kind, row);
  }
  const reads = requests.filter((r) => kindOf(r, confirmAt) === 'status read');
  const upBytes = requests.reduce((n, r) => n + r.up, 0);
  const downBytes = requests.reduce((n, r) => n + r.down, 0);
  return {
    scenario,
    visit,
    requests: requests.length,
    upBytes,
    downBytes,
    totalBytes: upBytes + downBytes,
    statusReads: reads.length,
    notModified: reads.filter((r) => r.status === 304).length,
    approvalSeenMs: round(approvalSeenMs),
    byKind: [...byKind.values()],
  };
}

/** Both hosted-page scenarios at once (each its own browser), first visit then returning. */
export async function measurePayments(distDir: string): Promise<PaymentCost[]> {
  const f = await startFixtures(distDir, { approvalMs: APPROVAL_MS });
  try {
    const hosted = scenarios(f).filter((s) => s.name.startsWith('hosted page'));
    const lanes = hosted.map(async (scenario) => {
      const browser = await launchChromium();
      try {
        const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 360, height: 740 } });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        const origins = { checkout: f.server.url, merchant: f.merchant.url };
        const first = await onePayment(page, cdp, await scenario.url(origins), scenario.name, 'first');
        await page.goto('about:blank');
        const returning = await onePayment(page, cdp, await scenario.url(origins), scenario.name, 'returning');
        return [first, returning];
      } finally {
        await browser.close();
      }
    });
    return (await Promise.all(lanes)).flat();
  } finally {
    await f.close();
  }
}
