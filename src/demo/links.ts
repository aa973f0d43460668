// The demo shop's payment links (issue 31): a seller without a web shop makes a link with the
// project's client (`createPaymentLink`), then sees its address to share in a chat, its QR code to
// print for a stall and how many payments came through it. Mounted at /demo/links (./app.ts).
import { Hono } from 'hono';
import { type Client, isApiError } from '../api';
import type { PaymentLink } from '../api/types';
import { formatXaf } from './catalog';
import { type HtmlValue, html, type SafeHtml } from './html';
import { layout, shopMessagePage } from './pages';
import { isSameSiteFormPost, readForm } from './responses';
import { type ShopLang, shopLangOf } from './strings';

const WORDS = {
  fr: {
    title: 'Liens de paiement',
    intro:
      'Vendez sans site : créez un lien, partagez-le dans une discussion ou imprimez son code QR pour votre étal. Chaque client qui l’ouvre paie son propre paiement.',
    create: 'Créer un lien',
    description: 'Ce que vous vendez',
    fixed: 'Montant fixe (FCFA)',
    range: 'Ou montant au choix du client, de… à… (FCFA)',
    min: 'Montant minimum',
    max: 'Montant maximum',
    maxPayments: 'Nombre de paiements au plus (facultatif)',
    hours: 'Expire dans (heures, facultatif)',
    yours: 'Vos liens',
    none: 'Aucun lien pour l’instant.',
    payments: 'Paiements reçus',
    status: 'État',
    qr: 'Code QR à imprimer',
    deactivate: 'Désactiver',
    refused: 'Le lien n’a pas été créé',
    back: 'Retour à la boutique',
  },
  en: {
    title: 'Payment links',
    intro:
      'Sell without a website: make a link, share it in a chat or print its QR code for your stall. Each customer who opens it pays a payment of their own.',
    create: 'Create a link',
    description: 'What you sell',
    fixed: 'Fixed amount (FCFA)',
    range: 'Or an amount the customer chooses, from… to… (FCFA)',
    min: 'Lowest amount',
    max: 'Highest amount',
    maxPayments: 'At most this many payments (optional)',
    hours: 'Expires in (hours, optional)',
    yours: 'Your links',
    none: 'No link yet.',
    payments: 'Payments received',
    status: 'Status',
    qr: 'QR code to print',
    deactivate: 'Deactivate',
    refused: 'The link was not made',
    back: 'Back to the shop',
  },
} as const;

const LINK_ID = /^plink_[A-Za-z0-9]{1,64}$/;

const amountOf = (link: PaymentLink) =>
  link.amount !== null
    ? formatXaf(link.amount)
    : `${formatXaf(link.amountMin ?? 0)} – ${formatXaf(link.amountMax ?? 0)}`;

function linksPage(lang: ShopLang, links: readonly PaymentLink[]): SafeHtml {
  const w = WORDS[lang];
  const q = lang === 'en' ? '?lang=en' : '';
  const rows: HtmlValue[] = links.map(
    (link) => html`<li class="way plink" data-link="${link.id}">
<h3>${link.description}</h3>
<p><strong>${amountOf(link)}</strong> · ${w.status}: <span class="plink-status">${link.status}</span> · ${w.payments}: <strong class="plink-count">${link.paymentsCount}</strong>${link.maxPayments === null ? '' : html` / ${link.maxPayments}`}</p>
<p><a class="plink-url" href="${link.url}">${link.url}</a></p>
<p><a href="${link.qrUrl}">${w.qr}</a></p>
${
  link.status === 'active'
    ? html`<form method="post" action="/demo/links/${link.id}/deactivate${q}"><button type="submit" class="button secondary">${w.deactivate}</button></form>`
    : ''
}
</li>
`,
  );
  const body = html`<section class="intro">
<h1>${w.title}</h1>
<p>${w.intro}</p>
<p><a href="/demo${q}">${w.back}</a></p>
</section>
<section class="way">
<h2>${w.create}</h2>
<form method="post" action="/demo/links${q}" class="plink-form">
<p><label>${w.description}<br><input name="description" required maxlength="200"></label></p>
<p><label>${w.fixed}<br><input name="amount" inputmode="numeric"></label></p>
<fieldset><legend>${w.range}</legend>
<label>${w.min} <input name="amountMin" inputmode="numeric"></label>
<label>${w.max} <input name="amountMax" inputmode="numeric"></label>
</fieldset>
<p><label>${w.maxPayments}<br><input name="maxPayments" inputmode="numeric"></label></p>
<p><label>${w.hours}<br><input name="hours" inputmode="numeric"></label></p>
<button type="submit">${w.create}</button>
</form>
</section>
<section aria-labelledby="links-title">
<h2 id="links-title">${w.yours}</h2>
${links.length ? html`<ul class="plinks">${rows}</ul>` : html`<p>${w.none}</p>`}
</section>
`;
  return layout({ lang, title: w.title, body });
}

