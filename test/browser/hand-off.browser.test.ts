// "Someone else pays" (issue 31 item 2), in Chromium, with two browser contexts — two phones. The
// payer's attempt fails (no funds); on the failure screen they hand the payment on: the sheet gives
// the link (WhatsApp, copy, QR). The relative opens it in their own context: the shop and the
// amount, the form, nothing of the payer's (not their number, not why their attempt failed); they
// pay with their own wallet, and the payer's screen, which followed, ends on a receipt that says
// someone else paid, with no number. One charge paid. The relative is never offered to hand it on
// again. Shots at 360×740 and 320 px.
import { mkdirSync } from 'node:fs';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { translator } from '../../src/i18n';
import { type Harness, startHarness, TEST_TOKEN, testNumber, waitForState } from './support/harness';
import { audit } from './support/axe';

const SHOTS = 'test-results/hand-off';
const NARROW: BrowserContextOptions = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
let h: Harness;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await startHarness({ approvalMs: 800 });
});
afterAll(() => h?.close());

/** Fills the form as a payer types it, and presses Pay. */
async function pay(page: Page, national: string, first: string, last: string, email: string) {
  await page.locator('#momo-country').selectOption('cg');
  await page.locator('#momo-phone').fill(national);
  await page.locator('#momo-first-name').fill(first);
  await page.locator('#momo-last-name').fill(last);
  await page.locator('#momo-email').fill(email);
  await page.locator('#momo-email').press('Enter');
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-360x740.png`, fullPage: true });
  await page.setViewportSize({ width: 320, height: 740 });
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(320);
  await page.screenshot({ path: `${SHOTS}/${name}-320.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
}

