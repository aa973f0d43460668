// A TCP relay that gives a loopback server the latency of a slow network: every byte takes half a
// round trip each way, and a new connection's first bytes also wait a round trip for the TCP
// handshake (plain HTTP here, so no TLS round trips). So a request costs 1 round trip on an open
// connection and 2 on a new one, as on a real network.
//
// Why not Chrome's own latency emulation (Network.emulateNetworkConditions' `latency`): it holds
// each response until `latency` after the request started, counting the time the connection took
// to open, so a handshake costs nothing extra and connection reuse shows no gain. The bench uses
// the protocol for bandwidth and CPU only, and this relay for the round trips.
import { createServer, type Socket, connect } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface SlowLink {
  /** e.g. `http://127.0.0.1:41234`: the same server, another port (hence another origin). */
  url: string;
  close(): Promise<void>;
}

/** Writes what `from` sends into `to` at the times `deliverAt` gives, in order. */
function relay(from: Socket, to: Socket, deliverAt: (now: number) => number) {
  const queue: { at: number; chunk: Buffer | null }[] = [];
  let timer: NodeJS.Timeout | undefined;
  const drain = () => {
    timer = undefined;
    while (queue.length > 0 && queue[0]!.at <= Date.now()) {
      const { chunk } = queue.shift()!;
      if (chunk === null) to.end();
      else to.write(chunk);
    }
    if (queue.length > 0) timer = setTimeout(drain, queue[0]!.at - Date.now());
  };
  const push = (chunk: Buffer | null) => {
    queue.push({ at: Math.max(deliverAt(Date.now()), queue.at(-1)?.at ?? 0), chunk });
    if (!timer) timer = setTimeout(drain, queue[0]!.at - Date.now());
  };
  from.on('data', (chunk: Buffer) => push(chunk));
  from.on('end', () => push(null));
  from.on('close', () => clearTimeout(timer));
}

export async function startSlowLink(target: string, roundTripMs: number): Promise<SlowLink> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    return socket;
  };
  const server = createServer((client) => {
    const openedAt = Date.now();
    const upstream = track(connect(Number(port), hostname));
    track(client);
    relay(client, upstream, (now) => Math.max(now, openedAt + roundTripMs) + roundTripMs / 2);
    relay(upstream, client, (now) => now + roundTripMs / 2);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      a.on('error', () => b.destroy());
      a.on('close', () => setTimeout(() => b.destroy(), roundTripMs));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
