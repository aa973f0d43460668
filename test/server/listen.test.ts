// @vitest-environment node
// Closing the socket the server listens on (src/server/listen.ts): by default at once, cutting
// what is in flight (tests, the bench); with a grace, as a stop on a signal does, it refuses new
// connections, closes an idle keep-alive connection at once, answers the request in flight (then
// closes its connection: `Connection: close`) and cuts a request still unanswered when the grace
// ends. Requests are held by the test's own listener, released when the test says.
import type { ServerResponse } from 'node:http';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type Listening, listen } from '../../src/server/listen';

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

let listening: Listening | undefined;
const agents: Agent[] = [];
afterEach(async () => {
  await listening?.close();
  listening = undefined;
  for (const agent of agents.splice(0)) agent.destroy();
});

/** A server whose `/held` requests wait until the test answers them; every other path is answered at once. */
async function heldServer() {
  listening = await listen(0, '127.0.0.1');
  const held: ServerResponse[] = [];
  const waiters: (() => void)[] = [];
  listening.route((req, res) => {
    if (req.url === '/held') {
      held.push(res);
      for (const wake of waiters.splice(0)) wake();
    } else res.end('at once');
  });
  /** Resolves once `count` held requests have reached the listener. */
  const holding = async (count: number) => {
    while (held.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    return held;
  };
  return { listening, holding };
}

function get(url: string, path: string, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const keepAlive = () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  agents.push(agent);
  return agent;
};

/** Whether a new TCP connection to `port` is refused. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe('listen().close', () => {
  it('with a grace: refuses new connections, closes an idle one at once, answers the request in flight, then is closed', async () => {
    const { listening, holding } = await heldServer();
    // An idle keep-alive connection: one request answered, the socket kept by its agent.
    const idleAgent = keepAlive();
    expect((await get(listening.url, '/now', idleAgent)).body).toBe('at once');
    const [idleSocket] = Object.values(idleAgent.freeSockets).flat();
    expect(idleSocket).toBeDefined();
    const idleClosed = new Promise<void>((resolve) => idleSocket?.once('close', () => resolve()));

    const answer = get(listening.url, '/held', keepAlive());
    const [res] = await holding(1);
    let closed = false;
    const closing = listening.close({ graceMs: 60_000 }).then(() => (closed = true));

    await idleClosed; // at once: it held no request
    expect(await refused(listening.port)).toBe(true);
    expect(closed).toBe(false); // the held request keeps the server open

    res?.end('finished');
    expect(await answer).toEqual({ status: 200, connection: 'close', body: 'finished' });
    await closing; // its connection closed after it: nothing left open
    expect(closed).toBe(true);
  });

  it('with a grace: cuts a request still unanswered when the grace ends', async () => {
    const { listening, holding } = await heldServer();
    const answer = get(listening.url, '/held', keepAlive());
    await holding(1);
    const cut: string[][] = [];
    // resolves only once the held request's connection is gone
    await listening.close({ graceMs: 20, onCut: (requests) => cut.push(requests) });
    await expect(answer).rejects.toThrow(/socket hang up|ECONNRESET/);
    // Its trace (no access-log line is ever written for it), told once, as a log may show it.
    expect(cut).toEqual([['GET /held']]);
  });

  it('with a grace: tells of no cut when every request was answered in time', async () => {
    const { listening, holding } = await heldServer();
    const answer = get(listening.url, '/held', keepAlive());
    const [res] = await holding(1);
    const cut: string[][] = [];
    const closing = listening.close({ graceMs: 60_000, onCut: (requests) => cut.push(requests) });
    res?.end('finished');
    await answer;
    await closing;
    expect(cut).toEqual([]);
  });

  it('without a grace: cuts the requests in flight at once', async () => {
    const { listening, holding } = await heldServer();
    const answer = get(listening.url, '/held', keepAlive());
    await holding(1);
    await listening.close();
    await expect(answer).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(await refused(listening.port)).toBe(true);
  });
});
