// @vitest-environment node
// Making the deliveries owed (src/sandbox/events/dispatcher.ts), against a real local server:
// signed, recorded whole with the next attempt; a timeout and a deleted endpoint are failures; a
// close abandons what is under way, still owed; what the sandbox's clock says is due goes at once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifyWebhook } from '../../../src/api/webhooks';
import { Dispatcher } from '../../../src/sandbox/events/dispatcher';
import { firstDeliveries } from '../../../src/sandbox/events/producer';
import type { EndpointRecord, EventRecord } from '../../../src/sandbox/store/records';
import { toRemittance } from '../../../src/sandbox/transfers';
import { webhookReceiver } from '../support/webhook-receiver';
import { eventsWorld, OWNER } from './world';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

function dispatching(
  options: Parameters<typeof eventsWorld>[0] = {},
  durable: () => Promise<void> = () => Promise.resolve(),
) {
  const world = eventsWorld(options);
  const dispatcher = new Dispatcher({ ...world, durable });
  closing.push(() => dispatcher.close());
  /** An event of `endpoint`'s owner, stored with the deliveries it owes the endpoint. */
  const owe = (endpoint: EndpointRecord) => {
    const id = `evt_${Math.random().toString(36).slice(2)}`;
    const record: EventRecord = {
      id,
      owner: OWNER,
      type: 'remittance.succeeded',
      objectId: 'rem_1',
      transition: `succeeded ${id}`,
      createdAt: world.clock.now(),
      payload: {
        id,
        type: 'remittance.succeeded',
        timestamp: '2025-03-10T10:00:00+01:00',
        data: { object: toRemittance(world.transfer(), world.clock.now()) },
      },
    };
    const deliveries = firstDeliveries(endpoint, id, world.clock.now());
    world.store.write(
      [{ kind: 'event', record }, ...deliveries.map((d) => ({ kind: 'delivery' as const, record: d }))],
      OWNER,
      'none',
    );
    return { event: record, deliveries };
  };
  const attempts = (eventId: string) => world.store.webhooks.deliveriesOf(eventId);
  const settled = (eventId: string) =>
    vi.waitFor(
      () => {
        const list = attempts(eventId);
        if (list.some((d) => d.status === 'pending')) throw new Error('still pending');
        return list;
      },
      { timeout: 10_000, interval: 5 },
    );
  return { world, dispatcher, owe, attempts, settled };
}

async function receiver(answer?: Parameters<typeof webhookReceiver>[0]) {
  const made = await webhookReceiver(answer);
  closing.push(made.close);
  return made;
}

describe('Dispatcher', () => {
  it('delivers signed with the endpoint’s secret, and records the attempt', async () => {
    const { world, dispatcher, owe, settled } = dispatching();
    const hooks = await receiver();
    const endpoint = world.endpoint(hooks.url);
    const { event, deliveries } = owe(endpoint);
    dispatcher.queue(deliveries);
    await hooks.until(1);
    const [received] = hooks.received;
    expect(received?.headers['content-type']).toBe('application/json');
    const verified = verifyWebhook(endpoint.secret, received?.body ?? '', received?.headers as never, {
      now: world.clock.now,
    });
    expect(verified.id).toBe(event.id);
    expect((await settled(event.id)).map((d) => [d.attempt, d.status, d.httpStatus])).toEqual([[1, 'succeeded', 200]]);
  });

  it('fails an attempt that is not answered in time, and owes the next one', async () => {
    const { world, dispatcher, owe, settled } = dispatching({ webhookTimeoutMs: 1000 });
    const hooks = await receiver((_, index) => (index === 0 ? -1 : 200));
    const { event, deliveries } = owe(world.endpoint(hooks.url));
    dispatcher.queue(deliveries);
    await hooks.until(2);
    const list = await settled(event.id);
    expect(list.map((d) => [d.attempt, d.status, d.error])).toEqual([
      [1, 'failed', 'timeout after 1000 ms'],
      [2, 'succeeded', null],
    ]);
  });

  it('tells nothing that could not be kept on disk: it stays owed, for the restart', async () => {
    const durable = vi.fn(() => Promise.reject(new Error('disk full')));
    const { world, dispatcher, owe, attempts } = dispatching({}, durable);
    const hooks = await receiver();
    const { event, deliveries } = owe(world.endpoint(hooks.url));
    dispatcher.queue(deliveries);
    await vi.waitFor(() => expect(durable).toHaveBeenCalled());
    await dispatcher.close();
    expect(hooks.received).toEqual([]);
    expect(attempts(event.id).map((d) => d.status)).toEqual(['pending']);
  });

  it('fails a delivery to an endpoint deleted, without retrying it', async () => {
    const { world, dispatcher, owe, settled } = dispatching();
    const endpoint = world.endpoint('http://127.0.0.1:1/gone');
    const { event, deliveries } = owe(endpoint);
    world.store.write([{ kind: 'forget', key: `w:${endpoint.id}` }], OWNER, 'none');
    dispatcher.queue(deliveries);
    expect((await settled(event.id)).map((d) => [d.status, d.error])).toEqual([['failed', 'the endpoint was deleted']]);
  });

  it('leaves what a close interrupts owed, and makes at once what the clock says is due', async () => {
    const { world, dispatcher, owe, attempts } = dispatching();
    const hooks = await receiver();
    const { event, deliveries } = owe(world.endpoint(hooks.url, { faults: ['late'], lateMs: 600_000 }));
    dispatcher.queue(deliveries);
    world.clock.advance(599_999);
    dispatcher.runDue(world.clock.now());
    expect(hooks.received).toEqual([]);
    world.clock.advance(1);
    dispatcher.runDue(world.clock.now());
    await hooks.until(1);
    await vi.waitFor(() => expect(attempts(event.id)[0]?.status).toBe('succeeded'));

    const second = owe(world.endpoint(hooks.url, { faults: ['late'], lateMs: 600_000 }));
    dispatcher.queue(second.deliveries);
    await dispatcher.close();
    world.clock.advance(600_000);
    dispatcher.runDue(world.clock.now());
    expect(attempts(second.event.id).map((d) => d.status)).toEqual(['pending']);
    expect([...world.store.webhooks.pendingDeliveries()].map((d) => d.eventId)).toEqual([second.event.id]);
  });
});
