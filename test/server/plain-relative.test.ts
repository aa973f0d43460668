// @vitest-environment node
// A payment handed on, without JavaScript (src/server/plain-relative.ts): the relative's plain pages
// show nothing of an attempt their browser did not start — not the payer's number, wallet or why
// it failed — and their own attempt as any payer's; the page's answer leaves the mark its <noscript>
// refresh would otherwise drop with the query.
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { RIGHT_CODE } from '../../src/methods/momo/steps/enter_otp.sandbox';
import { relativeCookie } from '../../src/server/plain-relative';
import { testNumber as number } from '../browser/support/harness';
import { APPROVAL_MS } from '../sandbox/helpers';
import { payer, plainSetup, tokenOf } from './plain-setup';

const RELATIVE = { cookie: 'momo_relative=1' };

/** The payer's attempt started from the plain form with `outcome`'s number; its typed cookie. */
async function payerPays(t: ReturnType<typeof plainSetup>, id: string, outcome: Parameters<typeof number>[0]) {
  const token = tokenOf(await (await t.get(`/pay/${id}?plain=1`)).text());
  const res = await t.post(`/pay/${id}`, { token, ...payer(number(outcome).national) });
  expect(res.status).toBe(303);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
}

const digits = (html: string) => (html.split('<main>')[1] ?? '').replace(/\D/g, '');

describe('a relative’s plain pages', () => {
  it('is marked for the payment’s pages alone, out of scripts’ reach, for a day', () => {
    expect(relativeCookie('pi_1', true)).toBe(
      'momo_relative=1; Path=/pay/pi_1; Max-Age=86400; HttpOnly; Secure; SameSite=Lax',
    );
    // A page over plain http (test/server/plain-cookie.test.ts): a browser would drop a Secure one.
    expect(relativeCookie('pi_1', false)).toBe(
      'momo_relative=1; Path=/pay/pi_1; Max-Age=86400; HttpOnly; SameSite=Lax',
    );
  });

  it('while the payer’s attempt waits: "waiting", without the payer’s number or wallet (the payer sees both)', async () => {
    const t = plainSetup();
    const intent = await t.newIntent(5000, 'xaf');
    const typed = await payerPays(t, intent.intent_id, 'approved_after_delay');
    const last4 = number('approved_after_delay').national.replace(/\D/g, '').slice(-4);
    const mine = await (await t.get(`/pay/${intent.intent_id}/status?lang=fr`, { cookie: typed })).text();
    expect(digits(mine)).toContain(last4);
    expect(mine).toMatch(/MTN|Airtel/);
    const theirs = await (await t.get(`/pay/${intent.intent_id}/status?lang=fr`, RELATIVE)).text();
    const main = theirs.split('<main>')[1] ?? '';
    expect(digits(theirs)).not.toContain(last4);
    expect(main).not.toMatch(/MTN|Airtel|•/);
    // The same from the address's mark, before any cookie.
    const marked = await (await t.get(`/pay/${intent.intent_id}/status?lang=fr&relative`)).text();
    expect(marked.split('<main>')[1]).toBe(main);
  });

  it('after the payer’s failure: the form, not why it failed; the relative’s own attempt shows their own number', async () => {
    const t = plainSetup();
    const intent = await t.newIntent(5000, 'xaf');
    await payerPays(t, intent.intent_id, 'insufficient_funds');
    t.clock.advance(APPROVAL_MS + 1000);
    const payerSees = await t.get(`/pay/${intent.intent_id}/status?lang=fr`);
    expect(payerSees.status).toBe(200);
    const relativeSees = await t.get(`/pay/${intent.intent_id}/status?lang=fr`, RELATIVE);
    expect(relativeSees.status).toBe(303);
    expect(relativeSees.headers.get('location')).toBe(`/pay/${intent.intent_id}?plain=1&lang=fr`);

    const token = tokenOf(await (await t.get(`/pay/${intent.intent_id}?plain=1`, RELATIVE)).text());
    const own = number('approved_after_delay').national;
    const res = await t.post(`/pay/${intent.intent_id}`, { token, ...payer(own) }, RELATIVE);
    const typed = (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const page = await (
      await t.get(`/pay/${intent.intent_id}/status?lang=fr`, { cookie: `${typed}; momo_relative=1` })
    ).text();
    expect(digits(page)).toContain(own.replace(/\D/g, '').slice(-4));
  });

  it('while the payer’s one-time-code attempt waits: "someone is already paying on another phone", no code to dial, no code form; a code posted anyway is not sent', async () => {
    const t = plainSetup();
    const intent = await t.newIntent(5000, 'xof');
    const id = intent.intent_id;
    const token = tokenOf(await (await t.get(`/pay/${id}?plain=1`)).text());
    const phone = number('approved_after_delay', 'sn', 'orange').national;
    const typed = (
      (await t.post(`/pay/${id}`, { token, ...payer(phone), country: 'sn', operator: 'sn:orange' })).headers.get(
        'set-cookie',
      ) ?? ''
    ).split(';')[0] as string;
    const payerSees = await (await t.get(`/pay/${id}/status?lang=en`, { cookie: typed })).text();
    expect(payerSees).toContain('name="code"');

    const res = await t.get(`/pay/${id}/status?lang=en`, RELATIVE);
    expect(res.status).toBe(200);
    const html = await res.text();
    const main = html.split('<main>')[1] ?? '';
    expect(main).toContain('<h1>Someone is already paying on another phone</h1>');
    expect(main).not.toMatch(/<form|name="code"|#144#|Approve the payment|on your phone \(/);
    expect(digits(html)).not.toContain(phone.replace(/\D/g, '').slice(-4));
    expect(html).toMatch(/<meta http-equiv="refresh"/);

    // Three wrong codes posted from the relative's browser (with the payer's form's token, were it
    // had): none reaches the service, and the payer's attempt still waits for the payer's code.
    const payerToken = tokenOf(payerSees);
    for (let i = 0; i < 3; i++) {
      const wrong = await t.post(`/pay/${id}/answer`, { token: payerToken, code: '000000', lang: 'en' }, RELATIVE);
      expect(wrong.status).toBe(303);
    }
    expect(t.sent.filter((sent) => sent.url.endsWith('/otp'))).toHaveLength(0);
    expect((await t.readIntent(id)).status).toBe('pending');
    const right = await t.post(
      `/pay/${id}/answer`,
      { token: payerToken, code: RIGHT_CODE, lang: 'en' },
      { cookie: typed },
    );
    expect(right.status).toBe(303);
    t.clock.advance(APPROVAL_MS + 1000);
    // Paid: the receipt, without the payer's number.
    const receipt = await (await t.get(`/pay/${id}/status?lang=en`, RELATIVE)).text();
    expect(receipt).toContain(`<h1>${en['succeeded.heading']}</h1>`);
    expect(digits(receipt)).not.toContain(phone.replace(/\D/g, '').slice(-4));
    expect(receipt.split('<main>')[1]).not.toMatch(/Orange/);
  });
});
