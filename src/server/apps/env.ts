// Hono context types of the server's sub-apps.
import type { ServerResponse } from 'node:http';
import type { SandboxBindings } from '../../sandbox';

/**
 * What @hono/node-server passes along with each request: the Node request (the sandbox tells its
 * clients apart by it) and the Node response (dev mode hands both to Vite's middlewares). Absent
 * when the app is called in process (`app.fetch(request)`), so always read with `?.`.
 */
interface ServerBindings extends SandboxBindings {
  outgoing?: ServerResponse;
}

export interface ServerEnv {
  Bindings: ServerBindings;
}