/** A whole number a form field holds, or undefined when it is empty. */
const wholeOf = (value: string | null): number | undefined => {
  const text = (value ?? '').replace(/[\s\u00a0\u202f]/g, '');
  return text === '' ? undefined : Number(text);
};

export interface DemoLinksOptions {
  client: Client;
  page: (status: number, body: SafeHtml, req: Request) => Response;
  now?: () => number;
}

/** The links' addresses, relative to /demo/links. */
export function demoLinksApp({ client, page, now = Date.now }: DemoLinksOptions): Hono {
  const app = new Hono();
  const langOf = (req: Request) => shopLangOf(new URL(req.url).searchParams.get('lang'));
  const back = (lang: ShopLang) =>
    new Response(null, { status: 303, headers: { Location: `/demo/links${lang === 'en' ? '?lang=en' : ''}` } });
  const failed = (error: unknown, lang: ShopLang, req: Request) => {
    if (!isApiError(error)) throw error;
    return page(400, shopMessagePage(lang, WORDS[lang].refused, error.message), req);
  };

  app.get('/', async (c) => {
    const lang = langOf(c.req.raw);
    try {
      const { data } = await client.listPaymentLinks({ perPage: 100 });
      return page(200, linksPage(lang, data), c.req.raw);
    } catch (error) {
      return failed(error, lang, c.req.raw);
    }
  });

  app.post('/', async (c) => {
    const lang = langOf(c.req.raw);
    const form = isSameSiteFormPost(c.req.raw, new URL(c.req.url).origin) ? await readForm(c.req.raw) : null;
    if (form === null) return page(403, shopMessagePage(lang, WORDS[lang].refused, ''), c.req.raw);
    const hours = wholeOf(form.get('hours'));
    const amount = wholeOf(form.get('amount'));
    try {
      await client.createPaymentLink({
        description: form.get('description') ?? '',
        currency: 'xaf',
        ...(amount !== undefined
          ? { amount }
          : { amountMin: wholeOf(form.get('amountMin')), amountMax: wholeOf(form.get('amountMax')) }),
        maxPayments: wholeOf(form.get('maxPayments')),
        ...(hours !== undefined ? { expiresAt: new Date(now() + hours * 3_600_000).toISOString() } : {}),
      });
      return back(lang);
    } catch (error) {
      return failed(error, lang, c.req.raw);
    }
  });

  app.post('/:id/deactivate', async (c) => {
    const lang = langOf(c.req.raw);
    const id = c.req.param('id');
    if (!LINK_ID.test(id) || !isSameSiteFormPost(c.req.raw, new URL(c.req.url).origin))
      return page(403, shopMessagePage(lang, WORDS[lang].refused, ''), c.req.raw);
    try {
      await client.deactivatePaymentLink(id);
      return back(lang);
    } catch (error) {
      return failed(error, lang, c.req.raw);
    }
  });
  return app;
}
