// Counters for tests: how many records exist, and what each intent's confirms were answered, as
// the sandbox decided them (before any injected fault garbles the answer on its way out).
import type { MiddlewareHandler } from 'hono';
import type { SandboxEnv } from './hono-env';
import type { IntentRecord } from './store/records';
import type { Store } from './store/store';

export interface ConfirmCounts {
  /** 2xx answers that started an attempt: at most one per charge of the intent. */
  accepted: number;
  /** 2xx answers replayed for a repeated Idempotency-Key (no new attempt). */
  replayed: number;
  /** 4xx and 5xx answers, except 429. */
  refused: number;
  /** 429 `rate_limited` answers. */
  rateLimited: number;
}

export interface SandboxStats {
  intents: number;
  sessions: number;
  remittances: number;
  disbursements: number;
  /** What the records weigh, in bytes of the journal's lines, against the bound (docs/sandbox.md). */
  bytes: number;
  /** Per intent id, for intents that exist. */
  confirms: Record<string, ConfirmCounts>;
}

export class Stats {
  /** Forgotten with the intent they count. */
  private readonly confirms = new WeakMap<IntentRecord, ConfirmCounts>();

  recordConfirm(intent: IntentRecord, response: Response): void {
    const counts = this.confirms.get(intent) ?? { accepted: 0, replayed: 0, refused: 0, rateLimited: 0 };
    if (response.status === 429) counts.rateLimited += 1;
    else if (response.status >= 300) counts.refused += 1;
    else if (response.headers.get('idempotent-replayed') === 'true') counts.replayed += 1;
    else counts.accepted += 1;
    this.confirms.set(intent, counts);
  }

  snapshot(store: Store): SandboxStats {
    const confirms: Record<string, ConfirmCounts> = {};
    for (const intent of store.allIntents()) {
      const counts = this.confirms.get(intent);
      if (counts) confirms[intent.intentId] = { ...counts };
    }
    return { ...store.counts(), bytes: store.usage.total, confirms };
  }
}

/** Route middleware of confirm, outside the rate limit so that 429s are counted too. */
export function countConfirms({ store, stats }: { store: Store; stats: Stats }): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    await next();
    const intent = store.intent(c.req.param('id') ?? '');
    if (intent) stats.recordConfirm(intent, c.res);
  };
}
