// One fake clock for the sandbox, the API client and the checkout: tests move time forward and
// every timer due runs in order, with the promises it starts settled before the next one.
import type { Clock } from '../../src/api/clock';

export const START = Date.UTC(2026, 10, 2, 9, 0, 0);

export function createFakeTime(start = START) {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  /** Work outside the clock that a settled moment waits for (answers under way); see the bed. */
  let waitFor: () => Promise<void> = async () => {};

  const turns = async () => {
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  };
  const settle = async () => {
    await turns();
    await waitFor();
    await turns();
  };

  const clock: Clock = {
    now: () => now,
    setTimeout(run, ms) {
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, ms), run });
      return id;
    },
    clearTimeout(id) {
      timers.delete(id as number);
    },
  };

  return {
    clock,
    now: () => now,
    settle,
    /** Makes every settle also wait for `work` (e.g. requests whose answers are on their way). */
    alsoWaitFor(work: () => Promise<void>) {
      waitFor = work;
    },
    pending: () => timers.size,
    /** Moves the clock without running timers: a moment between two scheduled checks. */
    skip(ms: number) {
      now += ms;
    },
    /** Moves time forward by `ms`, running every timer that falls due on the way. */
    async advance(ms: number) {
      const target = now + ms;
      await settle();
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        const [id, timer] = due;
        timers.delete(id);
        now = Math.max(now, timer.at);
        timer.run();
        await settle();
      }
      now = target;
      await settle();
    },
  };
}
