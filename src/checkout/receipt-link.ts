// A payment's lasting receipt link (src/server/receipt-link.ts), asked of the checkout's own server —
// not of the service: the link is a token only that server seals. The client secret goes in the
// body, as a form (a merchant's page, where the widget is, then sends no preflight). Comes with
// the following of an attempt (./following.ts), in the screens' part: no byte of the first load.
// The page's language goes along, so the link opens in it (`?lang=`, beside the token: the one part
// worth keeping secret) wherever it is opened later.
import type { Lang } from '../i18n';

/**
 * Where the link is asked and in which language: the checkout's origin ('' for this page's) and the
 * page's language. One value, handed through the model unopened (its code in the first load stays as it was).
 */
export interface ReceiptLinkAsk {
  base: string;
  lang: Lang;
}

/** The receipt link of the intent `intentId`, from the checkout and in the language `ask` names. */
export async function askReceiptLink(
  { base, lang }: ReceiptLinkAsk,
  intentId: string,
  clientSecret: string,
  signal?: AbortSignal,
): Promise<string> {
  const res = await fetch(`${base.replace(/\/+$/, '')}/pay/${intentId}/receipt-link`, {
    method: 'POST',
    body: new URLSearchParams({ client_secret: clientSecret, lang }),
    credentials: 'omit',
    signal,
  });
  const answer = res.ok ? ((await res.json()) as { url?: unknown }) : null;
  const url = answer && answer.url;
  // Only an address of a receipt, over http(s), with at most its language: anything else is no link to show a payer.
  if (typeof url !== 'string' || !/^https?:\/\/[^/]+\/receipt\/[\w-]+(\?lang=[a-z]{2})?$/.test(url))
    throw new Error(`momo-checkout: no receipt link (${res.status})`);
  return url;
}
