// @vitest-environment node
// A stop on a signal (src/server/signals.ts), on the real server in a process of its own
// (src/server/main.ts, as `npm start` runs it after its build): SIGTERM or SIGINT stops accepting
// connections, closes an idle keep-alive connection at once, answers the request in flight, and
// exits 0 well within 10 s. The request in flight is a payment intent's creation whose body the
// test holds back: the server has it (it answered `100 Continue` to its headers) when the signal
// comes, and gets the rest of it only once new connections are refused.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DistFixture, linkRepository, makeDistFixture, type ServerProcess, startProcess } from './helpers';

let fixture: DistFixture;
const started: ServerProcess[] = [];

beforeAll(() => {
  fixture = makeDistFixture();
  linkRepository(fixture, ['package.json']);
});

afterAll(() => {
  for (const { child } of started) child.kill('SIGKILL');
  fixture?.cleanup();
});

/** `npm start`'s server, as its script runs it after the build. */
async function startMain(): Promise<ServerProcess> {
  const server = await startProcess(fixture.base, process.execPath, [
    '--preserve-symlinks',
    '--preserve-symlinks-main',
    '--import',
    'tsx',
    'src/server/main.ts',
    '--memory',
    '--port',
    '0',
  ]);
  started.push(server);
  return server;
}

/** A raw connection to `url`, and what it has received so far. */
async function open(url: string): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, received: () => received, closed };
}

/** Resolves once `has()` holds, looking again at each chunk `socket` receives. */
function until(socket: Socket, has: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const look = () => {
      if (!has()) return;
      socket.off('data', look);
      resolve();
    };
    socket.on('data', look);
    socket.once('close', () => (has() ? resolve() : reject(new Error('closed first'))));
    look();
  });
}

/** Resolves once a new connection to `url` is refused (it is, from the moment the server stops listening). */
async function refused(url: string): Promise<void> {
  for (;;) {
    const connection = await open(url).catch((error: NodeJS.ErrnoException) => error);
    // Taken into the listener's queue just before it closed (the kernel then resets it), or
    // accepted: not refused yet, try again.
    if (!(connection instanceof Error) || connection.code === 'ECONNRESET') {
      if (!(connection instanceof Error)) connection.socket.destroy();
      await new Promise((resolve) => setImmediate(resolve));
      continue;
    }
    expect(connection.code).toBe('ECONNREFUSED');
    return;
  }
}

describe.each(['SIGTERM', 'SIGINT'] as const)('%s', (signal) => {
  it('stops accepting, closes idle connections, answers the request in flight, exits 0 within 10 s', async () => {
    const server = await startMain();

    // An idle keep-alive connection: one request answered, then nothing.
    const idle = await open(server.url);
    idle.socket.write('GET /widget.js HTTP/1.1\r\nHost: checkout\r\n\r\n');
    await until(idle.socket, () => idle.received().includes(fixture.files.widget.slice(-40)));

    // A request in flight: its headers sent and taken, its body held back.
    const body = JSON.stringify({ amount: 2500, currency: 'xaf' });
    const inFlight = await open(server.url);
    inFlight.socket.write(
      [
        'POST /v1/payment-intents HTTP/1.1',
        'Host: checkout',
        'Authorization: Bearer sk_test_signals',
        'Content-Type: application/json',
        `Content-Length: ${body.length}`,
        'Expect: 100-continue',
        '',
        '',
      ].join('\r\n'),
    );
    await until(inFlight.socket, () => inFlight.received().startsWith('HTTP/1.1 100 Continue'));

    const signalled = performance.now();
    server.child.kill(signal);
    await server.line(new RegExp(`${signal}, shutting down`));
    await idle.closed; // closed by the server at once: it held no request
    await refused(server.url);

    inFlight.socket.write(body);
    await inFlight.closed; // answered, then closed by the server (Connection: close)
    const answer = inFlight.received().replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toMatch(/"intent_id":"pi_/);

    expect(await server.exited).toBe(0);
    expect(performance.now() - signalled).toBeLessThan(10_000);
    expect(server.printed.join('\n')).not.toMatch(/still busy|could not shut down/);
  }, 30_000);
});
