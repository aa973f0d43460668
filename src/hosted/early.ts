// The page's first reads, started by index.html's inline script before this bundle arrived (on a
// slow network the two then overlap instead of following each other). The API client takes each
// one over the first time it asks for the same address, as if it had sent it itself: its time
// limit, retries and checks apply as usual. A read that was not started early is simply sent.

declare global {
  interface Window {
    /** Set by index.html's inline script: the address (a path on this page's origin) → the fetch it started. */
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

/**
 * A `fetch` that answers each early read once: a GET of the address it was sent to (a read of this
 * page's origin is named by its path, one of another origin, the API's, by its whole address).
 */
export function withEarlyReads(early = window.momoEarlyReads): (request: Request) => Promise<Response> {
  return (request) => {
    const { origin, pathname } = new URL(request.url);
    const key = origin === location.origin && early && early[pathname] ? pathname : origin + pathname;
    const started = request.method === 'GET' && early ? early[key] : undefined;
    if (!started) return fetch(request);
    // biome-ignore lint/style/noNonNullAssertion: `started` is only ever read from `early`
    delete early![key];
    return started;
  };
}
