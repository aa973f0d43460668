// A payment link's public addresses, mounted at `/l` (./../checkout-apps.ts): its page (`GET
// /l/plink_…`: what a chat's preview reads, and the payer's Pay button or amount form), the Pay
// itself (`POST /l/plink_…`: a fresh payment intent of the payer's own from the service, then 303 to
// the hosted page), its printable QR code (`/l/plink_…/qr`) and its preview image (`/preview.png`).
// Reading the page makes nothing: a preview fetcher, a reload or a second tab opens no payment;
// each press of Pay makes one intent, charged only if the payer pays it on the hosted page, and
// only a press on this server's page (another site's post is refused: ../post-origin.ts).
import { readPostedForm } from '../posted-form';
import { Hono } from 'hono';
import { ApiError } from '../../api/errors';
import type { ClientConfig } from '../../api/http';
import { getPaymentLink, openPaymentLink } from '../../api/endpoints/payment-links';
import type { PublicPaymentLink } from '../../api/types';
import { pickLang } from '../../i18n';
import type { SandboxBindings } from '../../sandbox';
import { closedPage, linkPage, missingPage, qrPage } from '../link-pages';
import { previewPng } from '../link-qr';
import { wordsOf } from '../plain-words';
import { postedFromHere, refusedPage } from '../post-origin';
import type { ServerEnv } from './env';

/** A link's id as the service makes them: the path is checked before anything is asked. */
const ID = ':id{plink_[A-Za-z0-9]{1,64}}';
/** The most the amount form's body may weigh. */
const MAX_FORM_BYTES = 1024;

export interface PaymentLinksAppOptions {
  /** How this server calls the service (as the payment without JavaScript does: ../plain-payment.ts). */
  api: (env: SandboxBindings | undefined) => ClientConfig;
  /** Where payers reach this server: the links' absolute addresses (og:url, og:image, the QR). */
  publicUrl: string;
}

/**
 * A typed amount as payers write it — "5000", or grouped by thousands: "5 000", "5.000", "5,000" —
 * as its whole number; null for anything else ("5,5" is not 55: francs have no decimals).
 */
export function typedAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^(?:\d{1,12}|\d{1,3}(?:[ \u00a0\u202f.,']\d{3}){1,3})$/.test(trimmed)) return null;
  return Number(trimmed.replace(/\D/g, ''));
}

export function paymentLinksApp({ api, publicUrl }: PaymentLinksAppOptions): Hono<ServerEnv> {
  const app = new Hono<ServerEnv>();
  const pageUrlOf = (id: string) => `${publicUrl.replace(/\/+$/, '')}/l/${id}`;
  // The preview image depends on the address alone: drawn once per link this process serves.
  const previews = new Map<string, ReturnType<typeof previewPng>>();
  const previewOf = (id: string) => {
    let drawn = previews.get(id);
    if (!drawn) {
      drawn = previewPng(pageUrlOf(id));
      if (previews.size >= 1000) previews.delete(previews.keys().next().value as string);
      previews.set(id, drawn);
    }
    return drawn;
  };
  const wordsFor = (req: Request) =>
    wordsOf(pickLang(new URL(req.url).searchParams.get('lang'), (req.headers.get('accept-language') ?? '').split(',')));

  /** The link's public view, or null when the service knows no such link. */
  async function read(config: ClientConfig, id: string): Promise<PublicPaymentLink | null> {
    try {
      return await getPaymentLink(config, id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  }

  app.get(`/${ID}`, async (c) => {
    const id = c.req.param('id');
    const words = wordsFor(c.req.raw);
    const link = await read(api(c.env), id);
    if (!link) return missingPage(words);
    const side = previewOf(id).side;
    if (link.status !== 'active') return closedPage(words, link, pageUrlOf(id), side);
    return linkPage(words, link, { pageUrl: pageUrlOf(id), previewSide: side });
  });

  app.post(`/${ID}`, async (c) => {
    const id = c.req.param('id');
    const words = wordsFor(c.req.raw);
    // Another site's page pressing Pay for the payer: refused before anything is read or asked.
    if (!postedFromHere(c.req.raw, [publicUrl])) return refusedPage(words);
    const config = api(c.env);
    const link = await read(config, id);
    if (!link) return missingPage(words);
    const pageUrl = pageUrlOf(id);
    const side = previewOf(id).side;
    if (link.status !== 'active') return closedPage(words, link, pageUrl, side);
    let amount: number | undefined;
    if (link.amount === null) {
      const typed = (await readPostedForm(c.req.raw, MAX_FORM_BYTES))?.get('amount') ?? '';
      const value = typedAmount(typed);
      if (value === null || value < (link.amountMin ?? 1) || value > (link.amountMax ?? 0))
        return linkPage(words, link, { pageUrl, previewSide: side, typed, error: true });
      amount = value;
    }
    try {
      const opened = await openPaymentLink(config, id, amount);
      // The hosted page — this server's, at its public address, whatever address the service would
      // give (its own, behind a load balancer an instance's) — its client secret in the fragment
      // (never sent to a server), in the payer's language.
      const secret = opened.url.split('#')[1] ?? '';
      return new Response(null, {
        status: 303,
        headers: {
          Location: `${publicUrl.replace(/\/+$/, '')}/pay/${opened.paymentIntentId}?lang=${words.lang}#${secret}`,
          'Cache-Control': 'no-store',
        },
      });
    } catch (error) {
      // The link closed between the read and the press (its last place taken, its expiry).
      if (error instanceof ApiError && error.code === 'payment_link_inactive') {
        const now = await read(config, id);
        return closedPage(words, now ?? { ...link, status: 'inactive' }, pageUrl, side);
      }
      throw error;
    }
  });

  app.get(`/${ID}/qr`, async (c) => {
    const id = c.req.param('id');
    const words = wordsFor(c.req.raw);
    const link = await read(api(c.env), id);
    if (!link) return missingPage(words);
    if (link.status !== 'active') return closedPage(words, link, pageUrlOf(id), previewOf(id).side);
    return qrPage(words, link, pageUrlOf(id));
  });

  app.get(`/${ID}/preview.png`, (c) => {
    // Drawn from the address alone: no read of the service, nothing to tell a link that exists from one that does not.
    const { png } = previewOf(c.req.param('id'));
    return new Response(new Uint8Array(png), {
      headers: {
        'Content-Type': 'image/png',
        'Cache-Control': 'public, max-age=86400',
        'Content-Length': String(png.length),
      },
    });
  });
  return app;
}
