// The sandbox under load: 50 concurrent clients for 10 s (autocannon) on the intent read and on
// confirm, against the server in a child process. Confirms go to a fresh intent each while fresh
// ones last (each a valid confirm that starts an attempt: 200); past that they wrap around onto
// intents already awaiting approval (409 payment_in_progress). Reads go over the confirmed
// intents, as polling pages read them. Status codes are reported as they came.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon, { type Result } from 'autocannon';
import { TEST_NUMBERS } from '../src/phone';
import { REPO_ROOT } from '../src/server/paths';
import { round } from './stats';

export interface LoadFigures {
  endpoint: string;
  connections: number;
  seconds: number;
  /** As autocannon timed it (connections included). */
  elapsedS: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  statusCodes: Record<string, number>;
  errors: number;
}

export interface SandboxLoadResult {
  intents: number;
  read: LoadFigures;
  confirm: LoadFigures;
}

const CONNECTIONS = 50;
const SECONDS = 10;
/** More than 10 s of confirms at the rate this sandbox reaches on a 2-core machine. */
const INTENTS = 40_000;

async function startChild(distDir: string, intentsFile: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/serve.ts', distDir, intentsFile, String(INTENTS)], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before it was ready`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('READY ')) resolve(line.slice('READY '.length));
    });
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) {
        resolve();
        return;
      }
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, stop };
}

function figures(endpoint: string, result: Result): LoadFigures {
  return {
    endpoint,
    connections: CONNECTIONS,
    seconds: SECONDS,
    elapsedS: round(result.duration, 2),
    requestsPerSecond: round(result.requests.average),
    latencyP50Ms: round(result.latency.p50, 1),
    latencyP99Ms: round(result.latency.p99, 1),
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, Number(count)]),
    ),
    errors: result.errors,
  };
}

export async function measureSandboxLoad(distDir: string): Promise<SandboxLoadResult> {
  const scratch = await mkdtemp(join(tmpdir(), 'momo-bench-load-'));
  const intentsFile = join(scratch, 'intents.json');
  const child = await startChild(distDir, intentsFile);
  try {
    const intents = JSON.parse(await readFile(intentsFile, 'utf8')) as { id: string; secret: string }[];
    const phone = TEST_NUMBERS.find(
      (n) => n.country === 'cg' && n.operator === 'mtn' && n.outcome === 'approved_after_delay',
    )!;
    let nextConfirm = 0;
    const confirm = await autocannon({
      url: child.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          setupRequest(request) {
            const intent = intents[nextConfirm++ % intents.length]!;
            return {
              ...request,
              path: `/v1/payment-intents/${intent.id}/confirm`,
              headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `bench-${nextConfirm}` },
              body: JSON.stringify({
                client_secret: intent.secret,
                first_name: 'Élodie',
                last_name: 'Mbemba',
                receipt_email: 'elodie@example.cg',
                payment_method_data: {
                  type: 'momo',
                  momo: { country: 'cg', msisdn: phone.msisdn, operator_name: 'mtn' },
                },
              }),
            };
          },
        },
      ],
    });
    const confirmed = Math.min(nextConfirm, intents.length);
    let nextRead = 0;
    const read = await autocannon({
      url: child.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({
            ...request,
            path: `/v1/payment-intents/${intents[nextRead++ % confirmed]!.id}`,
          }),
        },
      ],
    });
    return {
      intents: intents.length,
      read: figures('GET /v1/payment-intents/{id}', read),
      confirm: figures('POST /v1/payment-intents/{id}/confirm', confirm),
    };
  } finally {
    await child.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}
