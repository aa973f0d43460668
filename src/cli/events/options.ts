// What the event commands of `momo-checkout-sandbox` (listen, trigger, replay: issue 32) share:
// where the service is and with which key, how they write, wait and stop — given, not global, so
// each command runs in a test against a stub of the contract as it runs in a terminal.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ApiError, type ClientConfig, createClient, isApiError } from '../../api';

export interface CommandIo {
  /** One line of the command's output (stdout): what a script reads. */
  out(line: string): void;
  /** One line for the person watching (stderr). */
  err(line: string): void;
  env: Readonly<Record<string, string | undefined>>;
  /** How the service is reached (default the global fetch). */
  fetch?: ClientConfig['fetch'];
  /** Aborted on SIGINT or SIGTERM: a command that runs until then stops cleanly. */
  stop: AbortSignal;
  /** Time between two looks at the service, in ms (default 1000). */
  pollMs?: number;
}

/** A command line the command cannot run: its message is shown with the usage (exit 2). */
export class UsageError extends Error {
  override name = 'UsageError';
}

export const DEFAULT_API = 'http://127.0.0.1:12111';
export const DEFAULT_KEY = 'sk_test_cli';

const COMMON = {
  api: { type: 'string' },
  key: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

/** Reads `args` with the command's own options and the common ones; throws a UsageError. */
export function readArgs<O extends NonNullable<ParseArgsConfig['options']>>(args: readonly string[], options: O) {
  try {
    return parseArgs({ args: [...args], options: { ...COMMON, ...options }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The client of `--api` (else MOMO_API_BASE, else the sandbox's default address) with `--key` (else
 * MOMO_SECRET_KEY, else sk_test_cli). Events belong to a key: give the one your server uses.
 */
export function clientOf(values: { api?: unknown; key?: unknown }, io: CommandIo) {
  const baseUrl = (typeof values.api === 'string' ? values.api : io.env.MOMO_API_BASE) || DEFAULT_API;
  const token = (typeof values.key === 'string' ? values.key : io.env.MOMO_SECRET_KEY) || DEFAULT_KEY;
  if (!/^sk_test_\S+$/.test(token))
    throw new UsageError('the event commands take a test key (sk_test_…): they make payments and endpoints.');
  try {
    return { client: createClient({ baseUrl, token, ...(io.fetch ? { fetch: io.fetch } : {}) }), baseUrl };
  } catch (error) {
    throw new UsageError(`--api: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Waits `ms`, or less when `signal` is aborted. */
export const pauseUntilStopped = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/** A service without the extension answers 404 to every webhook and event route. */
export const isAbsent = (error: unknown): boolean => isApiError(error) && error.status === 404;

export const NO_EVENTS =
  'this service has no webhook endpoints or events (an extension: momo-checkout-sandbox has them).';

/** What went wrong with the service, in a line. */
export const serviceFailure = (error: unknown): string =>
  error instanceof ApiError
    ? error.status === undefined
      ? error.message
      : `the service answered ${error.status}${error.code ? ` ${error.code}` : ''}: ${error.message}`
    : error instanceof Error
      ? error.message
      : String(error);
