// @vitest-environment node
// A payment link's pages in every language of the table (src/server/link-pages.ts): each says what
// it must in the payer's language, with every placeholder filled, and the QR page is printable.
import { describe, expect, it } from 'vitest';
import type { PublicPaymentLink } from '../../src/api/types';
import { LANGS } from '../../src/i18n';
import { amountText, closedPage, linkPage, missingPage, qrPage } from '../../src/server/link-pages';
import { esc } from '../../src/server/plain-html';
import { wordsOf } from '../../src/server/plain-words';

const link: PublicPaymentLink = {
  id: 'plink_abc',
  object: 'payment_link',
  status: 'active',
  url: 'https://pay.example/l/plink_abc',
  qrUrl: 'https://pay.example/l/plink_abc/qr',
  amount: null,
  amountMin: 500,
  amountMax: 20000,
  currency: 'xaf',
  description: 'Poisson braisé',
  maxPayments: null,
  paymentsCount: 0,
  expiresAt: '2026-11-29T10:00:00.000Z',
  createdAt: '2026-11-28T10:00:00.000Z',
  merchant: { name: 'Chez Mami', logo_url: null, support_email: 'mami@example.cg', support_phone: null },
};
const URL_ = link.url;

describe('the link’s pages in every language', () => {
  it.each(LANGS)('%s: every page filled in, the amount form, the closed page and the QR page', async (lang) => {
    const words = wordsOf(lang);
    const pages = [
      linkPage(words, link, { pageUrl: URL_, previewSide: 270 }),
      linkPage(words, link, { pageUrl: URL_, previewSide: 270, typed: '9', error: true }),
      closedPage(words, { ...link, status: 'expired' }, URL_, 270),
      missingPage(words),
      qrPage(words, link, URL_),
    ];
    const html = await Promise.all(pages.map((page) => page.text()));
    for (const text of html) {
      expect(text).not.toMatch(/\{[a-z]+\}/);
      expect(text).toContain(`<html lang="${lang}"`);
    }
    expect(pages.map((page) => page.status)).toEqual([200, 400, 410, 404, 200]);
    // The words' values come isolated (U+2066…U+2069) from the fill; the page keeps whole isolates (esc).
    const bounds = {
      min: amountText({ ...link, amountMax: 500 }, lang).split(' – ')[0] as string,
      max: amountText({ ...link, amountMin: 20000 }, lang).split(' – ')[1] as string,
    };
    expect(html[1]).toContain(esc(words.w('linkAmountError', bounds)));
    expect(html[0]).toContain(words.t('page.title'));
    expect(html[2]).toContain(words.w('linkClosed'));
    expect(html[2]).toContain('href="mailto:mami@example.cg"');
    expect(html[4]).toContain(words.w('linkScan'));
    expect(html[4]).toContain('<svg class="qr"');
  });

  it('the QR page prints: a print stylesheet hides the page’s links and makes the code big', async () => {
    const html = await qrPage(wordsOf('fr'), { ...link, amount: 2500, amountMin: null, amountMax: null }, URL_).text();
    expect(html).toMatch(/@media print\{[\s\S]*\.noprint\{display:none\}[\s\S]*\.qr\{width:13cm/);
    expect(html).toContain('2\u202f500\u00a0FCFA');
    expect(html).toContain('Chez Mami');
  });
});
