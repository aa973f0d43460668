// <momo-checkout> from widget.js, on a merchant page of another origin, against the sandbox.
import type { ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { fr } from '../../src/i18n/fr';
import { type Harness, startHarness } from '../browser/support/harness';
import { merchantPage, openMerchantPage, pay, recordEvents, seenEvents, waitForState } from './browser-helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const element = (id: string, intent: { id: string; secret: string }, extra = 'lang="fr"') =>
  `<momo-checkout id="${id}" intent="${intent.id}" client-secret="${intent.secret}" ${extra}></momo-checkout>`;

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    // Chromium asks every origin for a favicon; none is served here.
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(message.text());
  });
  return errors;
}

describe('widget.js › on a merchant page', () => {
  it("shows the element's own text until the script has run, then only the checkout", async () => {
    const page = await h.newPage();
    const intent = await h.newIntent();
    let release = () => {};
    const scriptHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/widget.js', async (route) => {
      await scriptHeld;
      await route.continue();
    });
    const html = `<momo-checkout id="w" intent="${intent.id}" client-secret="${intent.secret}" lang="fr"><p id="waiting">Chargement du paiement…</p></momo-checkout>`;
    await page.goto(merchantPage(h, html), { waitUntil: 'commit' });
    await page.locator('#waiting').waitFor({ state: 'visible' });
    release();
    await waitForState(page.locator('#w'), 'form');
    expect(await page.locator('#waiting').isVisible()).toBe(false);
  });

  it('loads from the checkout server onto another origin and adds only MomoCheckout to window', async () => {
    const page = await h.newPage();
    const intent = await h.newIntent(7500);
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v1/')) apiCalls.push(request.url());
    });
    const url = merchantPage(h, element('w', intent), {
      head: '<script>window.globalsBefore = Object.keys(window)</script>',
    });
    expect(new URL(url).origin).not.toBe(new URL(h.server.url).origin);
    await openMerchantPage(page, url);
    await waitForState(page.locator('#w'), 'form');

    const added = await page.evaluate(() => {
      const before = (window as unknown as { globalsBefore: string[] }).globalsBefore;
      return Object.keys(window).filter((key) => !before.includes(key) && key !== 'globalsBefore');
    });
    expect(added).toEqual(['MomoCheckout']);
    expect(
      await page.evaluate(() => Object.keys((window as unknown as { MomoCheckout: object }).MomoCheckout).sort()),
    ).toEqual(['mount', 'open', 'push']);
    await expect.poll(() => page.locator('#w .momo-amount').textContent()).toMatch(/7\s500/);
    expect(apiCalls.length).toBeGreaterThan(0);
    for (const call of apiCalls) expect(call.startsWith(`${h.server.url}/v1/`)).toBe(true);
  });

  it('renders in an open shadow root with an adopted stylesheet and no <style> element', async () => {
    const page = await h.newPage();
    await openMerchantPage(page, merchantPage(h, element('w', await h.newIntent())));
    await waitForState(page.locator('#w'), 'form');
    const shadow = await page.evaluate(() => {
      const root = document.getElementById('w')!.shadowRoot!;
      return {
        sheets: root.adoptedStyleSheets.length,
        styles: root.querySelectorAll('style').length,
        lightChildren: document.getElementById('w')!.childNodes.length,
      };
    });
    expect(shadow).toEqual({ sheets: 1, styles: 0, lightChildren: 0 });
  });
});

