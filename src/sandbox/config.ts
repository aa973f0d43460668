import type { Clock } from './time';

export interface SandboxOptions {
  /** Injected clock (ms since epoch). State changes are computed from it whenever a record is read. */
  now?: Clock;
  /** Delay before a pending attempt is approved or declined. Env SANDBOX_APPROVAL_MS, default 4000. */
  approvalMs?: number;
  /** Lifetime of an unanswered approval request. Env SANDBOX_PENDING_TIMEOUT_MS, default 300000. */
  pendingTimeoutMs?: number;
  /** Delay before a remittance or disbursement is executed. Env SANDBOX_EXECUTION_MS, default 5000. */
  executionMs?: number;
  /** Origin of the hosted page used in session urls; default: the origin of the incoming request. */
  checkoutBaseUrl?: string;
  /** Largest accepted request body in bytes; default 16 KiB. */
  maxBodyBytes?: number;
  /** Environment to read the defaults from; default process.env. */
  env?: Readonly<Record<string, string | undefined>>;
}

export interface SandboxConfig {
  now: Clock;
  approvalMs: number;
  pendingTimeoutMs: number;
  executionMs: number;
  checkoutBaseUrl: string | null;
  maxBodyBytes: number;
}

function duration(name: string, option: number | undefined, envValue: string | undefined, fallback: number): number {
  const value = option ?? (envValue === undefined || envValue.trim() === '' ? fallback : Number(envValue));
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`Sandbox option ${name} must be a non-negative integer number of milliseconds.`);
  }
  return value;
}

function baseUrl(value: string | undefined): string | null {
  if (value === undefined) return null;
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RangeError('Sandbox option checkoutBaseUrl must be an http: or https: address.');
  }
  return value.replace(/\/+$/, '');
}

export function resolveConfig(options: SandboxOptions = {}): SandboxConfig {
  const env = options.env ?? process.env;
  const approvalMs = duration('approvalMs', options.approvalMs, env.SANDBOX_APPROVAL_MS, 4000);
  const pendingTimeoutMs = duration('pendingTimeoutMs', options.pendingTimeoutMs, env.SANDBOX_PENDING_TIMEOUT_MS, 300_000);
  if (pendingTimeoutMs <= approvalMs) {
    throw new RangeError('Sandbox option pendingTimeoutMs must be longer than approvalMs.');
  }
  return {
    now: options.now ?? Date.now,
    approvalMs,
    pendingTimeoutMs,
    executionMs: duration('executionMs', options.executionMs, env.SANDBOX_EXECUTION_MS, 5000),
    checkoutBaseUrl: baseUrl(options.checkoutBaseUrl),
    maxBodyBytes: duration('maxBodyBytes', options.maxBodyBytes, undefined, 16 * 1024),
  };
}
