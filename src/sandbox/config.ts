import type { MerchantRequest } from '../api/types';
import { configuredMerchants } from './merchants';
import type { MerchantRecord, Owner } from './store/records';
import { DEFAULT_STATE_LIMITS, type StateLimits } from './store/usage';
import type { SandboxClock } from './time';

/** At most `max` requests in any `windowMs` (a sliding window). */
export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface SandboxOptions {
  /** Injected clock (ms since epoch). State changes are computed from it whenever a record is read. */
  now?: SandboxClock;
  /** Delay before a pending attempt is approved or declined. Env SANDBOX_APPROVAL_MS, default 4000. */
  approvalMs?: number;
  /** Lifetime of an unanswered approval request. Env SANDBOX_PENDING_TIMEOUT_MS, default 300000. */
  pendingTimeoutMs?: number;
  /** Delay before a remittance or disbursement is executed. Env SANDBOX_EXECUTION_MS, default 5000. */
  executionMs?: number;
  /**
   * Where payers reach the hosted page: the origin of session urls. Never taken from a request (a
   * forged Host would make payment links to another site). Default http://localhost:3000, the
   * address of `npm start`; the server and the sandbox command pass their own.
   */
  checkoutBaseUrl?: string;
  /** Largest accepted request body in bytes; default 16 KiB. */
  maxBodyBytes?: number;
  /** Fault injection for tests: `sandbox.faults` and `/v1/_sandbox/*`. Env SANDBOX_FAULTS=1; default off. */
  faults?: boolean;
  /**
   * Confirms allowed per client and per intent; `false` turns the limit off.
   * Env SANDBOX_CONFIRM_RATE_LIMIT (`10/60000`, or `off`); default 10 per 60 000 ms.
   */
  confirmRateLimit?: RateLimit | false;
  /**
   * List reads (`GET /v1/payment-intents`, `/v1/sessions`, `/v1/remittance`) allowed per merchant
   * token, all lists together; `false` turns the limit off. Env SANDBOX_LIST_RATE_LIMIT
   * (`300/60000`, or `off`); default 300 per 60 000 ms.
   */
  listRateLimit?: RateLimit | false;
  /** Take the client's address from the last X-Forwarded-For entry (behind a proxy you run). Default false. */
  trustProxy?: boolean;
  /**
   * The sandbox's extensions to the interface (`approval_expires_at`, the `payment_method` detail,
   * `Idempotency-Key`, `GET /v1/sessions/{id}`, the `merchant` profile and its calls, a session's
   * `expiresAt`). `false` plays a bare service that has none of them. Env SANDBOX_EXTENSIONS (1
   * or 0); default on.
   */
  extensions?: boolean;
  /**
   * What the sandbox may hold, in bytes of its records: in all, and per merchant token. Past it,
   * creations answer 503 `capacity_exceeded`. Default 64 MiB and 16 MiB.
   */
  limits?: Partial<StateLimits>;
  /** How long a record is kept after its last activity. Default 7 days; at least 2 days. */
  retentionMs?: number;
  /**
   * Where the state is kept across restarts (a directory, created if need be; one process at a
   * time). Default: in memory only, gone with the process. docs/sandbox.md says where `npm start` keeps it.
   */
  dataDir?: string;
  /**
   * Extension: merchant profiles by token (`sk_test_…` → `{ name, logo?, support_email?,
   * support_phone? }`, checked as PUT /v1/_sandbox/merchant checks them; a bad one throws a
   * RangeError). A profile set by that call replaces the option's for its token.
   */
  merchants?: Readonly<Record<string, MerchantRequest>>;
  /**
   * Extension (signed events): the retry schedule of deliveries to merchants' endpoints —
   * `standard` (Standard Webhooks': at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h) or `fast`
   * (at once, 100 ms, 200 ms, 400 ms … 6.4 s: for tests and CI). Env SANDBOX_WEBHOOK_RETRY; default standard.
   */
  webhookRetry?: WebhookRetry;
  /** How long a delivery waits for its answer. Env SANDBOX_WEBHOOK_TIMEOUT_MS; default 15000. */
  webhookTimeoutMs?: number;
  /** How often what is still moving is looked at for events. Env SANDBOX_EVENT_TICK_MS; default 1000. */
  eventTickMs?: number;
  /** Environment to read the defaults from; default process.env. */
  env?: Readonly<Record<string, string | undefined>>;
}

