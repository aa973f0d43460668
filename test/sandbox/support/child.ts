// Starts test/sandbox/support/persistent-server.ts in a child process and waits for its address.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from '../../../src/server/paths';

export interface Child {
  url: string;
  process: ChildProcess;
  /** What it wrote to stderr. */
  errors: string[];
  /** Resolves with the exit code (or the signal's name) once it is gone. */
  exited: Promise<number | string>;
}

/** `fileSizeKb`: the largest file it may write (ulimit -f), to make its disk "full". */
export async function startChild(dataDir: string, fileSizeKb?: number): Promise<Child> {
  const command = `${fileSizeKb === undefined ? '' : `ulimit -f ${fileSizeKb}; `}exec "$0" --import tsx test/sandbox/support/persistent-server.ts "$1"`;
  const child = spawn('bash', ['-c', command, process.execPath, dataDir], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const errors: string[] = [];
  createInterface({ input: child.stderr }).on('line', (line) => errors.push(line));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const url = await new Promise<string>((resolve, reject) => {
    void exited.then((code) =>
      reject(new Error(`the sandbox exited (${code}) before it was ready: ${errors.join('\n')}`)),
    );
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('READY ')) resolve(line.slice('READY '.length));
    });
  });
  return { url, process: child, errors, exited };
}

/** A request to the child; `token` null for a payer's. */
export function send(
  child: Child,
  path: string,
  body?: unknown,
  token: string | null = 'sk_test_persist',
  headers: Record<string, string> = {},
): Promise<Response> {
  const all: Record<string, string> = { ...headers };
  if (token !== null) all.Authorization = `Bearer ${token}`;
  if (body !== undefined) all['Content-Type'] = 'application/json';
  return fetch(`${child.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: all,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
