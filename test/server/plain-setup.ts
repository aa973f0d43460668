// What the tests of the payment without JavaScript share (./plain-payment.test.ts, ./plain-form.test.ts,
// ./plain-status.test.ts): its handler over the sandbox in process, on a fake clock, every request
// it sends the service recorded; a form's token read from its page; a payer's fields.
import type { SandboxOptions } from '../../src/sandbox';
import { plainPaymentApi, plainPaymentHandler } from '../../src/server/plain-payment';
import { APPROVAL_MS, BASE, setup } from '../sandbox/helpers';

/**
 * `answer`: changes the service's answers on their way to the handler (a service that says
 * otherwise); `options`: the sandbox's (faults, a bare service).
 */
export function plainSetup(
  answer?: (request: Request, response: Response) => Promise<Response>,
  options: SandboxOptions = {},
) {
  const s = setup({ approvalMs: APPROVAL_MS, ...options });
  // Every request the handler sends the service, to see where the secret went.
  const sent: { url: string; headers: Headers; body: string }[] = [];
  const sandbox = {
    fetch: async (req: Request, env?: Parameters<typeof s.sandbox.fetch>[1]) => {
      const body = await req.clone().text();
      sent.push({ url: req.url, headers: req.headers, body });
      const response = await s.sandbox.fetch(req, env);
      return answer ? answer(req, response) : response;
    },
  };
  // The sandbox's clock: the waiting page measures a push's wait by it.
  const handler = plainPaymentHandler({ api: plainPaymentApi(sandbox), now: s.clock.now });
  const get = (path: string, headers: Record<string, string> = {}) =>
    handler(new Request(`${BASE}${path}`, { headers }));
  // A header given as undefined is not sent.
  const post = (path: string, form: Record<string, string>, headers: Record<string, string | undefined> = {}) =>
    handler(
      new Request(`${BASE}${path}`, {
        method: 'POST',
        body: new URLSearchParams(form).toString(),
        headers: Object.entries({
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: BASE,
          'Sec-Fetch-Site': 'same-origin',
          ...headers,
        }).filter((entry): entry is [string, string] => entry[1] !== undefined),
      }),
    );
  const attempts = async (id: string) => (await s.readIntent(id)).event.charges.length;
  return { ...s, sent, get, post, attempts };
}

export const tokenOf = (html: string) => /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';
export const payer = (phone: string) => ({
  country: 'cg',
  operator: '',
  phone,
  firstName: 'Élodie',
  lastName: 'Goma',
  email: 'elodie@example.cg',
  lang: 'fr',
});
