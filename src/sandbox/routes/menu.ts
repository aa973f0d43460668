// Extension, sandbox-only: the payer approves a pending push from the wallet's own menu (the USSD
// code the page offers when the push never came: src/methods/momo/rescue.ts). A real operator hears
// it on the phone; here a tester — or a browser test — says it with the merchant's secret key, as
// the test numbers' other outcomes are played. It matters for the number ending 96, whose push
// never arrives: approved so, it succeeds (docs/sandbox.md, "Test numbers").
import type { Hono } from 'hono';
import { requireMerchant } from '../auth';
import { forbidBrowsers, merchantPreflight } from '../cors';
import type { Deps, SandboxEnv } from '../env';
import { notFound } from '../errors';
import { latestAttempt, recordStep, settle } from '../intent-lifecycle';
import { toConfirmResult } from '../intent-view';
import { jsonResponse } from '../json';

/** Under the API's /v1. */
const MENU = '/_sandbox/menu/:id';

export function menuRoutes(app: Hono<SandboxEnv>, { config, store }: Deps): void {
  app.options(MENU, merchantPreflight);
  // Records the approval only for a push still waiting (not a step's attempt, nor one settled):
  // answered again, or too late, it changes nothing and says what the attempt is.
  app.post(MENU, forbidBrowsers, requireMerchant, (c) => {
    const intent = store.intent(c.req.param('id'));
    if (!intent || intent.owner !== c.get('owner')) throw notFound('This payment intent');
    const now = config.now();
    settle(intent, now);
    const attempt = latestAttempt(intent);
    if (!attempt) throw notFound('An attempt of this payment intent');
    if (attempt.status === 'pending' && attempt.approval === undefined)
      recordStep(store, intent, attempt, { at: now, kind: 'menu' });
    return jsonResponse(200, toConfirmResult(intent, attempt, { extensions: true, base: config.checkoutBaseUrl }));
  });
}
