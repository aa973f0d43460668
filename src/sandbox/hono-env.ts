// The Hono context types of the sandbox: what a request carries. Apart from `Deps` (env.ts), which
// names the sandbox's parts, so that those parts' middleware can type their context without
// importing the module that lists them (an import circle).
import type { IncomingMessage } from 'node:http';
import type { Http2ServerRequest } from 'node:http2';
import type { Owner } from './store/records';

/**
 * What a server adapter may pass along with the request: @hono/node-server passes the Node
 * request (for the client's address and its socket). Absent when `app.fetch` is called without one
 * (tests, or a server that does not forward it), so it is always read with `?.`.
 */
export interface SandboxBindings {
  incoming?: IncomingMessage | Http2ServerRequest;
}

/** Hono context types of the sandbox. */
export interface SandboxEnv {
  Bindings: SandboxBindings;
  Variables: { owner: Owner };
}
