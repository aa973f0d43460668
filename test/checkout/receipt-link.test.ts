// The receipt link asked of the checkout's server (src/checkout/receipt-link.ts): the secret in a
// form's body (no preflight from a merchant's page), never in the address; only a receipt's address
// taken as an answer.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { askReceiptLink } from '../../src/checkout/receipt-link';

const SECRET = 'pi_Abc123_secret_xyzxyzxyzxyzxyzxyzxyzxyz12';
afterEach(() => vi.unstubAllGlobals());

function answering(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => Response.json(body, { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('askReceiptLink', () => {
  it('posts the secret as a form to the checkout’s origin and answers the link', async () => {
    const fetch = answering(200, { url: 'https://checkout.example/receipt/abcDEF_-123' });
    await expect(askReceiptLink({ base: 'https://checkout.example/', lang: 'fr' }, 'pi_Abc123', SECRET)).resolves.toBe(
      'https://checkout.example/receipt/abcDEF_-123',
    );
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://checkout.example/pay/pi_Abc123/receipt-link');
    expect(url).not.toContain('secret');
    expect(init?.method).toBe('POST');
    expect(String(init?.body)).toBe(`client_secret=${SECRET}&lang=fr`);
    expect(init?.credentials).toBe('omit');
  });

  it('asks for the link in the page’s language, and takes it with its language', async () => {
    const fetch = answering(200, { url: 'https://checkout.example/receipt/abcDEF_-123?lang=ar' });
    await expect(askReceiptLink({ base: 'https://checkout.example', lang: 'ar' }, 'pi_Abc123', SECRET)).resolves.toBe(
      'https://checkout.example/receipt/abcDEF_-123?lang=ar',
    );
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://checkout.example/pay/pi_Abc123/receipt-link');
    expect(String(init?.body)).toBe(`client_secret=${SECRET}&lang=ar`);
  });

  it('takes nothing but a receipt’s http(s) address', async () => {
    for (const [status, body] of [
      [404, { error: 'not_found' }],
      [200, { url: 'javascript:alert(1)//receipt/abc' }],
      [200, { url: 'https://elsewhere.example/phish' }],
      [200, { url: 'https://checkout.example/receipt/abc?lang=ar&next=https://elsewhere.example' }],
      [200, {}],
    ] as const) {
      answering(status, body);
      await expect(askReceiptLink({ base: '', lang: 'fr' }, 'pi_Abc123', SECRET)).rejects.toThrow(/no receipt link/);
    }
  });
});
