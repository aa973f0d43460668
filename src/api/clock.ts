// Time as the API client and the checkout see it. One clock, passed in the client's configuration,
// so a request's time limit, a retry's pause and the checkout's polling can never disagree — and
// tests move all of them together on a fake clock.

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

/** Resolves after `ms` on `clock`, or at once when `signal` aborts (check `signal.aborted` after). */
export function pause(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    // `signal && …` rather than `signal?.…`: cheaper once lowered to the engine floor.
    if (signal && signal.aborted) return resolve();
    const done = () => {
      clock.clearTimeout(timer);
      if (signal) signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = clock.setTimeout(done, ms);
    if (signal) signal.addEventListener('abort', done, { once: true });
  });
}
