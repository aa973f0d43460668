// The page's first reads, started by index.html's inline script before this bundle arrived (on a
// slow network the two then overlap instead of following each other). The API client takes each
// one over the first time it asks for the same address, as if it had sent it itself: its time
// limit, retries and checks apply as usual. A read that was not started early is simply sent.

declare global {
  interface Window {
    /** Set by index.html's inline script: same-origin path → the fetch it started. */
    momoEarlyReads?: Record<string, Promise<Response>>;
    /**
     * Set by this page's script once it has started (./main.tsx): index.html's inline script sends
     * the payer to the plain form (or, in the widget's frame, has the widget say what to do) instead
     * of the form, which cannot pay without it, when it is not set in time.
     */
    momoStarted?: boolean;
    /** index.html's inline script's: what a page whose script cannot start shows (see there). */
    momoStuck?: () => void;
  }
}

/** A `fetch` for the API client at `baseUrl` that answers each early read once. */
export function withEarlyReads(
  baseUrl: string,
  early = window.momoEarlyReads,
): (request: Request) => Promise<Response> {
  const sameOrigin = new URL(baseUrl).origin === location.origin;
  return (request) => {
    const path = new URL(request.url).pathname;
    const started = sameOrigin && request.method === 'GET' ? early && early[path] : undefined;
    if (!started) return fetch(request);
    // biome-ignore lint/style/noNonNullAssertion: `started` is only ever read from `early`
    delete early![path];
    return started;
  };
}
