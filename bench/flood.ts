// A bystander under a flood: while 40 clients send bad confirms (unknown intents, wrong secrets)
// and creations from a thousand made-up merchant tokens, as fast as they can, one payer's page
// keeps reading its intent. The figure is that reader's p99, against the same reader with the
// sandbox idle; and what the sandbox held meanwhile, against its bound. The sandbox runs as
// `npm start` runs it (rate limits on, default bounds, every write on disk before its answer) in
// its own process (./flood-serve.ts), under a 192 MB heap: needing more would crash it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon, { type Result } from 'autocannon';
import { TEST_NUMBERS } from '../src/phone';
import { REPO_ROOT } from '../src/server/paths';
import { DEFAULT_STATE_LIMITS } from '../src/sandbox/store/usage';
import { round } from './stats';

const FLOOD_CONNECTIONS = 40;
const SECONDS = 10;
/** The server's heap limit: the flood must not need more (the crash was under 256 MB). */
export const FLOOD_HEAP_MB = 192;

export interface FloodResult {
  connections: number;
  seconds: number;
  flood: { requestsPerSecond: number; statusCodes: Record<string, number>; errors: number };
  bystanderIdle: { p50Ms: number; p99Ms: number };
  bystanderUnderFlood: { p50Ms: number; p99Ms: number; requests: number; statusCodes: Record<string, number> };
  /** Bytes of records held at the end, and the bound. */
  heldBytes: number;
  maxBytes: number;
  /** The server process's peak resident memory (VmHWM). */
  peakRssMb: number;
}

const base62 = (length: number) =>
  randomBytes(length * 2)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, length);
const number = TEST_NUMBERS.find(
  (n) => n.country === 'cg' && n.operator === 'mtn' && n.outcome === 'approved_after_delay',
)!;
const payer = (secret: string) =>
  JSON.stringify({
    client_secret: secret,
    first_name: 'X',
    last_name: 'Y',
    receipt_email: 'x@example.cg',
    payment_method_data: { type: 'momo', momo: { country: 'cg', msisdn: number.msisdn, operator_name: 'mtn' } },
  });
/** A heavy creation (6 KB of metadata), so the flood reaches the bound within its ten seconds. */
const heavyIntent = JSON.stringify({
  amount: 5000,
  currency: 'xaf',
  metadata: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`k${i}`, 'v'.repeat(490)])),
});
const session = JSON.stringify({
  total: 20_000,
  currency: 'xaf',
  accountId: 'acct_flood',
  successUrl: 'https://flood.example/ok',
  cancelUrl: 'https://flood.example/ko',
  metadata: { order: 'flood' },
  items: Array.from({ length: 20 }, (_, i) => ({
    productId: `prt_${i}`,
    quantity: 1,
    price: 1000,
    productName: `Article ${i} `.repeat(10),
  })),
});

async function startServer(dataDir: string) {
  const child = spawn(
    process.execPath,
    [`--max-old-space-size=${FLOOD_HEAP_MB}`, '--import', 'tsx', 'bench/flood-serve.ts', dataDir],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout });
  const [url, intentId] = await new Promise<string[]>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the flood server exited (${code}) before it was ready`)));
    lines.on('line', (line) => line.startsWith('READY ') && resolve(line.slice('READY '.length).split(' ')));
  });
  const peakRssMb = async () =>
    Number(/VmHWM:\s+(\d+) kB/.exec(await readFile(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024;
  const stop = () =>
    new Promise<number>((resolve) => {
      lines.on('line', (line) => line.startsWith('HELD ') && resolve(Number(line.slice('HELD '.length))));
      child.kill('SIGTERM');
    });
  return { url: url as string, intentId: intentId as string, peakRssMb, stop };
}

const codes = (result: Result) =>
  Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, Number(count)]));
const bystander = (url: string, intentId: string, seconds: number) =>
  autocannon({ url: `${url}/v1/payment-intents/${intentId}`, connections: 1, duration: seconds });

export async function measureFlood(): Promise<FloodResult> {
  const dataDir = await mkdtemp(join(tmpdir(), 'momo-bench-flood-'));
  const server = await startServer(dataDir);
  try {
    const idle = await bystander(server.url, server.intentId, 3);
    let n = 0;
    const token = () => `Bearer sk_test_flood_${n++ % 1000}`;
    const json = { 'Content-Type': 'application/json' };
    const floodRun = autocannon({
      url: server.url,
      connections: FLOOD_CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          setupRequest: (r) => ({
            ...r,
            path: `/v1/payment-intents/pi_${base62(24)}/confirm`,
            headers: json,
            body: payer(`pi_x_secret_${base62(24)}`),
          }),
        },
        {
          method: 'POST',
          setupRequest: (r) => ({
            ...r,
            path: `/v1/payment-intents/${server.intentId}/confirm`,
            headers: json,
            body: payer(`${server.intentId}_secret_${base62(24)}`),
          }),
        },
        {
          method: 'POST',
          setupRequest: (r) => ({
            ...r,
            path: '/v1/payment-intents',
            headers: { ...json, Authorization: token() },
            body: heavyIntent,
          }),
        },
        {
          method: 'POST',
          setupRequest: (r) => ({
            ...r,
            path: '/v1/sessions',
            headers: { ...json, Authorization: token() },
            body: session,
          }),
        },
      ],
    });
    const [flood, reader] = await Promise.all([floodRun, bystander(server.url, server.intentId, SECONDS)]);
    const peakRssMb = await server.peakRssMb();
    return {
      connections: FLOOD_CONNECTIONS,
      seconds: SECONDS,
      flood: { requestsPerSecond: round(flood.requests.average), statusCodes: codes(flood), errors: flood.errors },
      bystanderIdle: { p50Ms: round(idle.latency.p50, 1), p99Ms: round(idle.latency.p99, 1) },
      bystanderUnderFlood: {
        p50Ms: round(reader.latency.p50, 1),
        p99Ms: round(reader.latency.p99, 1),
        requests: reader.requests.total ?? 0,
        statusCodes: codes(reader),
      },
      heldBytes: await server.stop(),
      maxBytes: DEFAULT_STATE_LIMITS.maxBytes,
      peakRssMb: round(peakRssMb),
    };
  } catch (error) {
    await server.stop();
    throw error;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
