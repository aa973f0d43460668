// The lists' load (issue 28, item 3), shared by test/sandbox/lists.load.test.ts and bench/lists.ts:
// a sandbox holding one key's 30 000 intents in its own process (./lists-serve.ts), that key's list
// loops in another (./list-loops.ts), and an unrelated payer's reads and confirms timed from this
// one. Bounded: each loop stops after 4 000 lists or at the end of the window, whichever first.
//
// The loops' process runs at the lowest priority (nice 19): on an idle machine (CI) it takes a core
// and sends as fast as answers come, as the loops did; on a machine shared with other work
// it yields to that work, rather than the sandbox and the payer, so what is measured stays the
// sandbox, not the scheduler. How many lists were served says how hard the loops pushed.
import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { setPriority } from 'node:os';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from '../../../src/server/paths';
import { TEST_NUMBERS } from '../../../src/phone';

export const BIG_TOKEN = 'sk_test_thirty_thousand';
export const PAYER_TOKEN = 'sk_test_unrelated_shop';
export const LOOPS = 32;
const WINDOW_MS = 8000;
const MAX_LISTS_PER_LOOP = 4000;
const READ_EVERY_MS = 20;
const CONFIRM_EVERY_MS = 250;

/** The payer's number: approved at once (the confirm writes its attempt and answers). */
const approved = TEST_NUMBERS.find(
  (n) => n.outcome === 'approved_at_once' && n.country === 'cg',
) as (typeof TEST_NUMBERS)[number];

const percentile = (values: readonly number[], p: number): number => {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};
const round = (ms: number) => Math.round(ms * 10) / 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Served {
  url: string;
  loadMs: number;
  payer: { intent_id: string; client_secret: string }[];
  child: ChildProcess;
}

/** Starts test/sandbox/support/lists-serve.ts and waits for its READY line. */
export async function startListsServer(
  dataDir: string,
  intents: number,
  payerIntents: number,
  limit: 'on' | 'off',
  nodeArgs: string[] = [],
  /** The checkout whose sandbox is started (another one: bench/lists.ts's `--root`, for a before). */
  root = REPO_ROOT,
) {
  const child = spawn(
    process.execPath,
    [
      ...nodeArgs,
      '--import',
      'tsx',
      'test/sandbox/support/lists-serve.ts',
      dataDir,
      String(intents),
      String(payerIntents),
      limit,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise<Served>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the lists' sandbox exited (${code}) before it was ready`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^READY (\S+) (\d+) (.*)$/.exec(line);
      if (match)
        resolve({ url: match[1] as string, loadMs: Number(match[2]), payer: JSON.parse(match[3] as string), child });
    });
  });
}

export const stopListsServer = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

export interface ListsLoadFigures {
  loops: number;
  windowMs: number;
  lists: { served: number; statusCodes: Record<string, number>; p50Ms: number; p99Ms: number };
  idleRead: { p50Ms: number; p99Ms: number };
  read: { count: number; p50Ms: number; p99Ms: number; maxMs: number; statusCodes: Record<string, number> };
  confirm: { count: number; p50Ms: number; maxMs: number; statusCodes: Record<string, number>; refusals: string[] };
}

/** One request over `agent`; the answer's status, and its body when asked for (else it is drained). */
export function send(
  agent: Agent,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; keepBody?: boolean } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { agent, method: init.method ?? 'GET', headers: init.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        if (init.keepBody) chunks.push(chunk);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(init.body);
  });
}

/**
 * `loops` loops of `GET /v1/payment-intents?perPage=100` with the big key, each on its own
 * keep-alive connection, as fast as answers come, for `windowMs` (4 000 lists each at most): what
 * ./list-loops.ts runs. How many were served, their statuses, and their times.
 */