describe('someone else pays', () => {
  it('the payer hands the payment on after a failure; a second phone pays it; the first follows to the receipt; one charge', async () => {
    const intent = await h.newIntent(5000);
    const payer = await h.newPage(NARROW);
    const confirms: string[] = [];
    await payer.goto(`${h.server.url}/pay/${intent.id}?lang=fr#${intent.secret}`);
    await waitForState(payer, 'form');
    const poor = testNumber('insufficient_funds');
    await pay(payer, poor.national, 'Mireille', 'Nganga', 'mireille@exemple.cg');
    await waitForState(payer, 'failed');
    const fr = translator('fr');
    await payer.getByRole('button', { name: fr('handoff.offer') }).click();
    await waitForState(payer, 'shared');
    await payer.locator('.momo-handoff svg.momo-qr').waitFor({ timeout: 15_000 });
    await expect(payer.locator('h2').textContent()).resolves.toBe(fr('handoff.heading'));
    await expect(audit(payer)).resolves.toEqual([]);
    const whatsapp = await payer.locator('.momo-handoff a[href^="whatsapp://send?"]').getAttribute('href');
    const link = decodeURIComponent(new URL(whatsapp ?? '').searchParams.get('text') ?? '')
      .split('\n')
      .at(-1) as string;
    expect(link).toBe(`${h.server.url}/pay/${intent.id}?relative#${intent.secret}`);
    await shoot(payer, 'shared');

    // The relative's phone: a context of its own, in English.
    const relative = await h.newPage({ ...NARROW, locale: 'en-US' });
    for (const page of [payer, relative])
      page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/confirm') && confirms.push(r.url()));
    await relative.goto(link);
    await waitForState(relative, 'form');
    // The shop and the amount; nothing of the payer's: not their number, their name, why they failed.
    const seen = (await relative.locator('.momo').textContent()) ?? '';
    expect(seen).toMatch(/5[\s\u00a0\u202f,.]?000/);
    for (const theirs of [poor.national.slice(-4), 'Mireille', 'Nganga', 'mireille@'])
      expect(seen).not.toContain(theirs);
    expect(seen).not.toContain(translator('en')('reason.insufficient_funds'));
    await expect(relative.locator('#momo-phone').inputValue()).resolves.toBe('');
    // Asked to pay, they are not offered to pass it on again.
    await expect(relative.getByRole('button', { name: translator('en')('handoff.offer') }).count()).resolves.toBe(0);
    await expect(audit(relative)).resolves.toEqual([]);
    await shoot(relative, 'relative-form');

    const theirs = testNumber('approved_after_delay', 'cg', 'airtel');
    await pay(relative, theirs.national, 'Jean', 'Mabiala', 'jean@example.cg');
    await waitForState(relative, 'succeeded');

    // The first phone followed: a receipt that says someone else paid, without a number.
    await waitForState(payer, 'succeeded');
    const receipt = (await payer.locator('.momo-success').textContent()) ?? '';
    expect(receipt).toContain(fr('succeeded.byOther'));
    for (const number of [poor.national.slice(-4), theirs.national.slice(-4)]) expect(receipt).not.toContain(number);
    await expect(audit(payer)).resolves.toEqual([]);
    await shoot(payer, 'paid-by-other');

    expect(confirms).toHaveLength(1);
    const read = await createClient({ baseUrl: h.server.url, token: TEST_TOKEN }).getIntent(intent.id);
    expect(read.event.charges.filter((c) => c.status === 'succeeded')).toHaveLength(1);
  });

  it("the offer pressed on the hosted form moves the focus to the hand-off screen's heading", async () => {
    const intent = await h.newIntent(5000);
    const payer = await h.newPage(NARROW);
    await payer.goto(`${h.server.url}/pay/${intent.id}?lang=fr#${intent.secret}`);
    await waitForState(payer, 'form');
    await payer.locator('#momo-phone').fill(testNumber('approved_after_delay').national);
    const fr = translator('fr');
    await payer.getByRole('button', { name: fr('handoff.offer') }).click();
    await waitForState(payer, 'shared');
    // The page left "loading" for the form without a change of focus: that quiet change is spent,
    // so the payer's own press is followed to the new screen, not left on <body>.
    await expect
      .poll(() => payer.evaluate(() => document.activeElement?.textContent), { timeout: 5_000 })
      .toBe(fr('handoff.heading'));
  });

  it('the hand-off screen: its text and buttons apart, and "check now" without "I have approved" (fr, en)', async () => {
    for (const lang of ['fr', 'en'] as const) {
      const t = translator(lang);
      const intent = await h.newIntent(5000);
      const payer = await h.newPage(NARROW);
      await payer.goto(`${h.server.url}/pay/${intent.id}?lang=${lang}#${intent.secret}`);
      await waitForState(payer, 'form');
      await payer.getByRole('button', { name: t('handoff.offer') }).click();
      await waitForState(payer, 'shared');
      await payer.locator('.momo-handoff svg.momo-qr').waitFor({ timeout: 15_000 });
      // This payer approves nothing: the button only checks.
      await expect(payer.locator('.momo-check').textContent()).resolves.toBe(t('handoff.check'));
      await expect(payer.getByRole('button', { name: t('pending.checkNow') }).count()).resolves.toBe(0);
      // Every shown neighbour of the sheet (text, buttons, code) at least 8 px below the one before.
      const gaps = await payer.evaluate(() =>
        [...document.querySelectorAll('.momo-handoff > *')]
          .map((el) => el.getBoundingClientRect())
          .filter((box) => box.height > 0)
          .map((box, i, boxes) => (i === 0 ? Infinity : Math.round(box.top - (boxes[i - 1]?.bottom ?? 0)))),
      );
      expect(gaps.length).toBeGreaterThan(4);
      expect(gaps.filter((gap) => gap < 8)).toEqual([]);
      await shoot(payer, `shared-spaced-${lang}`);
    }
  });

  it('a relative whose own attempt fails is offered to try again, not to hand the payment on once more', async () => {
    const intent = await h.newIntent(5000);
    const relative = await h.newPage({ ...NARROW, locale: 'en-US' });
    await relative.goto(`${h.server.url}/pay/${intent.id}?relative#${intent.secret}`);
    await waitForState(relative, 'form');
    const declined = testNumber('declined');
    await pay(relative, declined.national, 'Jean', 'Mabiala', 'jean@example.cg');
    await waitForState(relative, 'failed');
    const en = translator('en');
    await expect(relative.locator('.momo-failed [role="alert"]').first().textContent()).resolves.toBe(
      en('reason.payer_declined'),
    );
    await expect(relative.getByRole('button', { name: en('handoff.offer') }).count()).resolves.toBe(0);
    await expect(audit(relative)).resolves.toEqual([]);
    await shoot(relative, 'relative-failed');
  });
});
