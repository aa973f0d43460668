// "Someone else pays" (docs/decisions.md), in Chromium, with two browser contexts — two phones. The
// payer pays with Orange Money in Senegal: a code to dial, then to type on their page. The relative
// opens the link handed on meanwhile: their page says someone is already paying on another phone —
// not "approve on your phone", not the code to dial, no field to type a code in (three wrong codes
// there failed the payer's attempt) — and follows it: once the payer's code pays it, the receipt says
// someone else paid, with no number. Shots of the new screen at 360×740 and 320 px.
import { mkdirSync } from 'node:fs';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { translator } from '../../src/i18n';
import { audit } from './support/axe';
import { type Harness, startHarness, TEST_TOKEN, testNumber, typeCodeIfAsked, waitForState } from './support/harness';

const SHOTS = 'test-results/relative-attempts';
const NARROW: BrowserContextOptions = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
let h: Harness;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await startHarness({ approvalMs: 800 });
});
afterAll(() => h?.close());

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-360x740.png`, fullPage: true });
  await page.setViewportSize({ width: 320, height: 740 });
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(320);
  await page.screenshot({ path: `${SHOTS}/${name}-320.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
}

describe('a relative’s page during the payer’s attempt', () => {
  it('shows someone already paying on another phone, with no code step, and follows it to the receipt paid by someone else', async () => {
    const api = createClient({ baseUrl: h.server.url, token: TEST_TOKEN });
    const intent = await api.createIntent({ amount: 5000, currency: 'xof', description: 'Browser test' });
    const [id, secret] = [intent.intent_id, intent.client_secret ?? ''];
    const payer = await h.newPage(NARROW);
    await payer.goto(`${h.server.url}/pay/${id}?lang=fr#${secret}`);
    await waitForState(payer, 'form');
    const orange = testNumber('approved_after_delay', 'sn', 'orange');
    await payer.locator('#momo-country').selectOption('sn');
    await payer.locator('#momo-phone').fill(orange.national);
    await payer.locator('#momo-first-name').fill('Awa');
    await payer.locator('#momo-last-name').fill('Diop');
    await payer.locator('#momo-email').fill('awa@exemple.sn');
    await payer.locator('#momo-email').press('Enter');
    await payer.locator('.momo-pending[data-step="enter_otp"] #momo-code').waitFor({ timeout: 15_000 });

    // The relative's phone: the link handed on, in English.
    const relative = await h.newPage({ ...NARROW, locale: 'en-US' });
    const answers: string[] = [];
    relative.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/otp') && answers.push(r.url()));
    await relative.goto(`${h.server.url}/pay/${id}?relative#${secret}`);
    await waitForState(relative, 'elsewhere');
    const en = translator('en');
    await expect(relative.locator('h2').textContent()).resolves.toBe(en('elsewhere.heading'));
    const seen = (await relative.locator('.momo-main').textContent()) ?? '';
    expect(seen).not.toContain('#144#');
    expect(seen).not.toContain(en('pending.heading'));
    expect(seen).not.toContain(orange.national.replace(/\D/g, '').slice(-4));
    await expect(relative.locator('.momo-main input').count()).resolves.toBe(0);
    await expect(audit(relative)).resolves.toEqual([]);
    await shoot(relative, 'elsewhere');

    // The payer types their code on their own page: paid, and the relative's page follows.
    await typeCodeIfAsked(payer);
    await waitForState(payer, 'succeeded');
    await waitForState(relative, 'succeeded');
    const receipt = (await relative.locator('.momo-success').textContent()) ?? '';
    expect(receipt).toContain(en('succeeded.byOther'));
    expect(receipt).not.toContain(orange.national.replace(/\D/g, '').slice(-4));
    expect(answers).toHaveLength(0);
    const read = await api.getIntent(id);
    expect(read.event.charges.filter((c) => c.status === 'succeeded')).toHaveLength(1);
  });
});
