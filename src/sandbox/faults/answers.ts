// The answers of a broken network or a broken service in front of the sandbox.
import type { SandboxBindings } from '../env';
import { JSON_TYPE } from '../json';

const REASONS: Readonly<Record<number, string>> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Temporarily Unavailable',
  504: 'Gateway Time-out',
};

function headers(type: string, cors: boolean): Record<string, string> {
  return cors ? { 'Content-Type': type, 'Access-Control-Allow-Origin': '*' } : { 'Content-Type': type };
}

/** A reverse proxy's error page, as nginx writes one. */
export function proxyErrorPage(status: number, cors: boolean): Response {
  const title = `${status} ${REASONS[status] ?? 'Error'}`;
  const page = `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
  return new Response(page, { status, headers: headers('text/html', cors) });
}

/** What a payer behind a captive portal (hotel or café Wi-Fi) gets instead of the service. */
export function captivePortalPage(status: number, cors: boolean): Response {
  const page =
    '<!doctype html><html><head><title>Wi-Fi</title></head><body><form action="/login"><p>Connectez-vous pour accéder à Internet.</p><button>OK</button></form></body></html>\n';
  return new Response(page, { status, headers: headers('text/html; charset=utf-8', cors) });
}

export function jsonAnswer(status: number, body: unknown, cors: boolean): Response {
  return new Response(JSON.stringify(body ?? null), { status, headers: headers(JSON_TYPE, cors) });
}

function rebuilt(res: Response, text: string): Response {
  const copy = new Headers(res.headers);
  copy.delete('content-length');
  return new Response(res.status === 204 || res.status === 304 ? null : text, { status: res.status, headers: copy });
}

/** The sandbox's answer, status and headers kept, with its text cut in the middle. */
export async function truncated(res: Response): Promise<Response> {
  const text = await res.text();
  return rebuilt(res, text.slice(0, Math.floor(text.length / 2)));
}

/** The sandbox's answer with its top-level `status` replaced by a value the contract does not list. */
export async function withStatus(res: Response, value: string): Promise<Response> {
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return rebuilt(res, text);
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return rebuilt(res, text);
  return rebuilt(res, JSON.stringify({ ...body, status: value }));
}

/** Reads like fetch's own error when a connection dies; no stack, as a server adapter may log it. */
export function connectionError(message: string): TypeError {
  const error = new TypeError(message);
  error.stack = `TypeError: ${message}`;
  return error;
}

/**
 * An answer whose body fails a moment after it is first read: `fetch` callers get the failure when
 * they read the body; a server adapter has sent the headers by then and destroys the socket.
 */
export function brokenAnswer(error: unknown, cors: boolean): Response {
  const body = new ReadableStream<Uint8Array>({
    pull: (controller) =>
      new Promise<void>((resolve) => {
        setTimeout(() => {
          controller.error(error);
          resolve();
        }, 0);
      }),
  });
  return new Response(body, { status: 200, headers: headers(JSON_TYPE, cors) });
}

/**
 * A connection reset. With the Node request at hand (a server adapter passed it), the socket is
 * reset at once, so the client's fetch rejects before any header; otherwise the body breaks.
 */
export function resetAnswer(incoming: SandboxBindings['incoming'], cors: boolean): Response {
  const socket = incoming?.socket;
  if (socket && typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
  return brokenAnswer(connectionError('Sandbox fault: connection reset'), cors);
}

/**
 * An answer that never comes: held until the client gives up (the request's signal aborts) or the
 * rules are cleared, and even then only a broken body, as nobody is listening any more.
 */
export function hangingAnswer(
  signal: AbortSignal,
  hold: (release: () => void) => () => void,
  cors: boolean,
): Promise<Response> {
  return new Promise((resolve) => {
    const release = () => {
      forget();
      signal.removeEventListener('abort', release);
      resolve(brokenAnswer(signal.aborted ? signal.reason : connectionError('Sandbox fault: connection reset'), cors));
    };
    const forget = hold(release);
    if (signal.aborted) release();
    else signal.addEventListener('abort', release, { once: true });
  });
}
