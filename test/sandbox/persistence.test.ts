// @vitest-environment node
// The sandbox's state on disk under the faults of a real process: a kill -9 in the middle of a
// flood of writes loses nothing acknowledged; a disk that fails is answered 503, never a crash, and
// a restart has every acknowledged record. (Each file of the state directory has its own tests:
// persist/journal, files, lock and location.test.ts.)
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Child, send, startChild } from './support/child';
import { stateDirs } from './support/state';
import { confirmBody, expectError, sessionBody, testNumber, transferBody } from './helpers';

const newDir = stateDirs();

const children: Child[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.process.kill('SIGKILL');
});

describe('a crash in the middle of a flood of writes', () => {
  it('loses nothing acknowledged: kill -9 mid-flood, restart, every record answered 2xx is there', async () => {
    const dir = newDir();
    const child = await startChild(dir);
    children.push(child);
    const acknowledged = {
      intents: [] as { id: string; secret: string }[],
      remittances: [] as string[],
      sessions: [] as string[],
      charges: [] as { intent: string; charge: string }[],
    };
    let killed = false;
    const number = testNumber('approved_after_delay');
    const flood = async (lane: number) => {
      for (let i = 0; !killed; i += 1) {
        try {
          const intent = await send(
            child,
            '/v1/payment-intents',
            { amount: 100 + i, currency: 'xaf', metadata: { lane, i } },
            'sk_test_persist',
            { 'Idempotency-Key': `k-${lane}-${i}` },
          );
          if (intent.status === 201) {
            const body = (await intent.json()) as { intent_id: string; client_secret: string };
            acknowledged.intents.push({ id: body.intent_id, secret: body.client_secret });
            const confirm = await send(
              child,
              `/v1/payment-intents/${body.intent_id}/confirm`,
              confirmBody(body.client_secret, number),
              null,
            );
            if (confirm.status === 200)
              acknowledged.charges.push({
                intent: body.intent_id,
                charge: ((await confirm.json()) as { id: string }).id,
              });
          }
          const remittance = await send(child, '/v1/remittance', transferBody({ amount: String(1 + i) }));
          if (remittance.status === 201)
            acknowledged.remittances.push(((await remittance.json()) as { id: string }).id);
          const session = await send(child, '/v1/sessions', sessionBody());
          if (session.status === 200) acknowledged.sessions.push(((await session.json()) as { id: string }).id);
        } catch {
          return; // the connection died with the process: that request was never acknowledged
        }
      }
    };
    let lanesLeft = 16;
    const lanes = Array.from({ length: lanesLeft }, (_, lane) =>
      flood(lane).finally(() => {
        lanesLeft -= 1;
      }),
    );
    // Killed mid-flood once enough is acknowledged, at a moment of chance — not after a fixed time,
    // which a slow or busy machine would fill with less (the test is of the crash, not of speed).
    const enough = 60 + Math.floor(Math.random() * 200);
    while (acknowledged.intents.length < enough && lanesLeft > 0)
      await new Promise((resolve) => setTimeout(resolve, 20));
    // Every lane gave up before the kill: the server stopped answering on its own.
    expect(lanesLeft, 'the flood stopped before the kill').toBeGreaterThan(0);
    killed = true;
    child.process.kill('SIGKILL');
    expect(await child.exited).toBe('SIGKILL');
    await Promise.all(lanes);

    const restarted = await startChild(dir);
    children.push(restarted);
    for (const { id } of acknowledged.intents)
      expect((await send(restarted, `/v1/payment-intents/${id}`)).status, id).toBe(200);
    for (const { intent, charge } of acknowledged.charges) {
      const read = (await (await send(restarted, `/v1/payment-intents/${intent}`)).json()) as {
        event: { charges: { charge_id: string }[] };
      };
      expect(read.event.charges.map((c) => c.charge_id)).toContain(charge);
    }
    for (const id of acknowledged.sessions) expect((await send(restarted, `/v1/sessions/${id}`)).status, id).toBe(200);
    const listed = new Set<string>();
    for (let page = 1; ; page += 1) {
      const list = (await (await send(restarted, `/v1/remittance?perPage=100&page=${page}`)).json()) as {
        data: { id: string }[];
        meta: { lastPage: number };
      };
      for (const item of list.data) listed.add(item.id);
      if (page >= list.meta.lastPage) break;
    }
    for (const id of acknowledged.remittances) expect(listed.has(id), id).toBe(true);
    console.info(
      `kill -9 mid-flood: ${acknowledged.intents.length} intents, ${acknowledged.charges.length} confirms, ${acknowledged.remittances.length} remittances, ${acknowledged.sessions.length} sessions acknowledged, all there after the restart`,
    );
  }, 180_000);
});

describe('a disk that fails', () => {
  it('answers 503 storage_unavailable in the error shape and keeps running; a restart has every acknowledged record', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const dir = newDir();
    const child = await startChild(dir, 48);
    children.push(child);
    const made: string[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 2000 && !refused; i += 1) {
      const response = await send(child, '/v1/remittance', transferBody({ first_name: `Payee${i}` }));
      if (response.status === 201) made.push(((await response.json()) as { id: string }).id);
      else refused = response;
    }
    expect(made.length).toBeGreaterThan(10);
    await expectError(refused as Response, 503, 'storage_unavailable');
    await expectError(await send(child, '/v1/remittance'), 503, 'storage_unavailable');
    expect(child.errors.join('\n')).toMatch(/could not save to .*; refusing requests until restarted/);
    child.process.kill('SIGKILL');
    await child.exited;

    const restarted = await startChild(dir);
    children.push(restarted);
    const list = (await (await send(restarted, '/v1/remittance?perPage=100&page=1')).json()) as {
      data: { id: string }[];
      meta: { total: number };
    };
    expect(list.meta.total).toBeGreaterThanOrEqual(made.length);
    const listed = new Set(list.data.map((item) => item.id));
    for (const id of made.slice(-100)) expect(listed.has(id), id).toBe(true);
  }, 60_000);

  it('stopped cleanly after the disk failed (its journal may end in a cut line), restarts with every acknowledged record', async () => {
    const dir = newDir();
    const child = await startChild(dir, 48);
    children.push(child);
    const made: string[] = [];
    for (let i = 0; i < 2000; i += 1) {
      const response = await send(child, '/v1/remittance', transferBody({ first_name: `Payee${i}` }));
      if (response.status !== 201) break;
      made.push(((await response.json()) as { id: string }).id);
    }
    expect(made.length).toBeGreaterThan(10);
    child.process.kill('SIGTERM');
    expect(await child.exited).toBe(0);
    const restarted = await startChild(dir);
    children.push(restarted);
    const list = (await (await send(restarted, '/v1/remittance?perPage=100&page=1')).json()) as {
      data: { id: string }[];
      meta: { total: number };
    };
    expect(list.meta.total).toBeGreaterThanOrEqual(made.length);
    const listed = new Set(list.data.map((item) => item.id));
    for (const id of made.slice(-100)) expect(listed.has(id), id).toBe(true);
  }, 60_000);
});