describe('<momo-checkout> › paying', () => {
  it('completes an approved payment and tells the page, without the secret or the number', async () => {
    const page = await h.newPage();
    const intent = await h.newIntent();
    let popups = 0;
    page.on('popup', () => popups++);
    await openMerchantPage(page, merchantPage(h, element('w', intent)));
    await recordEvents(page);
    const scope = page.locator('#w');
    await waitForState(scope, 'form');
    const msisdn = await pay(scope, 'approved_after_delay');
    await waitForState(scope, 'pending');
    await waitForState(scope, 'succeeded');

    const events = await seenEvents(page);
    expect(events).toEqual([
      {
        type: 'succeeded',
        target: 'w',
        detail: { intentId: intent.id, status: 'succeeded', chargeId: expect.stringMatching(/^ch_/) },
      },
    ]);
    expect(popups).toBe(0);
    const said = JSON.stringify(events);
    expect(said).not.toContain(intent.secret);
    expect(said).not.toContain(msisdn.slice(-9));
    expect(
      await page.evaluate(() => {
        let bubbledAndComposed = false;
        const host = document.getElementById('w')!;
        host.addEventListener('probe', (e) => (bubbledAndComposed = e.bubbles && e.composed), { once: true });
        host.dispatchEvent(new CustomEvent('probe', { bubbles: true, composed: true }));
        return bubbledAndComposed;
      }),
    ).toBe(true);
  });

  it('says why a payment was declined, then takes a retry on the same intent', async () => {
    const page = await h.newPage();
    const intent = await h.newIntent();
    await openMerchantPage(page, merchantPage(h, element('w', intent)));
    await recordEvents(page);
    const scope = page.locator('#w');
    await waitForState(scope, 'form');
    await pay(scope, 'declined');
    await waitForState(scope, 'failed');
    await expect.poll(() => scope.locator('[role="alert"]').textContent()).toBe(fr['reason.payer_declined']);

    await scope.getByRole('button', { name: fr['failed.changeNumber'] }).click();
    await waitForState(scope, 'form');
    await pay(scope, 'approved_after_delay');
    await waitForState(scope, 'succeeded');

    const [failed, succeeded, ...more] = await seenEvents(page);
    expect(more).toEqual([]);
    expect(failed).toEqual({
      type: 'attemptfailed',
      target: 'w',
      detail: { intentId: intent.id, status: 'failed', chargeId: expect.stringMatching(/^ch_/) },
    });
    expect(succeeded).toEqual({
      type: 'succeeded',
      target: 'w',
      detail: { intentId: intent.id, status: 'succeeded', chargeId: expect.stringMatching(/^ch_/) },
    });
    expect((succeeded!.detail as { chargeId: string }).chargeId).not.toBe(
      (failed!.detail as { chargeId: string }).chargeId,
    );
  });

  it('dispatches canceled when the payer leaves', async () => {
    const page = await h.newPage();
    const intent = await h.newIntent();
    await openMerchantPage(page, merchantPage(h, element('w', intent)));
    await recordEvents(page);
    await waitForState(page.locator('#w'), 'form');
    await page.locator('#w .momo-cancel').click();
    expect(await seenEvents(page)).toEqual([
      { type: 'canceled', target: 'w', detail: { intentId: intent.id, status: 'canceled', chargeId: null } },
    ]);
    // The widget says so (it does not stay as it was), and the payer can come back to pay.
    await waitForState(page.locator('#w'), 'canceled');
    await page.locator('#w').getByRole('button', { name: 'Revenir au paiement' }).click();
    await waitForState(page.locator('#w'), 'form');
  });
});

describe('<momo-checkout> › attributes', () => {
  it('starts again, cleanly, on a new intent and client-secret', async () => {
    const page = await h.newPage();
    const first = await h.newIntent(5000);
    const second = await h.newIntent(9900);
    await openMerchantPage(page, merchantPage(h, element('w', first)));
    const scope = page.locator('#w');
    await waitForState(scope, 'form');
    await pay(scope, 'never_approved');
    await waitForState(scope, 'pending');

    const firstReads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(first.id)) firstReads.push(request.url());
    });
    await page.evaluate(({ id, secret }) => {
      const el = document.getElementById('w')!;
      el.setAttribute('intent', id);
      el.setAttribute('client-secret', secret);
    }, second);
    await waitForState(scope, 'form');
    await expect.poll(() => scope.locator('.momo-amount').textContent()).toMatch(/9\s900/);
    firstReads.length = 0;
    await page.waitForTimeout(2500);
    expect(firstReads).toEqual([]);
    expect(await scope.locator('.momo').count()).toBe(1);
  });

  it('follows the lang attribute without starting again', async () => {
    const page = await h.newPage();
    await openMerchantPage(page, merchantPage(h, element('w', await h.newIntent())));
    const scope = page.locator('#w');
    await waitForState(scope, 'form');
    await scope.locator('#momo-first-name').fill('Awa');
    await page.evaluate(() => document.getElementById('w')!.setAttribute('lang', 'en'));
    await expect.poll(() => scope.locator('.momo-form-heading').textContent()).toBe(en['form.heading']);
    expect(await scope.locator('#momo-first-name').inputValue()).toBe('Awa');
  });

  it('tears down when removed and starts again when put back', async () => {
    const page = await h.newPage();
    await openMerchantPage(page, merchantPage(h, `<div id="box">${element('w', await h.newIntent())}</div>`));
    await waitForState(page.locator('#w'), 'form');
    const left = await page.evaluate(() => {
      const el = document.getElementById('w')!;
      (window as unknown as { detached: Element }).detached = el;
      el.remove();
      return new Promise<number>((resolve) => setTimeout(() => resolve(el.shadowRoot!.childNodes.length), 50));
    });
    expect(left).toBe(0);
    await page.evaluate(() =>
      document.getElementById('box')!.append((window as unknown as { detached: Element }).detached),
    );
    await waitForState(page.locator('#w'), 'form');
  });
});

