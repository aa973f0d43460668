// The payment links' server tests' common ground: the sandbox in process with a merchant profile,
// and the links' sub-app over it (src/server/apps/payment-links.ts), as the server mounts it at `/l`.
import { paymentLinkSchema } from '../../src/api/schemas/payment-links';
import { paymentLinksApp } from '../../src/server/apps/payment-links';
import { plainPaymentApi } from '../../src/server/plain-payment';
import { setup } from '../sandbox/helpers';

export const PUBLIC = 'https://pay.example';

/** The sandbox with a merchant profile, and the links' sub-app over it, as `/l` mounts it. */
export async function linkSetup(
  profile: Record<string, unknown> = { name: 'Chez Mami "Aux <Beignets>"' },
  /** The hosted page's address as the service gives it (a real service's own may not be this server's). */
  serviceCheckoutBase = PUBLIC,
) {
  const context = setup({ checkoutBaseUrl: serviceCheckoutBase });
  await context.call('PUT', '/v1/_sandbox/merchant', { body: profile });
  const app = paymentLinksApp({ api: plainPaymentApi(context.sandbox), publicUrl: PUBLIC });
  const page = (path: string, init?: RequestInit) => app.request(`${PUBLIC}${path.replace(/^\/l/, '')}`, init);
  const create = async (body: Record<string, unknown>) =>
    paymentLinkSchema.parse(await (await context.call('POST', '/v1/payment-links', { body })).json());
  const intents = async () =>
    ((await (await context.call('GET', '/v1/payment-intents')).json()) as { data: { intent_id: string }[] }).data;
  const press = (id: string, form?: Record<string, string>, lang = 'fr') =>
    page(`/l/${id}?lang=${lang}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form ?? {}).toString(),
    });
  return { ...context, app, page, create, intents, press };
}