export async function runListLoops(url: string, loops: number, windowMs: number): Promise<ListsLoadFigures['lists']> {
  const agent = new Agent({ keepAlive: true, maxSockets: loops });
  const deadline = performance.now() + windowMs;
  const codes: Record<string, number> = {};
  const times: number[] = [];
  const loop = async () => {
    for (let n = 0; n < MAX_LISTS_PER_LOOP && performance.now() < deadline; n += 1) {
      const started = performance.now();
      const { status } = await send(agent, `${url}/v1/payment-intents?perPage=100`, {
        headers: { Authorization: `Bearer ${BIG_TOKEN}` },
      });
      times.push(performance.now() - started);
      codes[status] = (codes[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: loops }, loop));
  agent.destroy();
  return {
    served: times.length,
    statusCodes: codes,
    p50Ms: round(percentile(times, 50)),
    p99Ms: round(percentile(times, 99)),
  };
}

/**
 * The payer's reads (every 20 ms, without a token, as its page reads) and confirms (a fresh intent
 * every 250 ms), first alone, then under `loops` list loops of the big key (./list-loops.ts, at
 * nice 19), each on its own keep-alive connection. Bounded: each loop stops after 4 000 lists or
 * at the end of the window.
 */
export async function measureListsLoad(served: Served, loops = LOOPS, windowMs = WINDOW_MS): Promise<ListsLoadFigures> {
  const { url, payer } = served;
  const [readTarget, ...toConfirm] = payer;
  if (!readTarget) throw new Error('no payer intent');
  const payerAgent = new Agent({ keepAlive: true, maxSockets: 2 });
  const count = (codes: Record<string, number>, status: number) => {
    codes[status] = (codes[status] ?? 0) + 1;
  };
  const read = async (codes: Record<string, number>) => {
    const started = performance.now();
    const { status } = await send(payerAgent, `${url}/v1/payment-intents/${readTarget.intent_id}`);
    count(codes, status);
    return performance.now() - started;
  };

  // The payer's reads with the sandbox idle, for comparison.
  const idle: number[] = [];
  for (let i = 0; i < 50; i += 1) idle.push(await read({}));

  const loopsChild = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/sandbox/support/list-loops.ts', url, String(loops), String(windowMs)],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    setPriority(loopsChild.pid as number, 19);
  } catch {
    // Not allowed here: the loops run at the usual priority.
  }
  const output = createInterface({ input: loopsChild.stdout });
  const started = new Promise<void>((resolve) => output.on('line', (line) => line === 'STARTED' && resolve()));
  const listed = new Promise<ListsLoadFigures['lists']>((resolve, reject) => {
    output.on('line', (line) => line.startsWith('RESULT ') && resolve(JSON.parse(line.slice('RESULT '.length))));
    loopsChild.once('exit', (code) => reject(new Error(`the list loops exited (${code}) without a result`)));
  });
  await started;
  const deadline = performance.now() + windowMs;
  let listing = true;
  void listed.finally(() => {
    listing = false;
  });

  // The payer starts once the loops are under way.
  await sleep(300);
  const reads: number[] = [];
  const readCodes: Record<string, number> = {};
  const reader = (async () => {
    while (listing && performance.now() < deadline - 100) {
      reads.push(await read(readCodes));
      await sleep(READ_EVERY_MS);
    }
  })();
  const confirms: number[] = [];
  const confirmCodes: Record<string, number> = {};
  const refusals: string[] = [];
  const confirmer = (async () => {
    for (const intent of toConfirm) {
      if (!listing || performance.now() > deadline - 300) break;
      const started = performance.now();
      const { status, body } = await send(payerAgent, `${url}/v1/payment-intents/${intent.intent_id}/confirm`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        keepBody: true,
        body: JSON.stringify({
          client_secret: intent.client_secret,
          first_name: 'Mireille',
          last_name: 'Nganga',
          receipt_email: 'mireille@example.cg',
          payment_method_data: {
            type: 'momo',
            momo: { country: approved.country, msisdn: approved.msisdn, operator_name: approved.operator },
          },
        }),
      });
      confirms.push(performance.now() - started);
      count(confirmCodes, status);
      if (status !== 200) refusals.push(body.slice(0, 300));
      await sleep(CONFIRM_EVERY_MS);
    }
  })();
  const [lists] = await Promise.all([listed, reader, confirmer]);
  payerAgent.destroy();
  return {
    loops,
    windowMs,
    lists,
    idleRead: { p50Ms: round(percentile(idle, 50)), p99Ms: round(percentile(idle, 99)) },
    read: {
      count: reads.length,
      p50Ms: round(percentile(reads, 50)),
      p99Ms: round(percentile(reads, 99)),
      maxMs: round(Math.max(...reads)),
      statusCodes: readCodes,
    },
    confirm: {
      count: confirms.length,
      p50Ms: round(percentile(confirms, 50)),
      maxMs: round(Math.max(...confirms)),
      statusCodes: confirmCodes,
      refusals: refusals.slice(0, 2),
    },
  };
}
