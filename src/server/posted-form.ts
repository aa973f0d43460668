// A posted body read within a limit: anyone may post to the checkout's forms (a payment, a receipt
// link, a payment link's amount) for any id that looks right, so a body read whole would let them
// fill this server's memory. Its Content-Length says "too large" first, or its bytes as they come.
import { readBytes } from '../api/read-text';

/** The body's bytes, or null (the rest left unread) if it weighs more than `max`. */
export async function readPostedBytes(req: Request, max: number): Promise<Uint8Array | null> {
  if (!req.body) return new Uint8Array(0);
  if (Number(req.headers.get('content-length') ?? 0) > max) {
    await req.body.cancel().catch(() => undefined);
    return null;
  }
  return readBytes(req.body, max);
}

/** The posted form, or null if it is not one or weighs more than `max`. */
export async function readPostedForm(req: Request, max: number): Promise<URLSearchParams | null> {
  if (!(req.headers.get('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded'))
    return null;
  const bytes = await readPostedBytes(req, max);
  return bytes && new URLSearchParams(new TextDecoder().decode(bytes));
}
