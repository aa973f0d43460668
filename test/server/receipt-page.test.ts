// @vitest-environment node
// The receipt page's HTML (src/server/receipt-page.ts) in every language of the table: each state
// speaks the payer's language whole (no placeholder left), right to left in Arabic.
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../src/i18n';
import { APPROVAL_MS, testNumber } from '../sandbox/helpers';
import { receiptSetup } from './receipt-setup';

describe('the receipt page in every language', () => {
  it.each(LANGS)('%s: pending then paid, every text filled in', async (lang) => {
    const t = receiptSetup();
    const intent = await t.newIntent(5000);
    await t.confirm(intent, testNumber('approved_after_delay'));
    const path = `${t.receiptPath(intent.intent_id)}?lang=${lang}&follow=1`;
    const pending = await (await t.get(path)).text();
    t.clock.advance(APPROVAL_MS + 1);
    const paid = await (await t.get(path)).text();
    for (const html of [pending, paid]) {
      expect(html).toContain(`<html lang="${lang}"${lang === 'ar' ? ' dir="rtl"' : ''}>`);
      expect(html).not.toMatch(/\{[a-z]+\}/i);
      expect(html).toContain('MTN MoMo');
    }
    expect(pending).toContain('http-equiv="refresh"');
    expect(pending).toMatch(/role="status">[^<]*MTN MoMo[^<]*5/);
    expect(paid).not.toContain('http-equiv="refresh"');
  });
});
