// The one request dispatcher: the first route that claims the path answers; whatever happens,
// the answer carries the base headers, and a failure is a plain 500 page, never a stack.
import { redact } from '../sandbox/errors';
import { type Handler, messagePage, withHeaders } from './http';
import type { Route } from './routes';
import { BASE_HEADERS } from './security';

export interface DispatcherOptions {
  /** Answers paths no route claims. */
  fallback: Handler;
  /** Told about unexpected failures (default: console.error). */
  onError?: (error: unknown, req: Request, route: string) => void;
}

export function createDispatcher(routes: readonly Route[], { fallback, onError = logError }: DispatcherOptions): Handler {
  return async (req, env) => {
    const { pathname } = new URL(req.url);
    const route = routes.find((candidate) => candidate.matches(pathname));
    let res: Response;
    try {
      // The sandbox needs the socket (env) to tell clients apart for its confirm rate limit.
      res = await (route ? route.handle(req, env) : fallback(req, env));
    } catch (error) {
      onError(error, req, route?.name ?? 'fallback');
      res = messagePage(
        500,
        { lang: 'fr', title: 'Erreur du serveur', text: 'Un problème est survenu de notre côté. Réessayez dans un instant.' },
        { lang: 'en', title: 'Server error', text: 'Something went wrong on our side. Please try again.' },
      );
    }
    return withHeaders(res, BASE_HEADERS);
  };
}

function logError(error: unknown, req: Request, route: string): void {
  const { pathname } = new URL(req.url);
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  // Paths hold ids (redacted: a log names no intent); never secrets (those live in fragments, which never reach a server).
  console.error(`[server] ${req.method} ${redact(pathname)} (${route}) failed: ${redact(detail)}`);
}
