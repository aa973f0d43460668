// What went over the wire during a page load, from the DevTools protocol's Network events, and the
// floor it implies: the round trips that cannot overlap plus the bytes at the link's bandwidth.
//
// Round trips are counted by stage: the document is stage 1; a request is one stage after the
// resource that started it (the document for what the parser finds, the script for a fetch or an
// import). Requests of one stage go out together; the stage lasts 1 round trip, or 2 when one of
// its requests had to open a connection (the TCP handshake; plain HTTP, so no TLS). So a hosted
// page costs: HTML on a new connection (2), JS and CSS (2 if either opened a second connection),
// the API reads (2 if on a new connection — the client's credentials: 'omit' fetches use a
// separate connection pool from the page's own loads).
import type { CDPSession } from 'playwright-core';

export interface WireRequest {
  url: string;
  type: string;
  /** Seconds on the protocol's monotonic clock. */
  sentAt: number;
  wallSentAt: number;
  initiatorUrl: string | null;
  /** Whether this request was the first on its connection (null: no response seen). */
  newConnection: boolean | null;
  /** Bytes received, headers included, as encoded on the wire. */
  encodedBytes: number;
  finished: boolean;
  /** Seconds on the protocol's monotonic clock: the response's headers, and its last byte (null: not yet). */
  respondedAt: number | null;
  finishedAt: number | null;
}

interface Cdp {
  requestId: string;
  timestamp: number;
  wallTime?: number;
  type?: string;
  request?: { url: string };
  initiator?: { type: string; url?: string; stack?: Stack };
  response?: { connectionReused: boolean; connectionId: number };
  encodedDataLength?: number;
}
interface Stack {
  callFrames: { url: string }[];
  parent?: Stack;
}

function scriptUrl(stack: Stack | undefined): string | null {
  for (let s = stack; s; s = s.parent) for (const frame of s.callFrames) if (frame.url) return frame.url;
  return null;
}

/** Starts recording a page's requests (call before navigating); the returned array fills as they happen. */
export async function recordRequests(cdp: CDPSession): Promise<Map<string, WireRequest>> {
  const requests = new Map<string, WireRequest>();
  let clock: { timestamp: number; wall: number } | undefined;
  // A connection the browser opened ahead of the first request (a preconnect at navigation start)
  // is reported as "reused", yet the load waited for its handshake all the same: a connection is
  // new to the first request that uses it.
  const connections = new Set<number>();
  cdp.on('Network.requestWillBeSent', (e: Cdp) => {
    if (e.wallTime !== undefined) clock ??= { timestamp: e.timestamp, wall: e.wallTime };
    const wall = clock ? (clock.wall + e.timestamp - clock.timestamp) * 1000 : Number.NaN;
    const initiator = e.initiator;
    requests.set(e.requestId, {
      url: e.request?.url ?? '',
      type: e.type ?? 'Other',
      sentAt: e.timestamp,
      wallSentAt: wall,
      initiatorUrl: initiator?.type === 'script' ? scriptUrl(initiator.stack) : (initiator?.url ?? null),
      newConnection: null,
      encodedBytes: 0,
      finished: false,
      respondedAt: null,
      finishedAt: null,
    });
  });
  cdp.on('Network.responseReceived', (e: Cdp) => {
    const request = requests.get(e.requestId);
    if (!request || !e.response) return;
    const { connectionId, connectionReused } = e.response;
    request.newConnection = !connectionReused || !connections.has(connectionId);
    request.respondedAt = e.timestamp;
    connections.add(connectionId);
  });
  cdp.on('Network.loadingFinished', (e: Cdp) => {
    const request = requests.get(e.requestId);
    if (request) {
      request.encodedBytes = e.encodedDataLength ?? 0;
      request.finished = true;
      request.finishedAt = e.timestamp;
    }
  });
  await cdp.send('Network.enable');
  return requests;
}

export interface Floor {
  stages: { urls: string[]; roundTrips: number }[];
  roundTrips: number;
  wireBytes: number;
  ms: number;
}

/** The floor of a load made of `requests` on a link of `rttMs` and `downKbps` (kbit/s). */
export function floorOf(requests: readonly WireRequest[], rttMs: number, downKbps: number): Floor {
  const stageOf = new Map<string, number>();
  const key = (url: string) => url.split('#')[0]!;
  const stages: { urls: string[]; roundTrips: number }[] = [];
  for (const request of [...requests].sort((a, b) => a.sentAt - b.sentAt)) {
    const parent = request.initiatorUrl === null ? undefined : stageOf.get(key(request.initiatorUrl));
    const stage = request.type === 'Document' ? 0 : parent !== undefined ? parent + 1 : Math.max(0, stages.length - 1);
    if (!stageOf.has(key(request.url))) stageOf.set(key(request.url), stage);
    stages[stage] ??= { urls: [], roundTrips: 1 };
    stages[stage].urls.push(request.url);
    if (request.newConnection) stages[stage].roundTrips = 2;
  }
  const present = stages.filter(Boolean);
  const roundTrips = present.reduce((n, stage) => n + stage.roundTrips, 0);
  const wireBytes = requests.reduce((n, r) => n + r.encodedBytes, 0);
  return { stages: present, roundTrips, wireBytes, ms: roundTrips * rttMs + (wireBytes * 8) / downKbps };
}
