// Lists take turns (issue 28): each list page is built in a turn of its own, one per pass of the
// event loop, the keys waiting served round-robin. Between two turns the event loop reads what has
// arrived, so a payer's read or confirm waits behind one page at most, never behind every list
// that a key's loops have in flight; and a key's many lists wait behind one another, not in front
// of another key's. Nothing is refused here (the rate limit does that: ./rate-limit.ts).
import { createMiddleware } from 'hono/factory';
import type { SandboxEnv } from './env';
import type { Owner } from './store/records';

export class ListTurns {
  /** Keys waiting, in the order they are served, each with its lists' wake-ups in arrival order. */
  private readonly waiting = new Map<Owner, (() => void)[]>();
  private busy = false;

  /** How many lists are waiting for their turn. */
  get size(): number {
    let size = 0;
    for (const queue of this.waiting.values()) size += queue.length;
    return size;
  }

  /** Resolves when it is this list's turn; `done` must be called once its page is built. */
  take(owner: Owner): Promise<void> {
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const queue = this.waiting.get(owner);
      if (queue) queue.push(resolve);
      else this.waiting.set(owner, [resolve]);
    });
  }

  /**
   * Ends a turn: the next key's oldest list goes on the event loop's next pass, after what has
   * arrived; with none waiting, the next list to come goes at once (no timer: fake ones stop nothing).
   */
  done(): void {
    if (this.waiting.size === 0) {
      this.busy = false;
      return;
    }
    setImmediate(() => {
      const next = this.waiting.entries().next();
      if (next.done) {
        this.busy = false;
        return;
      }
      const [owner, queue] = next.value;
      const wake = queue.shift() as () => void;
      // The key goes to the back of the round.
      this.waiting.delete(owner);
      if (queue.length > 0) this.waiting.set(owner, queue);
      wake();
    });
  }
}

/** Runs the rest of a list route (after `requireMerchant`) in its key's turn. */
export const inTurn = (turns: ListTurns) =>
  createMiddleware<SandboxEnv>(async (c, next) => {
    await turns.take(c.get('owner'));
    try {
      await next();
    } finally {
      turns.done();
    }
  });
