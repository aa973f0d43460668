// The demo's pages, rendered on the server. No inline script and no inline style anywhere: the
// pages are served under a CSP that allows neither (the styles are in /demo/demo.css).
import type { PublicSession } from '../api/types';
import { TEST_NUMBERS, type TestOutcome } from '../phone';
import { type CartLine, PRODUCTS, cartTotal, formatXaf } from './catalog';
import { type HtmlValue, type SafeHtml, html } from './html';
import { type ShopLang, STRINGS } from './strings';

interface LayoutOptions {
  lang: ShopLang;
  title: string;
  body: SafeHtml;
  /** Adds the widget's script. */
  widget?: boolean;
  /** Reload the page after this many seconds (to follow a payment without script). */
  refreshSeconds?: number;
}

export function layout({ lang, title, body, widget = false, refreshSeconds }: LayoutOptions): SafeHtml {
  const t = STRINGS[lang];
  return html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${refreshSeconds === undefined ? '' : html`<meta http-equiv="refresh" content="${refreshSeconds}">`}
<title>${title} · ${t.shopName}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/demo/demo.css">
${widget ? html`<script src="/widget.js" defer></script><script src="/demo/demo.js" defer></script>` : ''}
</head>
<body>
<header class="top">
<a class="brand" href="${lang === 'en' ? '/demo?lang=en' : '/demo'}">${t.shopName}</a>
<span class="badge">sandbox</span>
</header>
<main>
${body}
</main>
</body>
</html>
`;
}

/**
 * The shop page stores nothing (a GET must not: prefetchers and crawlers send them): each way to
 * pay carries only an order reference, and the payment is created when the customer chooses it —
 * a form post for the session and the link, the shop's script posting /demo/intent for the widget
 * and the dialog.
 */
export interface ShopPageData {
  lang: ShopLang;
  canceled: boolean;
  lines: readonly CartLine[];
  /** References of the orders each way pays; also their idempotency keys (a second click: the same payment). */
  orders: { session: string; link: string; widget: string; dialog: string };
}

function testNumber(outcome: TestOutcome): string {
  const found = TEST_NUMBERS.find((n) => n.country === 'cg' && n.operator === 'mtn' && n.outcome === outcome);
  return found ? `${found.national} (MTN, Congo)` : '';
}

export function shopPage(data: ShopPageData): SafeHtml {
  const { lang, lines } = data;
  const t = STRINGS[lang];
  const otherLangHref = lang === 'en' ? '/demo' : '/demo?lang=en';
  const products: HtmlValue[] = PRODUCTS.map(
    (product) => html`<li class="product">
<h3>${product.name[lang]}</h3>
<p>${product.description[lang]}</p>
<p class="price">${formatXaf(product.price)}</p>
</li>
`,
  );
  const rows: HtmlValue[] = lines.map(
    ({
      product,
      quantity,
      amount,
    }) => html`<tr><td>${product.name[lang]}</td><td class="num">${quantity}</td><td class="num">${formatXaf(amount)}</td></tr>
`,
  );
  const body = html`<section class="intro">
<h1>${t.shopTitle}</h1>
<p>${t.tagline}</p>
<p><a href="${otherLangHref}" hreflang="${lang === 'en' ? 'fr' : 'en'}">${t.otherLang}</a> · <a href="${lang === 'en' ? '/demo/orders?lang=en' : '/demo/orders'}">${t.ordersLink}</a> · <a href="${lang === 'en' ? '/demo/links?lang=en' : '/demo/links'}">${t.linksLink}</a></p>
</section>
${data.canceled ? html`<p class="notice" role="status">${t.canceled}</p>` : ''}
<section aria-labelledby="products-title">
<h2 id="products-title">${t.products}</h2>
<ul class="products">
${products}</ul>
</section>
<section aria-labelledby="cart-title">
<h2 id="cart-title">${t.cart}</h2>
<table class="cart">
<thead><tr><th>${t.product}</th><th class="num">${t.quantity}</th><th class="num">${t.amount}</th></tr></thead>
<tbody>
${rows}</tbody>
<tfoot><tr><th colspan="2">${t.total}</th><td class="num total">${formatXaf(cartTotal(lines))}</td></tr></tfoot>
</table>
</section>
<section class="way" id="session-demo">
<h2>${t.sessionTitle}</h2>
<p>${t.sessionText}</p>
<form method="post" action="/demo/checkout">
<input type="hidden" name="order" value="${data.orders.session}">
<input type="hidden" name="lang" value="${lang}">
<button type="submit">${t.payButton}</button>
</form>
</section>
<section class="way" id="intent-demo">
<h2>${t.intentTitle}</h2>
<p>${t.intentText}</p>
<form method="post" action="/demo/pay-link">
<input type="hidden" name="order" value="${data.orders.link}">
<input type="hidden" name="lang" value="${lang}">
<button type="submit" class="button secondary">${t.intentLink}</button>
</form>
</section>
<section class="way" id="widget-demo">
<h2>${t.widgetTitle}</h2>
<p>${t.widgetText}</p>
<div id="widget-slot"><p><button type="button" id="show-widget" data-order="${data.orders.widget}" data-lang="${lang}">${t.widgetButton}</button></p></div>
<p class="notice" id="widget-said" role="status" hidden></p>
</section>
<section class="way" id="dialog-demo">
<h2>${t.dialogTitle}</h2>
<p>${t.dialogText}</p>
<p><button type="button" id="open-dialog" data-order="${data.orders.dialog}" data-lang="${lang}">${t.dialogButton}</button></p>
<p class="notice" id="dialog-said" role="status" hidden></p>
</section>
<template id="shop-says" data-paid="${t.shopSaysPaid}" data-left="${t.shopSaysLeft}" data-failed="${t.apiErrorText}" data-loading="${t.widgetLoading}"></template>
<aside class="help">
<h2>${t.helpTitle}</h2>
<ul>
<li>${t.helpApproved} <strong>${testNumber('approved_at_once')}</strong></li>
<li>${t.helpDeclined} <strong>${testNumber('declined')}</strong></li>
<li>${t.helpOther}</li>
</ul>
</aside>
`;
  return layout({ lang, title: t.shopTitle, body, widget: true });
}

/** The order's page after the checkout; `paid` as the shop's server found it, never as the browser says. */
export function successPage(lang: ShopLang, session: PublicSession, paid: boolean): SafeHtml {
  const t = STRINGS[lang];
  const amount = formatXaf(session.total);
  const [title, text, kind] = paid
    ? [t.paidTitle, t.paidText(amount), 'paid']
    : session.status === 'expired'
      ? [t.expiredTitle, t.expiredText(amount), 'unpaid']
      : [t.openTitle, t.openText(amount), 'pending'];
  const items: HtmlValue[] = session.items.map(
    (item) => html`<li>${item.quantity} × ${item.productName} — ${formatXaf(item.price * item.quantity)}</li>
`,
  );
  const body = html`<section class="result ${kind}" data-status="${session.status}">
<h1>${title}</h1>
<p>${text}</p>
<ul class="items">
${items}</ul>
<p class="muted">${t.session} <code>${session.id}</code></p>
<p><a href="${lang === 'en' ? '/demo?lang=en' : '/demo'}">${t.back}</a></p>
</section>
`;
  return layout({ lang, title, body, refreshSeconds: !paid && session.status === 'open' ? 5 : undefined });
}

/** A plain message: errors and refusals. */
export function shopMessagePage(lang: ShopLang, title: string, text: string, detail?: string): SafeHtml {
  const t = STRINGS[lang];
  const body = html`<section class="result unpaid">
<h1>${title}</h1>
<p>${text}</p>
${detail ? html`<p class="muted">${detail}</p>` : ''}
<p><a href="${lang === 'en' ? '/demo?lang=en' : '/demo'}">${t.back}</a></p>
</section>
`;
  return layout({ lang, title, body });
}
