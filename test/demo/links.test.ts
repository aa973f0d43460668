// @vitest-environment node
// The demo shop's payment links page (src/demo/links.ts) over the sandbox in process: a seller's
// form makes a link, the page lists its address, its QR page and its count of payments, and a link
// can be deactivated; a post from another site makes nothing.
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api';
import { demoLinksApp } from '../../src/demo/links';
import { BASE, setup, TOKEN } from '../sandbox/helpers';

function linksSetup() {
  const s = setup();
  const client = createClient({ baseUrl: BASE, token: TOKEN, fetch: s.sandbox.fetch, readRetries: 0 });
  const app = demoLinksApp({
    client,
    page: (status, body) => new Response(body.value, { status, headers: { 'Content-Type': 'text/html' } }),
    now: s.clock.now,
  });
  const post = (path: string, form: Record<string, string>, site = 'same-origin') =>
    app.request(`http://shop.test${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': site },
      body: new URLSearchParams(form).toString(),
    });
  return { ...s, client, app, post };
}

describe('the demo’s payment links', () => {
  it('makes a link from the form and shows its address, its QR page and its payments', async () => {
    const s = linksSetup();
    const made = await s.post('/', { description: 'Pagne wax', amount: '2 500', maxPayments: '3', hours: '24' });
    expect(made.status).toBe(303);
    const [link] = (await s.client.listPaymentLinks()).data;
    expect(link).toMatchObject({ amount: 2500, maxPayments: 3, description: 'Pagne wax' });
    expect(Date.parse(link?.expiresAt ?? '')).toBe(s.clock.now() + 24 * 3_600_000);
    const html = await (await s.app.request('http://shop.test/')).text();
    expect(html).toContain(`href="${link?.url}"`);
    expect(html).toContain(`href="${link?.qrUrl}"`);
    expect(html).toMatch(/class="plink-count">0</);
  });

  it('makes a link whose customer chooses the amount, deactivates it, and refuses another site’s post', async () => {
    const s = linksSetup();
    await s.post('/', { description: 'Dons', amountMin: '500', amountMax: '10000' });
    const [link] = (await s.client.listPaymentLinks()).data;
    expect(link).toMatchObject({ amount: null, amountMin: 500, amountMax: 10000 });
    expect((await s.post(`/${link?.id}/deactivate`, {}, 'cross-site')).status).toBe(403);
    expect((await s.post(`/${link?.id}/deactivate`, {})).status).toBe(303);
    expect((await s.client.getPaymentLink(link?.id as string)).status).toBe('inactive');
    const refused = await s.post('/', { description: 'x', amount: '1' }, 'cross-site');
    expect(refused.status).toBe(403);
    expect((await s.post('/', { description: 'No amount' })).status).toBe(400);
  });
});
