// Fulfillment on a merchant's server, as TypeScript sees it (no @types/node in this project).
import type { PaymentIntent, Session } from 'momo-checkout';
import { createFulfillment, fileStore, type FulfillmentEvent, type FulfillmentKind, type FulfillmentStore, postgresStore, type PostgresPool } from 'momo-checkout/fulfillment';
import { exact } from './expect.js';

declare const session: Session;
declare const intent: PaymentIntent;
declare const pool: PostgresPool;

export async function fulfil(): Promise<void> {
  const paidOrders: string[] = [];
  const fulfillment = createFulfillment({
    api: { baseUrl: 'http://127.0.0.1:12111', token: 'sk_test_shop' },
    store: fileStore('./fulfillment'),
    handlers: {
      paid: async (event) => {
        exact<typeof event, FulfillmentEvent>();
        exact<typeof event.kind, FulfillmentKind>();
        exact<typeof event.id, string>();
        if (typeof event.metadata?.order === 'string') paidOrders.push(event.metadata.order);
      },
      isHandled: (event) => paidOrders.includes(event.id),
    },
  });
  await fulfillment.follow(session);
  await fulfillment.follow(intent);
  await fulfillment.follow({ intentId: intent.intent_id, deadline: new Date() });
  // @ts-expect-error: a session's id is not what is followed; its intent is.
  await fulfillment.follow({ id: session.id });
  const shared: FulfillmentStore = postgresStore(pool, { table: 'momo_fulfillment' });
  // @ts-expect-error: there is no handler for an attempt that failed (the payer may try again).
  createFulfillment({ api: { baseUrl: '' }, store: shared, handlers: { paid: () => undefined, attemptFailed: () => undefined } });
  fulfillment.start();
  await fulfillment.stop();
}
