import { useEffect, useState } from 'preact/hooks';

/**
 * Milliseconds left until `deadline` by the model's clock, refreshed every second while shown. Read
 * at each render, not remembered from the first: a deadline learnt later (an intent read after the
 * confirm) shows its true time left at once, never a stale "5:00" for a second.
 */
export function useCountdown(deadline: number, clock: () => number): number {
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, deadline - clock());
}