describe('<momo-checkout> › integration mistakes', () => {
  it('shows a translated message and logs a clear console error for each', async () => {
    const page = await h.newPage({ locale: 'en-US' });
    const errors = consoleErrors(page);
    const good = await h.newIntent();
    const other = await h.newIntent();
    const body = [
      `<momo-checkout id="missing" client-secret="${good.secret}" lang="fr"></momo-checkout>`,
      `<momo-checkout id="malformed" intent="intent-42" client-secret="${good.secret}" lang="fr"></momo-checkout>`,
      `<momo-checkout id="foreign" intent="${good.id}" client-secret="${other.secret}" lang="fr"></momo-checkout>`,
      element('offline', good, 'lang="fr" api-base="http://127.0.0.1:9"'),
      element('german', good, 'lang="de"'),
    ].join('\n');
    await openMerchantPage(page, merchantPage(h, body));

    for (const id of ['missing', 'malformed']) {
      await waitForState(page.locator(`#${id}`), 'error');
      expect(await page.locator(`#${id} [role="alert"]`).textContent()).toBe(fr['error.badLink']);
    }
    await waitForState(page.locator('#foreign'), 'error');
    expect(await page.locator('#foreign [role="alert"]').textContent()).toBe(fr['error.badSecret']);
    await waitForState(page.locator('#offline'), 'error', 30_000);
    expect(await page.locator('#offline [role="alert"]').textContent()).toBe(fr['error.network']);
    await waitForState(page.locator('#german'), 'form');
    expect(await page.locator('#german .momo-form-heading').textContent()).toBe(en['form.heading']);

    const ours = errors.filter((text) => text.startsWith('momo-checkout:'));
    expect(ours).toEqual(
      expect.arrayContaining([
        expect.stringContaining('payment intent id is missing'),
        expect.stringContaining('payment intent id is malformed'),
        expect.stringContaining(`does not belong to payment intent ${good.id}`),
        expect.stringContaining('could not reach the payment service at http://127.0.0.1:9'),
        expect.stringContaining('lang "de" is not supported'),
      ]),
    );
    // The foreign secret never reached the service: no message may say the service refused it.
    expect(ours.filter((text) => text.includes('refused'))).toEqual([]);
    for (const text of errors) {
      expect(text).not.toContain(good.secret);
      expect(text).not.toContain(other.secret);
    }
  });

  it('says the client secret is refused when it is right in form but wrong', async () => {
    const page = await h.newPage();
    const errors = consoleErrors(page);
    const intent = await h.newIntent();
    const forged = { id: intent.id, secret: `${intent.id}_secret_${'0'.repeat(24)}` };
    await openMerchantPage(page, merchantPage(h, element('w', forged)));
    const scope = page.locator('#w');
    await waitForState(scope, 'form');
    await pay(scope, 'approved_after_delay');
    await waitForState(scope, 'error');
    expect(await scope.locator('[role="alert"]').textContent()).toBe(fr['error.badSecret']);
    expect(errors.some((text) => text.includes(`refused the client secret of payment intent ${intent.id}`))).toBe(true);
  });
});

describe('demo shop › embedded widget', () => {
  it('comes alive on /demo under the shop’s strict CSP', async () => {
    const page = await h.newPage();
    const errors = consoleErrors(page);
    await page.goto(`${h.server.url}/demo`);
    // The shop makes the widget's payment when the customer asks for it (a GET creates nothing).
    await page.waitForFunction(() => 'MomoCheckout' in window);
    await page.locator('#show-widget').click();
    const scope = page.locator('momo-checkout');
    await waitForState(scope, 'form');
    expect(await scope.locator('.momo-pay').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('on /demo, the shop opens the checkout in a dialog and tells the customer once it is paid', async () => {
    const page = await h.newPage();
    const errors = consoleErrors(page);
    await page.goto(`${h.server.url}/demo`);
    await page.waitForFunction(() => 'MomoCheckout' in window);
    await page.getByRole('button', { name: 'Payer dans une fenêtre' }).click();
    const dialog = page.locator('momo-checkout-dialog');
    await waitForState(dialog, 'form');
    await pay(dialog, 'approved_at_once');
    await waitForState(dialog, 'succeeded');
    await expect
      .poll(() => page.locator('#dialog-said').textContent())
      .toBe('Paiement reçu. La boutique confirme la commande auprès du service de paiement.');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Payer dans une fenêtre' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  });
});
