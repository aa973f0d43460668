// @vitest-environment node
// A posted body read within a limit (src/server/posted-form.ts): what the checkout's forms (a
// payment, a receipt link, a payment link's amount) and the demo shop's webhooks read of a body
// anyone may post. A body larger than the limit is refused having pulled no more of it than the
// limit, whether its length says so first or its bytes do as they come.
import { describe, expect, it } from 'vitest';
import { readPostedBytes, readPostedForm } from '../../src/server/posted-form';

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** A body of 64 MB made as it is pulled: what is pulled of it is what a server would hold. */
function endless() {
  const kilobyte = new TextEncoder().encode('a'.repeat(1024));
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      counter.pulled++;
      if (counter.pulled > 64 * 1024) controller.close();
      else controller.enqueue(kilobyte);
    },
  });
  return { stream, counter };
}

const post = (body: BodyInit | null, headers: Record<string, string> = FORM) =>
  new Request('http://localhost/x', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

describe('readPostedForm', () => {
  it('reads a form within the limit', async () => {
    expect((await readPostedForm(post('amount=12+500&lang=fr'), 1024))?.get('amount')).toBe('12 500');
    expect([...((await readPostedForm(post(null), 1024)) ?? [])]).toEqual([]);
  });

  it('refuses a body past the limit having pulled little of it, and one whose length says so unread', async () => {
    const { stream, counter } = endless();
    expect(await readPostedForm(post(stream), 4096)).toBeNull();
    expect(counter.pulled).toBeLessThan(8);
    const declared = post('amount=1', { ...FORM, 'Content-Length': '5000' });
    expect(await readPostedForm(declared, 4096)).toBeNull();
  });

  it('takes only a form: any other body is not read as one', async () => {
    expect(await readPostedForm(post('{"amount":1}', { 'Content-Type': 'application/json' }), 1024)).toBeNull();
  });
});

describe('readPostedBytes', () => {
  it('gives the bytes of any body within the limit, none past it', async () => {
    const text = '{"type":"payment_intent.succeeded"}';
    const bytes = await readPostedBytes(post(text, { 'Content-Type': 'application/json' }), 1024);
    expect(new TextDecoder().decode(bytes as Uint8Array)).toBe(text);
    const { stream, counter } = endless();
    expect(await readPostedBytes(post(stream, {}), 1024)).toBeNull();
    expect(counter.pulled).toBeLessThan(4);
  });
});
