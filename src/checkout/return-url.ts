// Return addresses come from the merchant (a session's successUrl and cancelUrl): only absolute
// http(s) addresses are ever followed, so a hostile value cannot run script in the page.

export function safeReturnUrl(raw: string | null | undefined, sessionId?: string): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const href = url.href;
  if (!sessionId) return href;
  const id = encodeURIComponent(sessionId);
  // split/join, not replaceAll: no fallback for the engine floor in the first load (src/compat.ts).
  return href.split('%7BCHECKOUT_SESSION_ID%7D').join(id).split('{CHECKOUT_SESSION_ID}').join(id);
}
