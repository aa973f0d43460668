// The demo shop's orders, kept the way issue 21 asks a merchant to: every payment the shop creates
// is handed to fulfillment (momo-checkout/fulfillment, on its file store), whose handlers write the
// order's end into the shop's own order book (orders.jsonl: one line per event, the event id with
// it, so that isHandled can tell after a crash whether a delivery was made). An order whose payer
// approved and closed the tab is paid all the same: the orders page shows it.
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ClientConfig, isApiError, listIntents, type WebhookHeaders } from '../api';
import { redact } from '../api/redact';
import {
  createFulfillment,
  fileStore,
  type FollowTarget,
  type FulfillmentEvent,
  type FulfillmentKind,
  type ReceivedEvent,
  type WebhookSecrets,
} from '../fulfillment';
import { formatXaf } from './catalog';
import { html, type HtmlValue, type SafeHtml } from './html';
import { layout } from './pages';
import { type ShopLang, STRINGS } from './strings';

export interface DemoOrders {
  follow(target: FollowTarget): Promise<void>;
  /** The orders page; with `reference`, the payment a customer's reference finds (GET /v1/payment-intents?reference=). */
  page(lang: ShopLang, reference?: string): Promise<SafeHtml>;
  /** Fulfillment's fast path: a delivery to the shop's webhook endpoint (./webhooks.ts). */
  receiveEvent(body: string, headers: WebhookHeaders): Promise<ReceivedEvent>;
  close(): Promise<void>;
}

interface BookLine {
  event: string;
  kind: FulfillmentKind;
  order: string;
  amount: number | null;
  at: number;
}

/** The latest orders shown. */
const SHOWN = 50;

export function demoOrders(api: ClientConfig, directory: string, webhookSecrets?: WebhookSecrets): DemoOrders {
  const book = join(directory, 'orders.jsonl');
  const readBook = async (): Promise<BookLine[]> => {
    const text = await readFile(book, 'utf8').catch(() => '');
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as BookLine);
  };
  /** The shop's side of a delivery: the order's end, written with the event's id. */
  const write = async (event: FulfillmentEvent) => {
    const order = typeof event.metadata?.order === 'string' ? event.metadata.order : event.intentId;
    const line: BookLine = {
      event: event.id,
      kind: event.kind,
      order,
      amount: event.intent?.amount ?? null,
      at: Date.now(),
    };
    await mkdir(directory, { recursive: true });
    await appendFile(book, `${JSON.stringify(line)}\n`);
  };
  const fulfillment = createFulfillment({
    api,
    store: fileStore(join(directory, 'fulfillment')),
    handlers: {
      paid: write,
      failed: write,
      expired: write,
      overdue: write,
      lost: write,
      isHandled: async (event) => (await readBook()).some((line) => line.event === event.id),
    },
    // The demo's sandbox is in the same process: it is looked at often, so a paid order shows
    // within seconds of the approval.
    pace: { pendingMs: 1000, idleMs: 2000, idleMaxMs: 10_000 },
    maxRequestsPerSecond: 20,
    // Events wake an order at once; polling stays behind them, for the event that never comes.
    webhookSecrets,
    // Redacted as the sandbox's own lines are: an intent id is half of a payer's link.
    onError: (error, intentId) =>
      console.error(
        redact(`[demo] fulfillment of ${intentId}: ${error instanceof Error ? error.message : String(error)}`),
      ),
  });
  fulfillment.start();

  /** The orders whose payment has `reference`, as the service finds it however it was typed; null: not a reference. */
  async function find(reference: string): Promise<string[] | null> {
    try {
      const found = await listIntents(api, { reference, perPage: 1 });
      return found.data.map((intent) =>
        typeof intent.metadata?.order === 'string' ? intent.metadata.order : intent.intent_id,
      );
    } catch (error) {
      if (isApiError(error) && error.status === 400) return null;
      throw error;
    }
  }

  async function page(lang: ShopLang, reference?: string): Promise<SafeHtml> {
    const t = STRINGS[lang];
    // Each order's latest word: its end, or overdue while it has none.
    const ends = new Map<string, BookLine>();
    for (const line of await readBook()) {
      const intentId = line.event.slice(0, line.event.lastIndexOf(':'));
      if (line.kind !== 'overdue' || !ends.has(intentId)) ends.set(intentId, line);
    }
    const followed = [];
    for await (const payment of fulfillment.store.list()) followed.push(payment);
    followed.sort((a, b) => b.followedAt - a.followedAt);
    const rows: HtmlValue[] = followed.slice(0, SHOWN).map((payment) => {
      const end = ends.get(payment.intentId);
      const state = end?.kind ?? 'open';
      const order = typeof payment.metadata?.order === 'string' ? payment.metadata.order : payment.intentId;
      const amount = end?.amount ?? payment.intent?.amount ?? null;
      // The payment's short reference (an extension), which the customer reads from their receipt.
      const shortReference = payment.intent?.reference ?? '—';
      return html`<tr data-order="${order}" data-state="${state}"><td><code>${order}</code></td><td><code>${shortReference}</code></td><td class="num">${amount === null ? '—' : formatXaf(amount)}</td><td>${t.orderState[state]}</td></tr>
`;
    });
    const orders = reference?.trim() ? await find(reference) : undefined;
    const result =
      orders === undefined
        ? ''
        : html`<p id="found" role="status">${
            orders === null
              ? t.notAReference
              : orders.length === 0
                ? t.foundNone
                : html`${t.order} <code>${orders[0] ?? ''}</code>`
          }</p>`;
    const body = html`<section class="intro">
<h1>${t.ordersTitle}</h1>
<p>${t.ordersText}</p>
</section>
${
  // The search on a page of its own, which does not reload: a reference half typed stays.
  reference === undefined
    ? html`<p><a href="/demo/orders?${lang === 'en' ? 'lang=en&amp;' : ''}reference=">${t.findTitle}</a></p>`
    : html`<form method="get" action="/demo/orders" class="find">
<h2>${t.findTitle}</h2>
${lang === 'en' ? html`<input type="hidden" name="lang" value="en">` : ''}
<label for="reference">${t.findLabel}</label>
<input id="reference" name="reference" value="${reference}" autocomplete="off" autocapitalize="characters" spellcheck="false">
<button>${t.findButton}</button>
</form>
${result}`
}
${
  rows.length
    ? html`<table class="cart orders">
<thead><tr><th>${t.order}</th><th>${t.paymentReference}</th><th class="num">${t.amount}</th><th>${t.orderStatus}</th></tr></thead>
<tbody>
${rows}</tbody>
</table>`
    : html`<p>${t.ordersEmpty}</p>`
}
<p><a href="${lang === 'en' ? '/demo?lang=en' : '/demo'}">${t.back}</a></p>
`;
    return layout({ lang, title: t.ordersTitle, body, refreshSeconds: reference === undefined ? 5 : undefined });
  }

  return { follow: fulfillment.follow, page, receiveEvent: fulfillment.receiveEvent, close: () => fulfillment.stop() };
}
