// The hosted page in Chromium when the service misbehaves (the sandbox's fault control over
// HTTP): every unexpected answer gets a clear, translated screen and a way forward.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FaultRuleInput } from '../../src/sandbox/faults/rules';
import { type Harness, startHarness, testNumber, waitForState } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ approvalMs: 1500, faults: true });
});
afterEach(async () => {
  await fetch(`${h.server.url}/v1/_sandbox/faults`, { method: 'DELETE' });
});
afterAll(() => h?.close());

async function inject(...rules: FaultRuleInput[]) {
  const response = await fetch(`${h.server.url}/v1/_sandbox/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(rules),
  });
  expect(response.status).toBe(201);
}

const alertText = (page: Page) => page.locator('[role="alert"]').first().textContent();

async function open(lang: 'fr' | 'en' = 'fr') {
  const { id, secret } = await h.newIntent(2500);
  const page = await h.newPage();
  await page.goto(`${h.server.url}/pay/${id}?lang=${lang}#${secret}`);
  return page;
}

async function pay(page: Page) {
  await page.locator('#momo-first-name').fill('Awa');
  await page.locator('#momo-last-name').fill('Ndong');
  await page.locator('#momo-email').fill('awa@example.cg');
  await page.locator('#momo-phone').fill(testNumber('approved_after_delay').national);
  await page.locator('.momo-pay').click();
}

describe('faults in Chromium', () => {
  it('an HTML error page instead of the intent: a translated error and a retry that works', async () => {
    await inject({ route: 'GET /v1/payment-intents/:id', kind: 'http_error', status: 502, times: 3 });
    const page = await open('en');
    await waitForState(page, 'error');
    expect(await alertText(page)).toBe('The payment service is having trouble. Please try again in a moment.');
    await page.getByRole('button', { name: 'Try again' }).click();
    await waitForState(page, 'form');
  }, 30_000);

  it('an answer that is not JSON: says it was not understood, in French', async () => {
    await inject({ route: 'GET /v1/payment-intents/:id', kind: 'non_json', times: 3 });
    const page = await open('fr');
    await waitForState(page, 'error');
    expect(await alertText(page)).toBe(
      'Le service de paiement a envoyé une réponse incompréhensible. Réessayez dans un instant.',
    );
  }, 30_000);

  it('an unknown payment status: never "paid" nor "failed", a way to check again', async () => {
    await inject({
      route: 'GET /v1/payment-intents/:id',
      kind: 'unknown_status',
      value: 'requires_capture',
      when: 'after',
      times: 1,
    });
    const page = await open('en');
    await waitForState(page, 'error');
    expect(await alertText(page)).toBe(
      'We cannot tell the state of this payment right now. Do not pay again; check again in a moment.',
    );
    await page.getByRole('button', { name: 'Check the payment status' }).click();
    await waitForState(page, 'form');
  }, 30_000);

  it('a confirm whose connection is reset after it reached the service: follows the payment, no second confirm', async () => {
    const page = await open('fr');
    await waitForState(page, 'form');
    await inject({ route: 'POST /v1/payment-intents/:id/confirm', kind: 'reset', when: 'after' });
    const confirms: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/confirm')) confirms.push(request.url());
    });
    await pay(page);
    await waitForState(page, 'succeeded');
    expect(confirms).toHaveLength(1);
  }, 30_000);

  it('a confirm refused by a proxy before it reached the service: nothing charged, the payer may try again', async () => {
    const page = await open('fr');
    await waitForState(page, 'form');
    await inject({ route: 'POST /v1/payment-intents/:id/confirm', kind: 'http_error', status: 503, when: 'before' });
    await pay(page);
    await page
      .getByText(
        'Votre demande de paiement n’est pas passée : aucun débit ne nous est parvenu pour l’instant. Vérifiez votre connexion et réessayez.',
      )
      .waitFor();
    expect(await page.locator('.momo').getAttribute('data-state')).toBe('form');
    await page.locator('.momo-pay').click();
    await waitForState(page, 'succeeded');
  }, 30_000);

  // The confirm is sent by the model's sending half, which comes with the screens' part
  // (src/checkout/sending.ts), fetched at the payer's first touch of the form.
  it('Pay pressed before the screens’ part has arrived: on its way at once, one confirm once the part is here, however many presses', async () => {
    const page = await open('fr');
    await waitForState(page, 'form');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/steps/screens.js', async (route) => {
      await held;
      await route.continue();
    });
    const confirms: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/confirm')) confirms.push(request.url());
    });
    await pay(page);
    await page.locator('.momo[data-state="confirming"]').waitFor();
    await page.locator('.momo-pay').click({ force: true });
    await page.keyboard.press('Enter');
    expect(confirms).toHaveLength(0);
    release();
    await waitForState(page, 'succeeded');
    expect(confirms).toHaveLength(1);
  }, 30_000);

  it('the screens’ part cannot be had: Pay sends nothing and the form stays, saying the connection failed; once it can, one press pays once', async () => {
    const page = await open('fr');
    await waitForState(page, 'form');
    const part = '**/steps/screens.js';
    await page.route(part, (route) => route.abort());
    const confirms: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/confirm')) confirms.push(request.url());
    });
    await pay(page);
    await page
      .getByText('Impossible de joindre le service de paiement. Vérifiez votre connexion et réessayez.')
      .waitFor();
    expect(await page.locator('.momo').getAttribute('data-state')).toBe('form');
    expect(confirms).toHaveLength(0);
    await expect(page.locator('#momo-first-name').inputValue()).resolves.toBe('Awa');
    await page.unroute(part);
    await page.locator('.momo-pay').click();
    await waitForState(page, 'succeeded');
    expect(confirms).toHaveLength(1);
  }, 30_000);
});
