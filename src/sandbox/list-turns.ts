// Lists take turns (issue 28): each list page is built in a turn of its own, one per pass of the
// event loop, the keys waiting served round-robin. Between two turns the event loop reads what has
// arrived, so a payer's read or confirm waits behind one page at most, never behind every list
// that a key's loops have in flight; and a key's many lists wait behind one another, not in front
// of another key's. While lists keep coming, they get at most half of the process's time: after
// every 2 ms of pages, as long a pause. A process never busy all the time is woken at once by a
// payer's request, even on a machine whose cores are shared (the scheduler favours a process that
// sleeps over one that never does). Nothing is refused here (the rate limit does that).
import { createMiddleware } from 'hono/factory';
import type { SandboxEnv } from './hono-env';
import type { Owner } from './store/records';

/** Time spent building pages, while others wait, after which the lists pause as long. */
const PAUSE_AFTER_MS = 2;

export class ListTurns {
  /** Keys waiting, in the order they are served, each with its lists' wake-ups in arrival order. */
  private readonly waiting = new Map<Owner, (() => void)[]>();
  private busy = false;
  /** When the turn under way began. */
  private startedAt = 0;
  /** Time spent in turns since the last pause (or since the lists were last idle). */
  private spent = 0;

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
      this.startedAt = performance.now();
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
   * arrived, or after a pause as long as the pages built since the last one once they reach 2 ms;
   * with none waiting, the next list to come goes at once (no timer: fake ones stop nothing).
   */
  done(): void {
    this.spent += performance.now() - this.startedAt;
    if (this.waiting.size === 0) {
      this.busy = false;
      this.spent = 0;
      return;
    }
    const handOver = () => {
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
      this.startedAt = performance.now();
      wake();
    };
    if (this.spent < PAUSE_AFTER_MS) {
      setImmediate(handOver);
      return;
    }
    const pause = this.spent;
    this.spent = 0;
    setTimeout(handOver, pause);
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
