// A payment's lasting receipt link (src/server/receipt-link.ts), asked of the checkout's own server —
// not of the service: the link is a token only that server seals. The client secret goes in the
// body, as a form (a merchant's page, where the widget is, then sends no preflight). Comes with
// the following of an attempt (./following.ts), in the screens' part: no byte of the first load.

/** The receipt link of the intent `intentId`, from the checkout at `base` ('' for this page's origin). */
export async function askReceiptLink(
  base: string,
  intentId: string,
  clientSecret: string,
  signal?: AbortSignal,
): Promise<string> {
  const res = await fetch(`${base.replace(/\/+$/, '')}/pay/${intentId}/receipt-link`, {
    method: 'POST',
    body: new URLSearchParams({ client_secret: clientSecret }),
    credentials: 'omit',
    signal,
  });
  const answer = res.ok ? ((await res.json()) as { url?: unknown }) : null;
  const url = answer && answer.url;
  // Only an address of a receipt, over http(s): anything else is no link to show a payer.
  if (typeof url !== 'string' || !/^https?:\/\/[^/]+\/receipt\/[\w-]+$/.test(url))
    throw new Error(`momo-checkout: no receipt link (${res.status})`);
  return url;
}
