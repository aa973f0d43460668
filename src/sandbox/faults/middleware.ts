// Applies fault rules around every route. A "before" fault answers instead of the sandbox, which
// never sees the request; an "after" fault lets the sandbox do its work, then breaks the answer.
import type { Context, MiddlewareHandler } from 'hono';
import type { SandboxEnv } from '../env';
import {
  brokenAnswer,
  captivePortalPage,
  hangingAnswer,
  jsonAnswer,
  proxyErrorPage,
  resetAnswer,
  truncated,
  withStatus,
} from './answers';
import type { FaultControl, FaultRuleView } from './control';
import { routeMatcher } from './rules';

/** The fault control's own routes are never faulted. */
export const CONTROL_PREFIX = '/v1/_sandbox/';

/** Browser-facing routes (see cors.ts): a faulted answer keeps their CORS header, so a page sees the fault itself. */
const BROWSER_FACING = [
  'GET /v1/payment-intents/:id',
  'POST /v1/payment-intents/:id/confirm',
  'GET /v1/sessions/:id',
].map(routeMatcher);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function faultAnswer(
  rule: FaultRuleView,
  c: Context<SandboxEnv>,
  control: FaultControl,
  cors: boolean,
): Promise<Response> {
  const real = rule.when === 'after' ? c.res : null;
  switch (rule.kind) {
    case 'http_error':
      return proxyErrorPage(rule.status ?? 502, cors);
    case 'non_json':
      return captivePortalPage(real?.status ?? 200, cors);
    case 'wrong_shape':
      return jsonAnswer(real?.status ?? 200, rule.body ?? { ok: true, data: null }, cors);
    case 'truncated_json':
      return truncated(real ?? jsonAnswer(200, {}, cors));
    case 'unknown_status':
      return withStatus(real ?? jsonAnswer(200, {}, cors), rule.value ?? 'weird');
    case 'reset':
      return resetAnswer(c.env?.incoming, cors);
    case 'hang':
      return hangingAnswer(c.req.raw.signal, (release) => control.hold(release), cors);
    case 'throw':
      throw new Error(
        `Injected fault (throw) on ${c.req.method} ${c.req.path}${rule.message ? `: ${rule.message}` : ''}`,
      );
    case 'latency':
      throw new Error('A latency fault has no answer of its own.');
  }
}

export function faultMiddleware(control: FaultControl): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const { method, path } = c.req;
    if (path.startsWith(CONTROL_PREFIX)) return next();
    const cors = BROWSER_FACING.some((matches) => matches(method, path));
    let delayed = false;

    const before = control.take('before', method, path);
    if (before?.kind === 'latency') {
      await sleep(before.ms ?? 0);
      delayed = true;
    } else if (before) {
      return faultAnswer(before, c, control, cors);
    }

    await next();

    const after = control.take('after', method, path);
    if (after?.kind === 'latency') {
      await sleep(after.ms ?? 0);
      delayed = true;
    } else if (after) {
      const answer = await faultAnswer(after, c, control, cors);
      // Unset first: Hono would otherwise copy the sandbox's headers onto the faulted answer.
      c.res = undefined;
      c.res = answer;
    }

    // A client that gave up during the delay gets what fetch gives it then: a failed read.
    const { signal } = c.req.raw;
    if (delayed && signal.aborted) {
      c.res = undefined;
      c.res = brokenAnswer(signal.reason, cors);
    }
  };
}