export interface SandboxConfig {
  now: SandboxClock;
  approvalMs: number;
  pendingTimeoutMs: number;
  executionMs: number;
  checkoutBaseUrl: string;
  maxBodyBytes: number;
  faults: boolean;
  confirmRateLimit: RateLimit | null;
  listRateLimit: RateLimit | null;
  trustProxy: boolean;
  extensions: boolean;
  limits: StateLimits;
  retentionMs: number;
  dataDir: string | null;
  /** The `merchants` option, checked, by owner. */
  merchants: ReadonlyMap<Owner, MerchantRecord>;
  webhookRetry: WebhookRetry;
  webhookTimeoutMs: number;
  eventTickMs: number;
}

export type WebhookRetry = 'standard' | 'fast';

function retrySchedule(option: WebhookRetry | undefined, envValue: string | undefined): WebhookRetry {
  const value = option ?? ((envValue ?? '').trim().toLowerCase() || 'standard');
  if (value !== 'standard' && value !== 'fast')
    throw new RangeError('Sandbox option webhookRetry (SANDBOX_WEBHOOK_RETRY) must be standard or fast.');
  return value;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_RETENTION_MS = 7 * DAY_MS;
/** Longer than a session (a day) and its last approval window, whatever the timings. */
const MIN_RETENTION_MS = 2 * DAY_MS;

function limits(option: Partial<StateLimits> | undefined): StateLimits {
  const merged = { ...DEFAULT_STATE_LIMITS, ...option };
  for (const [name, value] of Object.entries(merged)) {
    if (!Number.isSafeInteger(value) || value < 1024)
      throw new RangeError(`Sandbox option limits.${name} must be a whole number of bytes, at least 1024.`);
  }
  if (merged.maxBytesPerToken > merged.maxBytes)
    throw new RangeError('Sandbox option limits.maxBytesPerToken must not exceed limits.maxBytes.');
  return merged;
}

export const DEFAULT_CONFIRM_RATE_LIMIT: Readonly<RateLimit> = { max: 10, windowMs: 60_000 };
/** Five a second on average: a poller and a merchant paging through its records, never a loop. */
export const DEFAULT_LIST_RATE_LIMIT: Readonly<RateLimit> = { max: 300, windowMs: 60_000 };

function duration(name: string, option: number | undefined, envValue: string | undefined, fallback: number): number {
  const value = option ?? (envValue === undefined || envValue.trim() === '' ? fallback : Number(envValue));
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`Sandbox option ${name} must be a non-negative integer number of milliseconds.`);
  }
  return value;
}

const DEFAULT_CHECKOUT_BASE_URL = 'http://localhost:3000';

function baseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new RangeError(
      `Sandbox option checkoutBaseUrl must be an absolute http: or https: address, not ${JSON.stringify(value)}.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RangeError('Sandbox option checkoutBaseUrl must be an http: or https: address.');
  }
  return value.replace(/\/+$/, '');
}

function flag(name: string, option: boolean | undefined, envValue: string | undefined, fallback = false): boolean {
  if (option !== undefined) return option;
  const text = (envValue ?? '').trim().toLowerCase();
  if (text === '') return fallback;
  if (text === '0' || text === 'false') return false;
  if (text === '1' || text === 'true') return true;
  throw new RangeError(`Sandbox option ${name} must be 1 or 0 (true or false) in the environment.`);
}

function rateLimit(
  name: 'confirmRateLimit' | 'listRateLimit',
  option: RateLimit | false | undefined,
  envValue: string | undefined,
  fallback: Readonly<RateLimit>,
): RateLimit | null {
  const envName = name === 'confirmRateLimit' ? 'SANDBOX_CONFIRM_RATE_LIMIT' : 'SANDBOX_LIST_RATE_LIMIT';
  if (option === false) return null;
  let limit = option;
  if (limit === undefined) {
    const text = (envValue ?? '').trim().toLowerCase();
    if (text === 'off' || text === '0') return null;
    const match = /^(\d+)\/(\d+)$/.exec(text);
    if (text !== '' && !match)
      throw new RangeError(`${envName} must be <max>/<windowMs> (e.g. ${fallback.max}/${fallback.windowMs}) or off.`);
    limit = match ? { max: Number(match[1]), windowMs: Number(match[2]) } : fallback;
  }
  const { max, windowMs } = limit;
  if (!Number.isSafeInteger(max) || max < 1 || !Number.isSafeInteger(windowMs) || windowMs < 1) {
    throw new RangeError(`Sandbox option ${name} needs a positive integer max and windowMs.`);
  }
  return { max, windowMs };
}

function retention(option: number | undefined, pendingTimeoutMs: number): number {
  const value = duration('retentionMs', option, undefined, DEFAULT_RETENTION_MS);
  if (value < MIN_RETENTION_MS + pendingTimeoutMs)
    throw new RangeError('Sandbox option retentionMs must be at least two days longer than pendingTimeoutMs.');
  return value;
}

export function resolveConfig(options: SandboxOptions = {}): SandboxConfig {
  const env = options.env ?? process.env;
  const approvalMs = duration('approvalMs', options.approvalMs, env.SANDBOX_APPROVAL_MS, 4000);
  const pendingTimeoutMs = duration(
    'pendingTimeoutMs',
    options.pendingTimeoutMs,
    env.SANDBOX_PENDING_TIMEOUT_MS,
    300_000,
  );
  if (pendingTimeoutMs <= approvalMs) {
    throw new RangeError('Sandbox option pendingTimeoutMs must be longer than approvalMs.');
  }
  return {
    now: options.now ?? Date.now,
    approvalMs,
    pendingTimeoutMs,
    executionMs: duration('executionMs', options.executionMs, env.SANDBOX_EXECUTION_MS, 5000),
    checkoutBaseUrl: baseUrl(options.checkoutBaseUrl ?? DEFAULT_CHECKOUT_BASE_URL),
    maxBodyBytes: duration('maxBodyBytes', options.maxBodyBytes, undefined, 16 * 1024),
    faults: flag('faults', options.faults, env.SANDBOX_FAULTS),
    confirmRateLimit: rateLimit(
      'confirmRateLimit',
      options.confirmRateLimit,
      env.SANDBOX_CONFIRM_RATE_LIMIT,
      DEFAULT_CONFIRM_RATE_LIMIT,
    ),
    listRateLimit: rateLimit(
      'listRateLimit',
      options.listRateLimit,
      env.SANDBOX_LIST_RATE_LIMIT,
      DEFAULT_LIST_RATE_LIMIT,
    ),
    trustProxy: options.trustProxy ?? false,
    extensions: flag('extensions', options.extensions, env.SANDBOX_EXTENSIONS, true),
    limits: limits(options.limits),
    retentionMs: retention(options.retentionMs, pendingTimeoutMs),
    dataDir: options.dataDir ?? null,
    merchants: configuredMerchants(options.merchants),
    webhookRetry: retrySchedule(options.webhookRetry, env.SANDBOX_WEBHOOK_RETRY),
    webhookTimeoutMs: Math.max(
      1,
      duration('webhookTimeoutMs', options.webhookTimeoutMs, env.SANDBOX_WEBHOOK_TIMEOUT_MS, 15_000),
    ),
    eventTickMs: Math.max(1, duration('eventTickMs', options.eventTickMs, env.SANDBOX_EVENT_TICK_MS, 1000)),
  };
}
